import { and, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { DataExport } from "@/shared/data-rights";
import type { Db } from "../../db/client";
import { dataExports } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import type { Queue } from "../../lib/queue";
import { EXPORT_QUEUE, EXPORT_STALE_MS, EXPORT_TTL_MS, exportJson, exportStatusColumns } from "./export-row";

export type StartExportDeps = { db: Db; queue: Queue; now: () => Date };
export type ExportRequest = { userId: string; scope: "user" } | { userId: string; scope: "org"; orgId: string };

/**
 * Queues an export, or answers the one of this user and scope already under way. A per-(user,
 * scope, organisation) advisory lock makes two requests at once see each other, so only one runs.
 * The job is stored in the same transaction as the row. The caller checked the right to ask.
 */
export async function startExport({ db, queue, now }: StartExportDeps, request: ExportRequest): Promise<DataExport> {
  const orgId = request.scope === "org" ? request.orgId : null;
  const at = now();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`whq-export:${request.userId}:${request.scope}:${orgId ?? "-"}`}, 0))`);
    // Finished exports are kept for a day only; clean the caller's old ones on the way.
    await tx.delete(dataExports).where(and(eq(dataExports.userId, request.userId), lt(dataExports.expiresAt, at)));
    const [running] = await tx
      .select(exportStatusColumns)
      .from(dataExports)
      .where(
        and(
          eq(dataExports.userId, request.userId),
          eq(dataExports.scope, request.scope),
          orgId ? eq(dataExports.orgId, orgId) : isNull(dataExports.orgId),
          inArray(dataExports.status, ["queued", "running"]),
          gt(dataExports.createdAt, new Date(at.getTime() - EXPORT_STALE_MS)),
        ),
      )
      .orderBy(desc(dataExports.createdAt))
      .limit(1);
    if (running) return exportJson(running);
    const [row] = await tx
      .insert(dataExports)
      .values({ userId: request.userId, scope: request.scope, orgId, createdAt: at, expiresAt: new Date(at.getTime() + EXPORT_TTL_MS) })
      .returning(exportStatusColumns);
    await queue.send(EXPORT_QUEUE, { export_id: row!.id }, { tx, key: orgId ?? request.userId });
    // Who took a copy of the organisation's data, and when: an owner asks that first after a leak.
    if (orgId) await recordAudit(tx, { orgId, actorUserId: request.userId, action: "organisation.export", targetType: "organisation", targetId: orgId, details: { export_id: row!.id } });
    return exportJson(row!);
  });
}
