import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailQueue } from "../db/schema";
import type { Mail } from "./mailer";

export type QueuedMail = typeof mailQueue.$inferSelect;

const later = (ms: number) => sql`now() + (${ms}::float8 * interval '1 millisecond')`;

export async function enqueueMail(db: Db, mail: Mail): Promise<void> {
  await db.insert(mailQueue).values(mail);
}

/**
 * Takes up to `limit` due mails and leases them: attempts goes up and next_attempt_at moves past
 * the longest send, so another instance (SKIP LOCKED) or a later pass leaves them alone, while a
 * sender that dies mid-send hands them back when the lease runs out. No transaction stays open
 * while SMTP talks.
 */
export async function claimDueMail(db: Db, limit: number, leaseMs: number): Promise<QueuedMail[]> {
  const due = db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(and(eq(mailQueue.status, "pending"), lte(mailQueue.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailQueue.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(mailQueue)
    .set({ attempts: sql`${mailQueue.attempts} + 1`, nextAttemptAt: later(leaseMs) })
    .where(inArray(mailQueue.id, due))
    .returning();
}

/** The text holds live links, so a sent mail keeps only its envelope. */
export async function markSent(db: Db, id: string): Promise<void> {
  await db.update(mailQueue).set({ status: "sent", text: "", sentAt: sql`now()`, lastError: null }).where(eq(mailQueue.id, id));
}

export async function markRetry(db: Db, id: string, error: string, delayMs: number): Promise<void> {
  await db.update(mailQueue).set({ lastError: error, nextAttemptAt: later(delayMs) }).where(eq(mailQueue.id, id));
}

export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db.update(mailQueue).set({ status: "failed", lastError: error }).where(eq(mailQueue.id, id));
}
