import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { AuditPage, auditListQuery } from "@/shared/connections";
import { auditLog, user } from "../../db/schema";
import { createdAtText, createdBeyond, createdPage, decodeCreatedCursor } from "../../lib/created-cursor";
import type { Ctx } from "../organisations/org-scope";
import { requireOwner } from "../organisations/require-membership";

/** Newest first; owners only, since the log shows what every member did. */
export async function listAudit({ db, scope }: Ctx, query: z.infer<typeof auditListQuery>): Promise<AuditPage> {
  await requireOwner(db, scope.userId, scope.orgId);
  const after = query.cursor ? decodeCreatedCursor(query.cursor) : undefined;
  const rows = await db
    .select({ entry: auditLog, actorName: user.name, at: createdAtText(auditLog.createdAt) })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.actorUserId))
    .where(and(eq(auditLog.orgId, scope.orgId), after ? createdBeyond(auditLog.createdAt, auditLog.id, after, "desc") : undefined))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = createdPage(rows, query.limit, (r) => ({ at: r.at, id: r.entry.id }));
  return {
    entries: page.map(({ entry, actorName }) => ({
      id: entry.id,
      actor_user_id: entry.actorUserId,
      actor_name: actorName,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      details: entry.details,
      created_at: entry.createdAt.toISOString(),
    })),
    next_cursor,
  };
}
