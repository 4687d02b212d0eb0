import { isActionPlanKey, type ActionPlanItems } from "@/shared/action-plan";
import { storageKeys } from "@/web/lib/storage-keys";

// The checklist in this browser: a visitor's only copy, and a signed-in user's cache for when the server is away.
export type LocalProgress = { items: ActionPlanItems; savedAt: string | null };

/** What local storage holds, with anything that is not a tick of the plan dropped. */
export function readLocalProgress(): LocalProgress {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(storageKeys.actionPlan) ?? "null");
    if (!raw || typeof raw !== "object") return { items: {}, savedAt: null };
    const { items, savedAt } = raw as { items?: unknown; savedAt?: unknown };
    const kept = items && typeof items === "object" ? Object.fromEntries(Object.entries(items).filter(([k, v]) => isActionPlanKey(k) && v === true)) : {};
    return { items: kept, savedAt: typeof savedAt === "string" ? savedAt : null };
  } catch {
    return { items: {}, savedAt: null };
  }
}

export function writeLocalProgress(progress: LocalProgress): void {
  try {
    if (Object.keys(progress.items).length === 0 && progress.savedAt === null) localStorage.removeItem(storageKeys.actionPlan);
    else localStorage.setItem(storageKeys.actionPlan, JSON.stringify(progress));
  } catch {
    // Storage full or refused: the page still shows the ticks until it is left.
  }
}
