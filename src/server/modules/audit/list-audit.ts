import { and, desc, eq } from "drizzle-orm";
import type { AuditQuery } from "@/shared/audit";
import type { AuditPage } from "@/shared/connections";
import type { Db } from "../../db/client";
import { auditLog, user } from "../../db/schema";
import { createdAtText, createdBeyond, createdPage, decodeCreatedCursor } from "../../lib/created-cursor";
import type { Ctx } from "../organisations/org-scope";
import { requireOwner } from "../organisations/require-membership";
import { auditWhere } from "./audit-filters";

/** One keyset page of the organisation's entries matching the filters, newest first. */
export async function readAuditPage(db: Db, orgId: string, query: AuditQuery): Promise<AuditPage> {
  const after = query.cursor ? decodeCreatedCursor(query.cursor) : undefined;
  const rows = await db
    .select({ entry: auditLog, actorName: user.name, at: createdAtText(auditLog.createdAt) })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorUserId))
    .where(and(auditWhere(orgId, query), after ? createdBeyond(auditLog.createdAt, auditLog.id, after, "desc") : undefined))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = createdPage(rows, query.limit, (r) => ({ at: r.at, id: r.entry.id }));
  return {
    entries: page.map(({ entry, actorName }) => ({
      id: entry.id,
      actor_user_id: entry.actorUserId,
      actor_name: actorName,
      ip: entry.ip,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      details: entry.details,
      created_at: entry.createdAt.toISOString(),
    })),
    next_cursor,
  };
}

/** Newest first; owners only, since the log shows what every member did. */
export async function listAudit({ db, scope }: Ctx, query: AuditQuery): Promise<AuditPage> {
  await requireOwner(db, scope.userId, scope.orgId);
  return readAuditPage(db, scope.orgId, query);
}
