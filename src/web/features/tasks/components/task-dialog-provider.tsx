import type { ReactNode } from "react";
import { TaskDialogContext } from "./task-dialog-context";

export function TaskDialogProvider({ children }: { children: ReactNode }) {
  return <TaskDialogContext.Provider value={{ openTaskDialog: () => undefined }}>{children}</TaskDialogContext.Provider>;
}
