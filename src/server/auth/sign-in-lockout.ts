import { and, desc, eq, gt, lt } from "drizzle-orm";
import { SIGN_IN_LOCKOUT } from "@/shared/constants";
import type { Db } from "../db/client";
import { signInFailures } from "../db/schema";
import { normaliseEmail } from "./hook-fields";
import { minutesText } from "./retry-later";

const { maxFailures, windowSeconds, lockSeconds } = SIGN_IN_LOCKOUT;

/** The key the lockout counts under: any address, known or not, so a lock reveals nothing. */
export const lockoutKey = normaliseEmail;

/**
 * Seconds until the account may sign in again, or 0. Failures are not recorded while locked, so
 * the newest `maxFailures` rows are the ones that caused a lock, and it ends `lockSeconds` after
 * the last of them.
 */
export async function lockedForSeconds(db: Db, email: string, now = Date.now()): Promise<number> {
  const since = new Date(now - (windowSeconds + lockSeconds) * 1000);
  const rows = await db
    .select({ at: signInFailures.createdAt })
    .from(signInFailures)
    .where(and(eq(signInFailures.email, lockoutKey(email)), gt(signInFailures.createdAt, since)))
    .orderBy(desc(signInFailures.createdAt))
    .limit(maxFailures);
  if (rows.length < maxFailures) return 0;
  const newest = rows[0]!.at.getTime();
  const oldest = rows[rows.length - 1]!.at.getTime();
  if (newest - oldest > windowSeconds * 1000) return 0;
  return Math.max(0, Math.ceil((newest + lockSeconds * 1000 - now) / 1000));
}

/** Records one failure; true when it is the one that locks the account. */
export async function recordSignInFailure(db: Db, email: string, ip: string | null): Promise<boolean> {
  await db.insert(signInFailures).values({ email: lockoutKey(email), ip });
  // Rows for addresses nobody tries again would pile up; an occasional sweep keeps the table small.
  if (Math.random() < 0.02) await db.delete(signInFailures).where(lt(signInFailures.createdAt, new Date(Date.now() - 24 * 3600 * 1000)));
  return (await lockedForSeconds(db, email)) > 0;
}

/** A successful sign-in or password reset starts the count again. */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, lockoutKey(email)));
}

export function lockedMessage(seconds: number): string {
  return `Too many failed sign-in attempts for this account. Try again in ${minutesText(seconds)} or reset your password.`;
}
