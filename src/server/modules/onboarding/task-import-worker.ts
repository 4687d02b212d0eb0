import { z } from "zod";
import type { Worker } from "../../lib/queue";
import { runTaskImport, type RunImportDeps } from "./run-task-import";
import { TASK_IMPORT_QUEUE } from "./task-import-row";

const importJob = z.object({ import_id: z.uuid() });

/** Writes large CSV imports in the background (queue 'task-import'); the job carries the import's id only. */
export function taskImportWorker(deps: RunImportDeps): Worker {
  return {
    queue: TASK_IMPORT_QUEUE,
    handle: async (job) => {
      const parsed = importJob.safeParse(job.data);
      if (parsed.success) await runTaskImport(deps, parsed.data.import_id);
    },
  };
}
