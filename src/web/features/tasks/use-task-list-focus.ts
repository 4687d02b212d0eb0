import { useCallback, useLayoutEffect, useRef, type FocusEvent } from "react";

// Lists whose focused row went away while a dialog held the focus: they land it when the dialog closes.
const pending = new Set<() => void>();

/**
 * For the task dialog's close: when a list lost the row it would return focus to, that list
 * takes the focus instead. Returns whether one did, so the dialog skips its own return.
 */
export function landPendingFocus(): boolean {
  const landers = [...pending];
  pending.clear();
  for (const land of landers) land();
  return landers.length > 0;
}

const isFocusLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
};

const isInDialog = (el: Element) => Boolean(el.closest('[role="dialog"], [role="alertdialog"]'));

/**
 * Keeps the keyboard user's place when a task leaves a list (ticked out of Overdue, deleted):
 * the focus goes to the next row's check button, else the previous one's, else the list's tab
 * panel (or the list itself). Rows carry `data-task-id`; `ids` is undefined while loading.
 */
export function useTaskListFocus(ids: readonly string[] | undefined) {
  const rootRef = useRef<HTMLDivElement>(null);
  const previous = useRef<readonly string[]>([]);
  // The row that held the focus last, kept while the focus is in a dialog opened from it.
  const lastFocused = useRef<string | null>(null);

  const onFocus = useCallback((e: FocusEvent<HTMLDivElement>) => {
    pending.clear();
    lastFocused.current = e.target.closest("[data-task-id]")?.getAttribute("data-task-id") ?? null;
  }, []);
  const onBlur = useCallback((e: FocusEvent<HTMLDivElement>) => {
    const to = e.relatedTarget;
    // Focus removed with its row has no target; focus gone into a dialog may come back.
    if (to && !rootRef.current?.contains(to) && !isInDialog(to)) lastFocused.current = null;
  }, []);

  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = ids ?? [];
    const gone = lastFocused.current;
    if (!ids || !gone || ids.includes(gone)) return;
    const index = before.indexOf(gone);
    if (index < 0) return;
    lastFocused.current = null;
    const land = () => {
      const root = rootRef.current;
      if (!root?.isConnected) return;
      const now = previous.current;
      const next = before.slice(index + 1).find((id) => now.includes(id)) ?? before.slice(0, index).findLast((id) => now.includes(id));
      const checkbox = next ? root.querySelector<HTMLElement>(`[data-task-id="${CSS.escape(next)}"] [role="checkbox"]`) : null;
      const target = checkbox ?? root.closest<HTMLElement>('[role="tabpanel"]') ?? root;
      target.focus();
    };
    if (isFocusLost()) land();
    else if (isInDialog(document.activeElement!)) pending.add(land);
  }, [ids]);

  return { ref: rootRef, onFocus, onBlur, tabIndex: -1 } as const;
}
