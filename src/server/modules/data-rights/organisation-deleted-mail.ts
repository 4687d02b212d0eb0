import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { memberships, user } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import type { Mailer } from "../../mail/mailer";
import { mailText } from "../../mail/mail-text";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Who is told that an organisation went: its members but the one who deleted it, read before it goes. */
export type DeletedOrganisation = { orgName: string; members: { email: string; locale: string | null }[] };
export type DeletionMailDeps = { mailer: Mailer; appName: string; appUrl: string; logger: Logger };

export async function membersToTell(tx: Tx, orgId: string, orgName: string, exceptUserId: string): Promise<DeletedOrganisation> {
  const members = await tx
    .select({ email: user.email, locale: user.locale })
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(and(eq(memberships.orgId, orgId), ne(memberships.userId, exceptUserId)));
  return { orgName, members };
}

/**
 * After the commit, each member hears that the organisation went and why, in their language; a
 * mail that fails is logged and does not undo the deletion.
 */
export async function mailDeletedOrganisations(deps: DeletionMailDeps, deleted: DeletedOrganisation[], reason: "owner" | "erasure"): Promise<void> {
  for (const { orgName, members } of deleted) {
    for (const member of members) {
      const vars = { appName: deps.appName, appUrl: deps.appUrl, orgName };
      try {
        await deps.mailer.send({ to: member.email, subject: mailText(member.locale, "organisationDeleted.subject", vars), text: mailText(member.locale, `organisationDeleted.text.${reason}`, vars) });
      } catch (error) {
        deps.logger.warn("organisation deleted mail not sent", { error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
}
