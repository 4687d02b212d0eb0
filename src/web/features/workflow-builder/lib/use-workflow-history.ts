import { useCallback, useReducer } from "react";
import type { WorkflowDraft } from "@/shared/workflows";

/**
 * The editor's document with undo and redo. `set` records a step; steps with the same `merge` key
 * in a row (typing into one field) make one step. Opening another workflow starts a new history.
 */
export const HISTORY_LIMIT = 100;

export type History = { past: WorkflowDraft[]; present: WorkflowDraft; future: WorkflowDraft[]; saved: WorkflowDraft; mergeKey?: string | undefined };
type Action =
  | { kind: "set"; draft: WorkflowDraft; merge?: string | undefined }
  | { kind: "undo" }
  | { kind: "redo" }
  | { kind: "open"; draft: WorkflowDraft; saved: boolean }
  | { kind: "saved"; draft: WorkflowDraft };

export function historyReducer(state: History, action: Action): History {
  switch (action.kind) {
    case "set":
      if (action.draft === state.present) return state;
      if (action.merge !== undefined && action.merge === state.mergeKey && state.future.length === 0) return { ...state, present: action.draft };
      return { ...state, past: [...state.past, state.present].slice(-HISTORY_LIMIT), present: action.draft, future: [], mergeKey: action.merge };
    case "undo": {
      const previous = state.past.at(-1);
      return previous ? { ...state, past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future], mergeKey: undefined } : state;
    }
    case "redo": {
      const [next, ...rest] = state.future;
      return next ? { ...state, past: [...state.past, state.present], present: next, future: rest, mergeKey: undefined } : state;
    }
    case "open":
      // A new draft counts as unsaved from the start only when it came with content (an import).
      return { past: [], present: action.draft, future: [], saved: action.saved ? action.draft : { ...action.draft, nodes: [] } };
    case "saved":
      return { ...state, saved: action.draft };
  }
}

export function useWorkflowHistory(initial: WorkflowDraft) {
  const [state, dispatch] = useReducer(historyReducer, { past: [], present: initial, future: [], saved: initial });
  return {
    draft: state.present,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
    isDirty: state.present !== state.saved,
    set: useCallback((draft: WorkflowDraft, merge?: string) => dispatch({ kind: "set", draft, merge }), []),
    undo: useCallback(() => dispatch({ kind: "undo" }), []),
    redo: useCallback(() => dispatch({ kind: "redo" }), []),
    open: useCallback((draft: WorkflowDraft, saved: boolean) => dispatch({ kind: "open", draft, saved }), []),
    markSaved: useCallback((draft: WorkflowDraft) => dispatch({ kind: "saved", draft }), []),
  };
}
