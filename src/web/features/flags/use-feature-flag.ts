import { useSyncExternalStore } from "react";
import type { FlagName, FlagOverrides } from "@/shared/flags";
import { storageKeys } from "@/web/lib/storage-keys";
import { flagStore } from "./flag-store";

// Listens to this tab's writes and to the `storage` event, which fires for writes made in other tabs.
const subscribe = (listener: () => void) => {
  const onStorage = (e: StorageEvent) => {
    if (e.key === storageKeys.flagOverrides || e.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  const unsubscribe = flagStore.subscribe(listener);
  return () => {
    unsubscribe();
    window.removeEventListener("storage", onStorage);
  };
};

/** The flag's effective value in this browser: its override if one is stored, else its default. */
export function useFeatureFlag(name: FlagName): boolean {
  return useSyncExternalStore(subscribe, () => flagStore.isEnabled(name));
}

/** Whether the server's own settings turned the flag off (its operator, not this browser). */
export function useServerOffFlag(name: FlagName): boolean {
  return useSyncExternalStore(subscribe, () => flagStore.isServerOff(name));
}

/** The overrides stored in this browser (only the flags that differ from their default). */
export function useFlagOverrides(): FlagOverrides {
  return useSyncExternalStore(subscribe, flagStore.getOverrides);
}
