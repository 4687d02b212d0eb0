import { isActionPlanKey, type ActionPlanItems } from "@/shared/action-plan";
import { storageKeys } from "@/web/lib/storage-keys";
import { browserStorage, type ProgressStorage } from "./clear-local-progress";

// The checklist in this browser: a visitor's only copy, and a signed-in user's cache for when the server is away.
export type LocalProgress = { items: ActionPlanItems; savedAt: string | null };

export { clearLocalProgress, type ProgressStorage } from "./clear-local-progress";

/** What local storage holds, with anything that is not a tick of the plan dropped. */
export function readLocalProgress(storage: ProgressStorage | null = browserStorage()): LocalProgress {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(storageKeys.actionPlan) ?? "null");
    if (!raw || typeof raw !== "object") return { items: {}, savedAt: null };
    const { items, savedAt } = raw as { items?: unknown; savedAt?: unknown };
    const kept = items && typeof items === "object" ? Object.fromEntries(Object.entries(items).filter(([k, v]) => isActionPlanKey(k) && v === true)) : {};
    return { items: kept, savedAt: typeof savedAt === "string" ? savedAt : null };
  } catch {
    return { items: {}, savedAt: null };
  }
}

export function writeLocalProgress(progress: LocalProgress, storage: ProgressStorage | null = browserStorage()): void {
  try {
    if (Object.keys(progress.items).length === 0 && progress.savedAt === null) storage?.removeItem(storageKeys.actionPlan);
    else storage?.setItem(storageKeys.actionPlan, JSON.stringify(progress));
  } catch {
    // Storage full or refused: the page still shows the ticks until it is left.
  }
}
