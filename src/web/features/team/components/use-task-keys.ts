import { useEffect, useRef, type RefObject } from "react";

export type PropertyRefs = {
  status: RefObject<HTMLSelectElement | null>;
  priority: RefObject<HTMLSelectElement | null>;
  assignee: RefObject<HTMLSelectElement | null>;
  labels: RefObject<HTMLFieldSetElement | null>;
  comment: RefObject<HTMLTextAreaElement | null>;
};

export function usePropertyRefs(): PropertyRefs {
  return { status: useRef(null), priority: useRef(null), assignee: useRef(null), labels: useRef(null), comment: useRef(null) };
}

const typing = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName));

/**
 * The task page's keys, as Linear has them: A assign, L labels, S status, P priority, C comment,
 * Esc closes. Not while typing (Esc then leaves the field first), nor with a modifier held.
 */
export function useTaskKeys(refs: PropertyRefs, onClose: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.altKey) return;
      if (typing(e.target)) {
        if (e.key === "Escape") (e.target as HTMLElement).blur();
        return;
      }
      const focus = (el: HTMLElement | null) => {
        if (!el) return;
        e.preventDefault();
        el.focus();
        if (el instanceof HTMLSelectElement && "showPicker" in el) {
          try {
            el.showPicker();
          } catch {
            /* a picker needs a user gesture in some browsers: focus is enough */
          }
        }
      };
      const key = e.key.toLowerCase();
      if (key === "a") focus(refs.assignee.current);
      else if (key === "s") focus(refs.status.current);
      else if (key === "p") focus(refs.priority.current);
      else if (key === "c") focus(refs.comment.current);
      else if (key === "l") focus(refs.labels.current?.querySelector("input") ?? refs.labels.current);
      else if (e.key === "Escape") {
        e.preventDefault();
        onClose();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [refs, onClose]);
}
