import { eq, sql } from "drizzle-orm";
import type { DeleteOrganisationInput } from "@/shared/data-rights";
import type { Db } from "../../db/client";
import { organisations } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { AppError } from "../../lib/errors";
import type { Ctx } from "../organisations/org-scope";
import { scrubOrganisationReferences } from "./scrub-user-references";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Deletes an organisation and everything in it (foreign keys cascade; tables without one are
 * walked). Its audit log goes with it; one entry outside any organisation keeps that it was
 * deleted, by whom, and when. The caller holds the organisation's row lock.
 */
export async function deleteOrganisationRows(tx: Tx, orgId: string, actorUserId: string): Promise<void> {
  // Tasks first: their count triggers write per-organisation rows that the cascade would race.
  await tx.execute(sql`delete from "tasks" where "org_id" = ${orgId}`);
  await tx.execute(sql`delete from "projects" where "org_id" = ${orgId}`);
  await tx.delete(organisations).where(eq(organisations.id, orgId));
  await scrubOrganisationReferences(tx, orgId);
  await recordAudit(tx, { orgId: null, actorUserId, action: "organisation.delete", targetType: "organisation", targetId: orgId });
}

/** An owner deletes the organisation, typing its name to confirm (checked here, not only in the browser). */
export async function deleteOrganisation({ db, scope }: Ctx, input: DeleteOrganisationInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [org] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, scope.orgId)).for("update");
    if (!org) throw new AppError("not_found", "Organisation not found");
    if (input.confirmName.trim() !== org.name.trim()) throw new AppError("bad_request", "The name does not match", { confirmName: "Type the organisation's name exactly to confirm" });
    await deleteOrganisationRows(tx, scope.orgId, scope.userId);
  });
}
