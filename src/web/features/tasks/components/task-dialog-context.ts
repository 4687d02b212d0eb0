import { createContext, useContext } from "react";
import type { Task } from "@/shared/work";

/** `defaults.projectId` preselects the project of a new task (a project page passes its own). */
export type TaskDefaults = { projectId?: string };
export type TaskDialogControls = { openTaskDialog: (task?: Task, defaults?: TaskDefaults) => void };

export const TaskDialogContext = createContext<TaskDialogControls | null>(null);

/** Opens the one task dialog the layout holds: empty for a new task, or filled to edit one. */
export function useTaskDialog(): TaskDialogControls {
  const value = useContext(TaskDialogContext);
  if (!value) throw new Error("useTaskDialog must be used inside TaskDialogProvider");
  return value;
}
