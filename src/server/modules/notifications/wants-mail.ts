import { and, eq } from "drizzle-orm";
import type { NotificationEvent } from "@/shared/notifications";
import type { Db } from "../../db/client";
import { notificationPreferences } from "../../db/schema";

/** Whether this user wants mail about this event: yes unless they turned it off. */
export async function wantsMail(db: Db, userId: string, event: NotificationEvent): Promise<boolean> {
  const [row] = await db
    .select({ enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.event, event)));
  return row?.enabled ?? true;
}
