import type { Task } from "@/shared/work";

/** Where a task form keeps its draft: one per task, one for a new task. */
export const taskDraftKey = (task: Task | null) => `task:${task?.id ?? "new"}`;
