import { z } from "zod";

/** GDPR exports and erasure: one schema per payload, used by the server and the browser. */
export const EXPORT_SCOPES = ["user", "org"] as const;
export const EXPORT_STATUSES = ["queued", "running", "done", "failed"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const dataExport = z.object({
  id: z.uuid(),
  scope: z.enum(EXPORT_SCOPES),
  org_id: z.uuid().nullable(),
  status: z.enum(EXPORT_STATUSES),
  progress: z.number().int().min(0).max(100),
  file_size: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type DataExport = z.infer<typeof dataExport>;
export const dataExportResponse = z.object({ export: dataExport });
export const dataExportList = z.object({ exports: z.array(dataExport) });

/** How large an export would be now: rows, bytes of JSON and CSV before compression, and the cap on the zip. */
export const exportEstimate = z.object({ rows: z.number().int().min(0), bytes: z.number().int().min(0), max_bytes: z.number().int().min(0) });
export type ExportEstimate = z.infer<typeof exportEstimate>;
export const exportEstimateResponse = z.object({ estimate: exportEstimate });

export const exportParams = z.object({ exportId: z.uuid("Export id is not valid") });

/** Organisations that go with the account: those where the user is the only owner. */
export const erasureOrganisation = z.object({ id: z.uuid(), name: z.string(), members: z.number().int() });
export type ErasureOrganisation = z.infer<typeof erasureOrganisation>;
export const erasurePreview = z.object({ organisations: z.array(erasureOrganisation) });
export type ErasurePreview = z.infer<typeof erasurePreview>;

export const deleteAccountInput = z.object({
  password: z.string().min(1, "Enter your current password").max(1024),
  /** The ids the user saw and confirmed; the request fails (409) if the list changed meanwhile. */
  confirmed_org_ids: z.array(z.uuid()).max(1000),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

export const deleteOrganisationInput = z.object({ confirmName: z.string().min(1, "Type the organisation's name to confirm").max(200) });
export type DeleteOrganisationInput = z.infer<typeof deleteOrganisationInput>;
