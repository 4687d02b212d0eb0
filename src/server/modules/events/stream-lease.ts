import { and, count, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { openStreams } from "../../db/schema";
import { AppError } from "../../lib/errors";

// A stream renews its lease on every access check; an instance that died stops renewing.
export const LEASE_SECONDS = 60;

/**
 * Takes one of the user's open-stream places, or refuses when all are taken. The per-user
 * advisory lock keeps two tabs opening at once from both taking the last place.
 */
export async function openStreamLease(db: Db, input: { userId: string; orgId: string; max: number }): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`open-streams:${input.userId}`}))`);
    const mine = eq(openStreams.userId, input.userId);
    await tx.delete(openStreams).where(and(mine, lt(openStreams.seenAt, sql`now() - make_interval(secs => ${LEASE_SECONDS})`)));
    const [open] = await tx.select({ n: count() }).from(openStreams).where(mine);
    if ((open?.n ?? 0) >= input.max) {
      // A place frees when a tab closes, or when a dead instance's lease runs out.
      throw new AppError("rate_limited", `You have ${input.max} live connections open already. Close another tab or window and try again.`, undefined, 30);
    }
    const [row] = await tx.insert(openStreams).values({ userId: input.userId, orgId: input.orgId }).returning({ id: openStreams.id });
    return row!.id;
  });
}

export async function renewStreamLease(db: Db, id: string): Promise<void> {
  await db.update(openStreams).set({ seenAt: sql`now()` }).where(eq(openStreams.id, id));
}

export async function closeStreamLease(db: Db, id: string): Promise<void> {
  await db.delete(openStreams).where(eq(openStreams.id, id));
}
