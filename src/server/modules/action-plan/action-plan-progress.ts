import { eq, sql } from "drizzle-orm";
import type { ActionPlanProgress, SetActionPlanItemInput } from "@/shared/action-plan";
import { actionPlanProgress } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import type { Ctx } from "../organisations/org-scope";

const toProgress = (row: { items: Record<string, boolean>; updatedAt: Date } | undefined): ActionPlanProgress => ({
  items: row?.items ?? {},
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

export async function getActionPlan({ db, scope }: Ctx): Promise<ActionPlanProgress> {
  const [row] = await db.select().from(actionPlanProgress).where(eq(actionPlanProgress.orgId, scope.orgId));
  return toProgress(row);
}

/**
 * Ticks or unticks one task. The row is changed key by key in one statement (insert, or jsonb
 * set/remove on conflict), so two people ticking different tasks at once both land.
 */
export async function setActionPlanItem({ db, scope, now }: Ctx, { key, done }: SetActionPlanItemInput): Promise<ActionPlanProgress> {
  const at = now();
  const items = done ? sql`${actionPlanProgress.items} || jsonb_build_object(${key}::text, true)` : sql`${actionPlanProgress.items} - ${key}::text`;
  const [row] = await db
    .insert(actionPlanProgress)
    .values({ orgId: scope.orgId, items: done ? { [key]: true } : {}, updatedAt: at, updatedBy: scope.userId })
    .onConflictDoUpdate({ target: actionPlanProgress.orgId, set: { items, updatedAt: at, updatedBy: scope.userId } })
    .returning();
  return toProgress(row);
}

/** Unticks everything (the spec's Reset, after its confirmation). */
export async function resetActionPlan({ db, scope, now }: Ctx): Promise<ActionPlanProgress> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(actionPlanProgress)
      .values({ orgId: scope.orgId, items: {}, updatedAt: now(), updatedBy: scope.userId })
      .onConflictDoUpdate({ target: actionPlanProgress.orgId, set: { items: {}, updatedAt: now(), updatedBy: scope.userId } })
      .returning();
    await recordAudit(tx, { orgId: scope.orgId, actorUserId: scope.userId, action: "action_plan.reset", targetType: "organisation", targetId: scope.orgId, details: {} });
    return toProgress(row);
  });
}
