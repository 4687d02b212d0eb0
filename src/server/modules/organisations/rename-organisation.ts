import { eq } from "drizzle-orm";
import type { Organisation, RenameOrganisationInput } from "@/shared/organisations";
import type { Db } from "../../db/client";
import { organisations } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { requireOwner } from "./require-membership";
import { toOrganisation } from "./organisation-row";

export async function renameOrganisation(db: Db, ctx: { userId: string; orgId: string }, input: RenameOrganisationInput): Promise<Organisation> {
  const scope = await requireOwner(db, ctx.userId, ctx.orgId);
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, scope.orgId)).for("update");
    const [row] = await tx.update(organisations).set({ name: input.name }).where(eq(organisations.id, scope.orgId)).returning();
    if (before && before.name !== row!.name) {
      await recordAudit(tx, { orgId: scope.orgId, actorUserId: scope.userId, action: "organisation.rename", targetType: "organisation", targetId: scope.orgId, details: { from: before.name, to: row!.name } });
    }
    return toOrganisation(row!);
  });
}
