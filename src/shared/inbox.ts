import { z } from "zod";
import { emailModes, notificationKinds } from "./work-values";

// The in-app inbox (bell) and how task notifications reach a user by mail.

export const inboxItem = z.object({
  id: z.uuid(),
  kind: z.enum(notificationKinds),
  task_id: z.uuid().nullable(),
  task_title: z.string().nullable(),
  comment_id: z.uuid().nullable(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
  read: z.boolean(),
});
export type InboxItem = z.infer<typeof inboxItem>;
export const inboxPage = z.object({ notifications: z.array(inboxItem), unread: z.number(), next_cursor: z.string().nullable() });
export type InboxPage = z.infer<typeof inboxPage>;
export const inboxQuery = z.object({ cursor: z.string().max(200).optional(), limit: z.coerce.number().int().min(1).max(100).default(30) });
export const unreadCount = z.object({ unread: z.number() });
/** Mark some read (ids), or all of them (all: true). */
export const markReadInput = z.union([z.object({ ids: z.array(z.uuid()).min(1).max(200) }), z.object({ all: z.literal(true) })]);
export type MarkReadInput = z.infer<typeof markReadInput>;

export const taskEmailSettings = z.object({
  email_mode: z.enum(emailModes, "Choose instant, daily or off"),
  digest_hour: z.number("Choose an hour").int().min(0, "Choose an hour from 0 to 23").max(23, "Choose an hour from 0 to 23"),
  time_zone: z.string().max(64),
});
export type TaskEmailSettings = z.infer<typeof taskEmailSettings>;
export const updateTaskEmailSettingsInput = taskEmailSettings.partial().strict();
export const taskEmailSettingsResponse = z.object({ settings: taskEmailSettings });
/** RFC 8058's one-click body, or the confirm page's form: either way the token is the proof. */
export const unsubscribeQuery = z.object({ token: z.string().min(10).max(300) });
