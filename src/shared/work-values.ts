// The closed sets of planes, projects and tasks, without zod: the /app shell and dashboard read
// them, and zod (26 kB gzip) loads with the forms that validate.
export const planeTypes = ["personal", "work", "business", "other"] as const;
export const projectStatuses = ["active", "paused", "completed", "archived"] as const;
export const isProjectStatus = (s: string): s is (typeof projectStatuses)[number] => (projectStatuses as readonly string[]).includes(s);
export const taskPriorities = ["low", "medium", "high"] as const;
export const taskStatuses = ["todo", "done"] as const;
export const taskViews = ["all", "today", "overdue", "done"] as const;
export type TaskView = (typeof taskViews)[number];
