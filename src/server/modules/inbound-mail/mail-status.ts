import { and, desc, eq, inArray } from "drizzle-orm";
import type { InboundMailStatus, InboundMailSummary, InboundOutcome } from "@/shared/inbound-mail";
import { inboundMails } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";

const GOOD: InboundOutcome[] = ["task", "comment", "forwarding_confirmation"];
const BAD: InboundOutcome[] = ["refused_sender", "refused_token", "rate_limited", "project_read_only"];

type Row = typeof inboundMails.$inferSelect;
const summaryOf = (row: Row | undefined): InboundMailSummary | null =>
  row ? { outcome: row.outcome as InboundOutcome, sender: row.sender, subject: row.subject, task_id: row.taskId, project_id: row.projectId, received_at: row.receivedAt.toISOString() } : null;

/**
 * The Gmail card's honest state: connected only when the receiver is on and a mail has really
 * arrived for this organisation; the last mail, the last refusal, and Gmail's confirmation if any.
 */
export async function inboundMailStatus({ db, scope }: Pick<Ctx, "db" | "scope">, receiver: { on: boolean; domain: string | null }): Promise<InboundMailStatus> {
  const newest = (outcomes: InboundOutcome[]) =>
    db.select().from(inboundMails).where(and(eq(inboundMails.orgId, scope.orgId), inArray(inboundMails.outcome, outcomes))).orderBy(desc(inboundMails.receivedAt)).limit(1);
  const [[lastMail], [lastError], [confirmation]] = await Promise.all([newest(GOOD), newest(BAD), newest(["forwarding_confirmation"])]);
  return {
    receiver_on: receiver.on,
    domain: receiver.domain,
    connected: receiver.on && lastMail !== undefined,
    last_mail: summaryOf(lastMail),
    last_error: summaryOf(lastError),
    forwarding_confirmation: confirmation ? { code: confirmation.confirmationCode, url: confirmation.confirmationUrl, received_at: confirmation.receivedAt.toISOString() } : null,
  };
}
