import type { AuditAction, AuditTarget } from "@/shared/audit";
import { auditLog } from "../db/schema";
import type { Db } from "../db/client";
import { currentRequestIp } from "./request-ip";

export type AuditRecord = {
  /** null for a person's own events (sign-in, password change), which belong to no organisation. */
  orgId: string | null;
  actorUserId: string | null;
  /** The caller's address; an organisation's entry takes the request's when none is given. */
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
  // A person's own entries without an address stay without one (an erasure's row must not name its caller).
  const ip = entry.ip !== undefined ? entry.ip : entry.orgId !== null ? currentRequestIp() : null;
  await tx.insert(auditLog).values({ ...entry, ip, details: entry.details ?? {} });
}
