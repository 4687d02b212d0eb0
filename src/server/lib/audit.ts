import type { AuditAction, AuditTarget } from "@/shared/audit";
import { auditLog } from "../db/schema";
import type { Db } from "../db/client";

export type AuditRecord = {
  /** null for a person's own events (sign-in, password change), which belong to no organisation. */
  orgId: string | null;
  actorUserId: string | null;
  ip?: string | null;
  /** One of AUDIT_ACTIONS (shared/audit.ts), each said in the reader's language on the audit page. */
  action: AuditAction;
  targetType: AuditTarget;
  targetId: string | null;
  /** What changed, for people reading the log. Never a secret, not even sealed. */
  details?: Record<string, unknown>;
};

/** Called inside the write's transaction, so the row exists exactly when the change does. */
export async function recordAudit(tx: Pick<Db, "insert">, entry: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}
