import { randomUUID } from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import type { InboundOutcome } from "@/shared/inbound-mail";
import type { Db } from "../../db/client";
import { inboundMails, memberships, projectMailAddresses, tasks, user } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { publishChange } from "../../lib/events";
import type { Queue } from "../../lib/queue";
import { createComment } from "../comments/write-comments";
import { assertProjectsEditable } from "../projects/project-limits";
import { recordTaskChange } from "../tasks/task-audit";
import { rankAtEnd } from "../tasks/task-rank";
import { confirmationOf, isGmailForwardingConfirmation } from "./gmail-confirmation";
import { replyMacValid, type InboundTarget } from "./inbound-address";
import { cleanText, oneLineTitle, replyPart, senderAllowed } from "./mail-text";

export type ReceiveDeps = { db: Db; queue: Queue; secret: string; now: () => Date; perHour: number };

/** What the receiver learned from one mail: plain text only (mailparser's text part, or its text of the HTML). */
export type ReceivedMail = { messageId: string; from: string; subject: string; text: string; sizeBytes: number };

/** accepted: 250 (also for a duplicate); otherwise the SMTP code and the words the sender's server reports. */
export type Verdict = { accepted: true; outcome: InboundOutcome; taskId?: string } | { accepted: false; outcome: InboundOutcome | null; code: number; message: string };

const refused = (code: number, message: string, outcome: InboundOutcome | null = null): Verdict => ({ accepted: false, outcome, code, message });

/** A refusal is kept (the card's last error) under its own id, so the same mail may be accepted later. */
async function recordRefusal(db: Db, row: { orgId: string; projectId: string | null; outcome: InboundOutcome; mail: ReceivedMail; detail: string }) {
  await db.insert(inboundMails).values({ orgId: row.orgId, projectId: row.projectId, messageId: `${row.mail.messageId}#${row.outcome}-${randomUUID()}`, kind: "refused", outcome: row.outcome, sender: row.mail.from, subject: oneLineTitle(row.mail.subject), sizeBytes: row.mail.sizeBytes, detail: row.detail });
}

/** The member of `orgId` whose address sent the mail, if any (addresses compare case-insensitively). */
async function memberBySender(db: Db, orgId: string, from: string): Promise<string | null> {
  const [found] = await db
    .select({ id: user.id })
    .from(user)
    .innerJoin(memberships, and(eq(memberships.userId, user.id), eq(memberships.orgId, orgId)))
    .where(sql`lower(${user.email}) = ${from.toLowerCase()}`)
    .limit(1);
  return found?.id ?? null;
}

/** Only for RCPT TO: does this recipient name something that exists? (No detail to the sender.) */
export async function recipientExists(db: Db, target: InboundTarget): Promise<boolean> {
  if (target.kind === "project") return (await db.select({ id: projectMailAddresses.projectId }).from(projectMailAddresses).where(eq(projectMailAddresses.token, target.token)).limit(1)).length > 0;
  return (await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, target.taskId)).limit(1)).length > 0;
}

/**
 * A mail the IMAP poller skipped for its size (SMTP refuses it before anything is known): kept as the
 * card's last error of the organisation the address belongs to, if it names one.
 */
export async function recordTooLarge(db: Db, target: InboundTarget, mail: ReceivedMail): Promise<boolean> {
  const owner =
    target.kind === "project"
      ? (await db.select({ orgId: projectMailAddresses.orgId, projectId: projectMailAddresses.projectId }).from(projectMailAddresses).where(eq(projectMailAddresses.token, target.token)))[0]
      : (await db.select({ orgId: tasks.orgId, projectId: tasks.projectId }).from(tasks).where(eq(tasks.id, target.taskId)))[0];
  if (!owner) return false;
  await recordRefusal(db, { ...owner, outcome: "too_large", mail, detail: "larger than INBOUND_MAIL_MAX_BYTES; skipped" });
  return true;
}

export async function receiveMail(deps: ReceiveDeps, target: InboundTarget, mail: ReceivedMail): Promise<Verdict> {
  return target.kind === "project" ? mailToTask(deps, target.token, mail) : replyToComment(deps, target, mail);
}

