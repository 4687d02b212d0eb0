import { z } from "zod";

const day = z.iso.date("Use a date like 2026-01-31");

/** The audit viewer's filters: who (a user id or an erased user's pseudonym), what (an action or its prefix such as "member."), and a range of UTC days. */
export const auditFilters = z
  .object({
    actor: z.string().trim().min(1).max(200).optional(),
    action: z.string().trim().min(1).max(100).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "The end date is before the start date", path: ["to"] });
export type AuditFilters = z.infer<typeof auditFilters>;

export const auditQuery = z.intersection(auditFilters, z.object({ cursor: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(100).default(50) }));
export type AuditQuery = z.infer<typeof auditQuery>;

/** The CSV export's columns, in order. */
export const AUDIT_CSV_COLUMNS = ["created_at", "actor_user_id", "actor_name", "action", "target_type", "target_id", "ip", "details"] as const;
