import { eq, sql } from "drizzle-orm";
import { notificationEvents, type NotificationPreferences, type UpdateNotificationPreferencesInput } from "@/shared/notifications";
import type { Db } from "../../db/client";
import { notificationPreferences } from "../../db/schema";

const isEvent = (e: string): e is keyof NotificationPreferences => (notificationEvents as readonly string[]).includes(e);

/** The user's choices, every event present (on unless turned off). */
export async function readNotificationPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const out = Object.fromEntries(notificationEvents.map((e) => [e, true])) as NotificationPreferences;
  for (const row of rows) if (isEvent(row.event)) out[row.event] = row.enabled;
  return out;
}

/** Saves the events given; one upsert per event, so two tabs saving at once each keep their own switch. */
export async function updateNotificationPreferences(db: Db, userId: string, input: UpdateNotificationPreferencesInput): Promise<NotificationPreferences> {
  const values = Object.entries(input)
    .filter((entry): entry is [keyof NotificationPreferences, boolean] => isEvent(entry[0]) && typeof entry[1] === "boolean")
    .map(([event, enabled]) => ({ userId, event, enabled, updatedAt: new Date() }));
  if (values.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(values)
      .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.event], set: { enabled: sql`excluded.enabled`, updatedAt: sql`excluded.updated_at` } });
  }
  return readNotificationPreferences(db, userId);
}
