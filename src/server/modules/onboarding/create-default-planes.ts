import { eq, sql } from "drizzle-orm";
import type { Plane } from "@/shared/work";
import { planes } from "../../db/schema";
import { publishChange } from "../../lib/events";
import type { Ctx } from "../organisations/org-scope";
import { listPlanes } from "../planes/list-planes";

/** Onboarding's step 1: Personal and a business plane, made once however often it is called. */
export async function createDefaultPlanes(ctx: Ctx, businessName: string): Promise<{ planes: Plane[]; created: boolean }> {
  const { db, scope } = ctx;
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"default-planes:" + scope.orgId}))`);
    const existing = await tx.select({ id: planes.id }).from(planes).where(eq(planes.orgId, scope.orgId)).limit(1);
    if (existing.length > 0) return false;
    // Distinct times, because now() is the transaction's start and the list orders by creation.
    const at = Date.now();
    const rows = await tx
      .insert(planes)
      .values([
        { orgId: scope.orgId, name: "Personal", key: "PERS", type: "personal", createdAt: new Date(at) },
        { orgId: scope.orgId, name: businessName, key: "BIZ", type: "business", createdAt: new Date(at + 1) },
      ])
      .returning({ id: planes.id });
    for (const row of rows) await publishChange(tx, scope.orgId, { entity: "plane", id: row.id, action: "created" });
    return true;
  });
  // What onboarding shows: an organisation at that step has a handful of planes, so one page.
  return { planes: (await listPlanes(ctx, { limit: 100 })).planes, created };
}
