import { eq } from "drizzle-orm";
import type { Services } from "../../context";
import type { Db } from "../../db/client";
import { agentJobs, organisations, user } from "../../db/schema";
import { mailSafeText, quotedMailText } from "../../mail/mail-safe-text";
import type { Logger } from "../../lib/logger";
import type { Mailer } from "../../mail/mailer";
import { wantsMail } from "./wants-mail";

export type NotifyDeps = { db: Db; mailer: Pick<Mailer, "send">; appName: string; appUrl: string; logger: Logger };

export const notifyDepsOf = (services: Services): NotifyDeps => ({ db: services.database.db, mailer: services.mailer, appName: services.env.APP_NAME, appUrl: services.env.APP_URL, logger: services.logger });

/**
 * A job ended failed: the user who started it hears of it, unless they turned "job failed" off.
 * Called after the failure is committed; a mail that cannot be queued is logged, never thrown.
 */
export async function mailJobFailed(deps: NotifyDeps, jobId: string): Promise<void> {
  try {
    const [job] = await deps.db
      .select({ createdBy: agentJobs.createdBy, kind: agentJobs.kind, message: agentJobs.message, lastError: agentJobs.lastError, orgName: organisations.name })
      .from(agentJobs)
      .innerJoin(organisations, eq(organisations.id, agentJobs.orgId))
      .where(eq(agentJobs.id, jobId));
    if (!job?.createdBy || !(await wantsMail(deps.db, job.createdBy, "job_failed"))) return;
    const [starter] = await deps.db.select({ email: user.email }).from(user).where(eq(user.id, job.createdBy));
    if (!starter) return;
    // The job's text and the organisation's name are users' words: unlinked and cut (mail-safe-text.ts).
    const summary = mailSafeText(job.message, 200);
    const orgName = quotedMailText(job.orgName, "en");
    await deps.mailer.send({
      to: starter.email,
      subject: `${deps.appName}: an agent job failed in ${orgName}`,
      text: `The agent job you started in ${orgName} failed.\n\nJob: ${summary}\nError: ${job.lastError ?? "no detail"}\n\nSee the jobs at ${deps.appUrl}/app/agents.\n\nTo stop these mails, turn off "Job failed" in ${deps.appUrl}/app/settings?tab=notifications.`,
    });
  } catch (error) {
    deps.logger.warn("job failed mail not sent", { jobId, error: error instanceof Error ? error.message : String(error) });
  }
}