async function mailToTask(deps: ReceiveDeps, token: string, mail: ReceivedMail): Promise<Verdict> {
  const { db } = deps;
  const [address] = await db.select().from(projectMailAddresses).where(eq(projectMailAddresses.token, token));
  if (!address) return refused(550, "5.1.1 No such mailbox");
  const { orgId, projectId } = address;
  const base = { orgId, projectId, messageId: mail.messageId, sender: mail.from, subject: oneLineTitle(mail.subject), sizeBytes: mail.sizeBytes };

  if (isGmailForwardingConfirmation(mail.from, mail.subject)) {
    const { code, url } = confirmationOf(mail.subject, mail.text);
    await db.insert(inboundMails).values({ ...base, kind: "forwarding_confirmation", outcome: "forwarding_confirmation", confirmationCode: code, confirmationUrl: url }).onConflictDoNothing();
    return { accepted: true, outcome: "forwarding_confirmation" };
  }

  const hourAgo = new Date(deps.now().getTime() - 3_600_000);
  const [recent] = await db.select({ n: sql<number>`count(*)::int` }).from(inboundMails).where(and(eq(inboundMails.orgId, orgId), eq(inboundMails.projectId, projectId), gte(inboundMails.receivedAt, hourAgo)));
  if ((recent?.n ?? 0) >= deps.perHour) return refused(451, "4.7.1 Too many mails to this address; try again later", "rate_limited");

  const authorId = await memberBySender(db, orgId, mail.from);
  if (!authorId && !senderAllowed(mail.from, address.allowedSenders)) {
    await recordRefusal(db, { orgId, projectId, outcome: "refused_sender", mail, detail: "sender not a member and not on the project's allow-list" });
    return refused(550, "5.7.1 Sender not allowed for this address", "refused_sender");
  }

  const title = oneLineTitle(mail.subject) || "(no subject)";
  const description = cleanText(mail.text, 5_000) || null;
  try {
    return await db.transaction(async (tx) => {
      // The row first: a second delivery of the same Message-ID waits here for the first, then finds it.
      const [row] = await tx.insert(inboundMails).values({ ...base, kind: "task", outcome: "task" }).onConflictDoNothing().returning({ id: inboundMails.id });
      if (!row) return { accepted: true, outcome: "duplicate" } as const;
      await assertProjectsEditable(tx, orgId, [projectId], deps.now());
      const [task] = await tx
        .insert(tasks)
        .values({ orgId, projectId, title, description, priority: "medium", status: "todo", authorId, rank: await rankAtEnd(tx, orgId, "todo") })
        .returning({ id: tasks.id });
      const taskId = task!.id;
      await tx.update(inboundMails).set({ taskId }).where(eq(inboundMails.id, row.id));
      await recordTaskChange(tx, { orgId, userId: authorId }, "task.create", taskId, { title, via: "mail" });
      await publishChange(tx, orgId, { entity: "task", id: taskId, action: "created" });
      return { accepted: true, outcome: "task", taskId } as const;
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "plan_limit") {
      await recordRefusal(db, { orgId, projectId, outcome: "project_read_only", mail, detail: "the project is read-only on the organisation's plan" });
      return refused(550, "5.7.1 This project takes no new tasks (plan limit)", "project_read_only");
    }
    throw error;
  }
}

async function replyToComment(deps: ReceiveDeps, target: Extract<InboundTarget, { kind: "reply" }>, mail: ReceivedMail): Promise<Verdict> {
  const { db } = deps;
  const [task] = await db.select({ orgId: tasks.orgId, projectId: tasks.projectId }).from(tasks).where(eq(tasks.id, target.taskId));
  if (!task) return refused(550, "5.1.1 No such mailbox");
  // The author is the member of the task's organisation who sent it, and the token must be theirs.
  const userId = await memberBySender(db, task.orgId, mail.from);
  if (!userId || !replyMacValid(deps.secret, target.taskId, userId, target.mac)) {
    await recordRefusal(db, { orgId: task.orgId, projectId: task.projectId, outcome: "refused_token", mail, detail: "reply address does not belong to the sender" });
    return refused(550, "5.7.1 This reply address is not yours", "refused_token");
  }
  const body = cleanText(replyPart(mail.text), 10_000);
  if (!body) return refused(550, "5.6.0 The reply has no text above the quoted mail");
  const [member] = await db.select({ role: memberships.role }).from(memberships).where(and(eq(memberships.orgId, task.orgId), eq(memberships.userId, userId)));
  const scope = { orgId: task.orgId, userId, role: member!.role, isOwner: false, requiresTwoFactor: false };
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(inboundMails).values({ orgId: task.orgId, projectId: task.projectId, messageId: mail.messageId, kind: "comment", outcome: "comment", sender: mail.from, subject: oneLineTitle(mail.subject), sizeBytes: mail.sizeBytes, taskId: target.taskId }).onConflictDoNothing().returning({ id: inboundMails.id });
    if (!row) return { accepted: true, outcome: "duplicate" } as const;
    await createComment({ db: tx as unknown as Db, scope, now: deps.now, queue: deps.queue }, target.taskId, { body, mentions: [] });
    return { accepted: true, outcome: "comment", taskId: target.taskId } as const;
  });
}
