import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inboundImapState } from "../../db/schema";

const ROW = "imap";

/**
 * Takes or renews the poller's lease in one statement: it is ours when the row is new, already ours,
 * or its holder let it lapse (a crashed instance). Several instances ticking at once: one wins.
 */
export async function takeImapLease(db: Db, holder: string, now: Date, leaseMs: number): Promise<boolean> {
  const until = new Date(now.getTime() + leaseMs);
  const rows = await db
    .insert(inboundImapState)
    .values({ id: ROW, holder, leaseUntil: until })
    .onConflictDoUpdate({
      target: inboundImapState.id,
      set: { holder, leaseUntil: until },
      setWhere: sql`${inboundImapState.holder} = ${holder} or ${inboundImapState.leaseUntil} < ${now.toISOString()}::timestamptz`,
    })
    .returning({ id: inboundImapState.id });
  return rows.length > 0;
}

export async function releaseImapLease(db: Db, holder: string): Promise<void> {
  await db.update(inboundImapState).set({ leaseUntil: new Date(0) }).where(and(eq(inboundImapState.id, ROW), eq(inboundImapState.holder, holder)));
}

export type ImapProblem = "imap_login_failed" | "imap_unreachable";

/** A poll's outcome for the card: a problem, or null once a poll got through. */
export async function recordImapPoll(db: Db, holder: string, now: Date, problem: ImapProblem | null): Promise<void> {
  await db
    .update(inboundImapState)
    .set(problem ? { lastError: problem, lastErrorAt: now } : { lastPollAt: now, lastError: null, lastErrorAt: null })
    .where(and(eq(inboundImapState.id, ROW), eq(inboundImapState.holder, holder)));
}

export async function countUnknownRecipient(db: Db): Promise<void> {
  await db.update(inboundImapState).set({ unknownRecipients: sql`${inboundImapState.unknownRecipients} + 1` }).where(eq(inboundImapState.id, ROW));
}

export async function readImapProblem(db: Db): Promise<ImapProblem | null> {
  const [row] = await db.select({ lastError: inboundImapState.lastError }).from(inboundImapState).where(eq(inboundImapState.id, ROW));
  return row?.lastError === "imap_login_failed" || row?.lastError === "imap_unreachable" ? row.lastError : null;
}
