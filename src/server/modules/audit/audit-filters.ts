import { and, eq, gte, like, lt, or, type SQL } from "drizzle-orm";
import type { AuditFilters } from "@/shared/audit";
import { auditLog } from "../../db/schema";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** The organisation's entries matching the viewer's filters; an action ending in "." matches every action it starts. */
export function auditWhere(orgId: string, f: AuditFilters): SQL | undefined {
  return and(
    eq(auditLog.orgId, orgId),
    f.actor ? eq(auditLog.actorUserId, f.actor) : undefined,
    f.action ? (f.action.endsWith(".") ? like(auditLog.action, `${escapeLike(f.action)}%`) : or(eq(auditLog.action, f.action), like(auditLog.action, `${escapeLike(f.action)}.%`))) : undefined,
    f.from ? gte(auditLog.createdAt, new Date(`${f.from}T00:00:00Z`)) : undefined,
    f.to ? lt(auditLog.createdAt, nextDay(f.to)) : undefined,
  );
}
