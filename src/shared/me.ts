import { z } from "zod";

/** GET /api/v1/me: who the caller is, and whether they operate this platform (docs/permissions.md). */
export const meResponse = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  /** One of the platform's operators: they alone see the server's configuration, diagnostics and smoke checks. */
  operator: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponse>;
