import { storageKeys } from "@/web/lib/storage-keys";

// Apart from local-progress.ts, which loads zod with the plan's keys: sign-out is on every /app screen.

export type ProgressStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;
export const browserStorage = (): ProgressStorage | null => (typeof localStorage === "undefined" ? null : localStorage);

/**
 * Signing out forgets the organisation's ticks kept here: they are its copy, not the browser's,
 * and the next person at this browser must not see them.
 */
export function clearLocalProgress(storage: ProgressStorage | null = browserStorage()): void {
  try {
    storage?.removeItem(storageKeys.actionPlan);
  } catch {
    // Storage refused: nothing was kept there either.
  }
}
