import { eq } from "drizzle-orm";
import type { Organisation, RenameOrganisationInput } from "@/shared/organisations";
import type { Db } from "../../db/client";
import { organisations } from "../../db/schema";
import { requireOwner } from "./require-membership";
import { toOrganisation } from "./organisation-row";

export async function renameOrganisation(db: Db, ctx: { userId: string; orgId: string }, input: RenameOrganisationInput): Promise<Organisation> {
  const scope = await requireOwner(db, ctx.userId, ctx.orgId);
  const [row] = await db.update(organisations).set({ name: input.name }).where(eq(organisations.id, scope.orgId)).returning();
  return toOrganisation(row!);
}
