import { z } from "zod";

/**
 * A CSV import that runs in the background (more rows than IMPORT_INLINE_ROWS): the answer to the
 * import is 202 with this, and GET …/onboarding/imports/:importId reads it again. Its progress is
 * announced on the organisation's change feed (entity "import").
 */
export const IMPORT_INLINE_ROWS = 1_000;
/** The report keeps this many rows' reasons; `error_count` says how many there were in all. */
export const MAX_REPORTED_IMPORT_ERRORS = 1_000;
/** The largest file the browser reads for an import. */
export const MAX_IMPORT_FILE_BYTES = 12 * 1024 * 1024;

export const taskImportStates = ["queued", "running", "done", "failed"] as const;
export type TaskImportState = (typeof taskImportStates)[number];

export const taskImport = z.object({
  id: z.uuid(),
  status: z.enum(taskImportStates),
  /** Rows in the file. */
  total: z.number().int(),
  /** Rows that passed the checks and are written, or will be. */
  valid: z.number().int(),
  /** Rows written so far: the progress. */
  imported: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
  error_count: z.number().int(),
  /** Why a failed import stopped (the rows written before it stay). */
  failure: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TaskImport = z.infer<typeof taskImport>;
export const taskImportResponse = z.object({ import: taskImport });
export const taskImportParams = z.object({ orgId: z.uuid("Organisation id is not valid"), importId: z.uuid("Import id is not valid") });
