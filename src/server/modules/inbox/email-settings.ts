import { eq, sql } from "drizzle-orm";
import type { TaskEmailSettings } from "@/shared/inbox";
import type { EmailMode } from "@/shared/work-values";
import type { Db } from "../../db/client";
import { notificationSettings } from "../../db/schema";
import { ensureKnownTimeZone } from "../../lib/time-zones";

const defaults: TaskEmailSettings = { email_mode: "instant", digest_hour: 8, time_zone: "UTC" };

/**
 * The next digest instant: today's (or tomorrow's) digest hour in the user's zone, worked out by
 * Postgres, which knows the zone's daylight-saving rules.
 */
export const nextDigestSql = (hour: number, tz: string, after: Date) => sql`(
  case when (date_trunc('day', ${after.toISOString()}::timestamptz at time zone ${tz}) + make_interval(hours => ${hour})) at time zone ${tz} > ${after.toISOString()}::timestamptz
       then (date_trunc('day', ${after.toISOString()}::timestamptz at time zone ${tz}) + make_interval(hours => ${hour})) at time zone ${tz}
       else (date_trunc('day', ${after.toISOString()}::timestamptz at time zone ${tz}) + interval '1 day' + make_interval(hours => ${hour})) at time zone ${tz} end)`;

export async function readEmailSettings(db: Pick<Db, "select">, userId: string): Promise<TaskEmailSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row ? { email_mode: row.emailMode as EmailMode, digest_hour: row.digestHour, time_zone: row.timeZone } : defaults;
}

/** Saves any of mode, hour and zone; a daily digest's next instant follows from them. */
export async function updateEmailSettings(db: Db, userId: string, input: Partial<TaskEmailSettings>, now: Date): Promise<TaskEmailSettings> {
  if (input.time_zone) await ensureKnownTimeZone(db, input.time_zone);
  return db.transaction(async (tx) => {
    const next = { ...(await readEmailSettings(tx, userId)), ...input };
    const values = {
      userId,
      emailMode: next.email_mode,
      digestHour: next.digest_hour,
      timeZone: next.time_zone,
      nextDigestAt: next.email_mode === "daily" ? nextDigestSql(next.digest_hour, next.time_zone, now) : null,
      updatedAt: new Date(),
    };
    await tx.insert(notificationSettings).values(values).onConflictDoUpdate({ target: notificationSettings.userId, set: values });
    return next;
  });
}

/** One-click unsubscribe: the user's task mail goes off, nothing else changes. */
export async function turnTaskMailOff(db: Db, userId: string, now: Date): Promise<void> {
  await updateEmailSettings(db, userId, { email_mode: "off" }, now);
}
