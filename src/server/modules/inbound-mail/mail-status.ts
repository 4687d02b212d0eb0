import { and, desc, eq, inArray } from "drizzle-orm";
import type { InboundMailStatus, InboundMailSummary, InboundOutcome } from "@/shared/inbound-mail";
import { inboundMails } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";
import { readImapProblem } from "./imap-lease";

const GOOD: InboundOutcome[] = ["task", "comment", "forwarding_confirmation"];
const BAD: InboundOutcome[] = ["refused_sender", "refused_token", "rate_limited", "project_read_only", "too_large"];

type Row = typeof inboundMails.$inferSelect;
const summaryOf = (row: Row | undefined): InboundMailSummary | null =>
  row ? { outcome: row.outcome as InboundOutcome, sender: row.sender, subject: row.subject, task_id: row.taskId, project_id: row.projectId, received_at: row.receivedAt.toISOString() } : null;

/**
 * The Gmail card's honest state: connected only when the receiver is on and a mail has really
 * arrived for this organisation; the last mail, the last refusal, and Gmail's confirmation if any.
 */
export async function inboundMailStatus({ db, scope }: Pick<Ctx, "db" | "scope">, receiver: { receivers: ("smtp" | "imap")[]; domain: string | null }): Promise<InboundMailStatus> {
  const newest = (outcomes: InboundOutcome[]) =>
    db.select().from(inboundMails).where(and(eq(inboundMails.orgId, scope.orgId), inArray(inboundMails.outcome, outcomes))).orderBy(desc(inboundMails.receivedAt)).limit(1);
  const on = receiver.receivers.length > 0;
  const [[lastMail], [lastError], [confirmation], imapProblem] = await Promise.all([newest(GOOD), newest(BAD), newest(["forwarding_confirmation"]), receiver.receivers.includes("imap") ? readImapProblem(db) : null]);
  return {
    receiver_on: on,
    receivers: receiver.receivers,
    receiver_error: imapProblem,
    domain: receiver.domain,
    connected: on && lastMail !== undefined,
    last_mail: summaryOf(lastMail),
    last_error: summaryOf(lastError),
    forwarding_confirmation: confirmation ? { code: confirmation.confirmationCode, url: confirmation.confirmationUrl, received_at: confirmation.receivedAt.toISOString() } : null,
  };
}
