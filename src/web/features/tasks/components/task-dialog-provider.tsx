import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import type { Task } from "@/shared/work";
import { TaskDialogContext, type TaskDefaults } from "./task-dialog-context";
import { LiveAnnouncer } from "./live-announcer";
import { hasDraft } from "@/web/lib/drafts";
import { taskDraftKey } from "./task-draft-key";
import { whenScreenSettled } from "@/web/lib/screen-settled";

// The form, its validation (zod) and the dialog load once the first screen has settled, not before
// it: no /app screen waits for them, and they are here before anyone could open the dialog (offline too).
const loadTaskDialog = () => import("./task-dialog");
const TaskDialog = lazy(() => loadTaskDialog().then((m) => ({ default: m.TaskDialog })));

type DialogState = { open: boolean; task: Task | null; defaults: TaskDefaults; session: number };

/** Holds the layout's one task dialog, so any screen or the command palette can open it. */
export function TaskDialogProvider({ children }: { children: ReactNode }) {
  // A new task was being written when the session ended: it opens again, as it was, after sign-in.
  const [state, setState] = useState<DialogState>(() => ({ open: hasDraft(taskDraftKey(null)), task: null, defaults: {}, session: 0 }));
  // A new session per opening gives the form fresh fields, even for the same task.
  const openTaskDialog = useCallback(
    (task?: Task, defaults: TaskDefaults = {}) => setState((s) => ({ open: true, task: task ?? null, defaults, session: s.session + 1 })),
    [],
  );
  const value = useMemo(() => ({ openTaskDialog }), [openTaskDialog]);
  useEffect(() => whenScreenSettled(() => void loadTaskDialog().catch(() => undefined)), []);
  return (
    <TaskDialogContext.Provider value={value}>
      {children}
      <LiveAnnouncer />
      {state.session > 0 || state.open ? (
        <Suspense fallback={null}>
          <TaskDialog key={state.session} open={state.open} task={state.task} defaults={state.defaults} onOpenChange={(open) => setState((s) => ({ ...s, open }))} />
        </Suspense>
      ) : null}
    </TaskDialogContext.Provider>
  );
}
