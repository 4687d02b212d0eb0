import { useSyncExternalStore } from "react";

type Announcement = { text: string; id: number };

let current: Announcement = { text: "", id: 0 };
const listeners = new Set<() => void>();

/** Says something politely to screen readers, through the live region the app layout holds. */
export function announce(text: string) {
  current = { text, id: current.id + 1 };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The latest announcement; its id changes even when the same words are said twice. */
export const useAnnouncement = () => useSyncExternalStore(subscribe, () => current, () => current);
