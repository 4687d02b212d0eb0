import { eq, sql } from "drizzle-orm";
import type { DeleteOrganisationInput } from "@/shared/data-rights";
import type { Db } from "../../db/client";
import { organisations } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { AppError } from "../../lib/errors";
import type { Ctx } from "../organisations/org-scope";
import { mailDeletedOrganisations, membersToTell, type DeletedOrganisation, type DeletionMailDeps } from "./organisation-deleted-mail";
import { scrubOrganisationReferences } from "./scrub-user-references";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Deletes an organisation and everything in it (foreign keys cascade; tables without one are
 * walked). Its audit log goes with it; one entry outside any organisation keeps that it was
 * deleted, by whom, and when. The caller holds the organisation's row lock.
 */
export async function deleteOrganisationRows(tx: Tx, orgId: string, actorUserId: string, deletingUserId: string = actorUserId): Promise<DeletedOrganisation> {
  const [org] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, orgId));
  const told = await membersToTell(tx, orgId, org?.name ?? "", deletingUserId);
  // Tasks first: their count triggers write per-organisation rows that the cascade would race.
  await tx.execute(sql`delete from "tasks" where "org_id" = ${orgId}`);
  await tx.execute(sql`delete from "projects" where "org_id" = ${orgId}`);
  await tx.delete(organisations).where(eq(organisations.id, orgId));
  await scrubOrganisationReferences(tx, orgId);
  await recordAudit(tx, { orgId: null, actorUserId, action: "organisation.delete", targetType: "organisation", targetId: orgId });
  return told;
}

/** An owner deletes the organisation, typing its name to confirm (checked here, not only in the browser); its other members get a mail. */
export async function deleteOrganisation({ db, scope }: Ctx, input: DeleteOrganisationInput, mail: DeletionMailDeps): Promise<void> {
  const deleted = await db.transaction(async (tx) => {
    const [org] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, scope.orgId)).for("update");
    if (!org) throw new AppError("not_found", "Organisation not found");
    if (input.confirmName.trim() !== org.name.trim()) throw new AppError("bad_request", "The name does not match", { confirmName: "Type the organisation's name exactly to confirm" });
    return deleteOrganisationRows(tx, scope.orgId, scope.userId);
  });
  await mailDeletedOrganisations(mail, [deleted], "owner");
}
