// The closed sets of planes, projects and tasks, without zod: the /app shell and dashboard read
// them, and zod (26 kB gzip) loads with the forms that validate.
export const planeTypes = ["personal", "work", "business", "other"] as const;
export const projectStatuses = ["active", "paused", "completed", "archived"] as const;
export const isProjectStatus = (s: string): s is (typeof projectStatuses)[number] => (projectStatuses as readonly string[]).includes(s);
export const taskPriorities = ["low", "medium", "high"] as const;
export const taskStatuses = ["todo", "in_progress", "done"] as const;
export type TaskStatus = (typeof taskStatuses)[number];
/** Minutes before the due time a reminder may be set to (the task page offers these). */
export const reminderLeads = [0, 15, 60, 240, 1440, 2880] as const;
export const notificationKinds = ["assigned", "mentioned", "commented", "due_soon"] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export const emailModes = ["instant", "daily", "off"] as const;
export type EmailMode = (typeof emailModes)[number];
export const taskViews = ["all", "today", "overdue", "done"] as const;
export type TaskView = (typeof taskViews)[number];
