import { z } from "zod";

/** The events that can mail a user; each is on until the user turns it off. */
export const notificationEvents = ["job_failed", "scan_critical", "invitation_accepted", "task_assigned", "task_mentioned", "task_commented", "task_due_soon"] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

export const notificationPreferences = z.object({
  job_failed: z.boolean("Choose on or off"),
  scan_critical: z.boolean("Choose on or off"),
  invitation_accepted: z.boolean("Choose on or off"),
  // Task notifications always reach the inbox; these say which of them also mail (see task email settings).
  task_assigned: z.boolean("Choose on or off"),
  task_mentioned: z.boolean("Choose on or off"),
  task_commented: z.boolean("Choose on or off"),
  task_due_soon: z.boolean("Choose on or off"),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;
/** PUT: any subset; events left out keep their setting. */
export const updateNotificationPreferencesInput = notificationPreferences.partial().strict();
export type UpdateNotificationPreferencesInput = z.infer<typeof updateNotificationPreferencesInput>;
export const notificationPreferencesResponse = z.object({ preferences: notificationPreferences });
