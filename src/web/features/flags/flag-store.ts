import type { FlagName, FlagOverrides } from "@/shared/flags";
import { flagDefaults, flagNames } from "@/shared/flag-values";
import { storageKeys } from "@/web/lib/storage-keys";

export type FlagStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type FlagStore = {
  getOverrides: () => FlagOverrides;
  isEnabled: (name: FlagName) => boolean;
  setFlag: (name: FlagName, value: boolean) => void;
  resetFlags: () => void;
  /** The flags the server's own settings turned off (AI_ASSIST_ENABLED=0): off here too, whatever is stored. */
  setServerOff: (names: readonly FlagName[]) => void;
  /** Whether the server's settings, not this browser, turned the flag off. */
  isServerOff: (name: FlagName) => boolean;
  subscribe: (listener: () => void) => () => void;
};

const EMPTY: FlagOverrides = Object.freeze({});

/** Storage is a getter so the store can be created where none exists yet (tests, a blocked localStorage). */
export function createFlagStore(getStorage: () => FlagStorage | null, key: string = storageKeys.flagOverrides): FlagStore {
  const listeners = new Set<() => void>();
  // useSyncExternalStore needs the same object while the stored text is unchanged.
  let cached: { raw: string | null; value: FlagOverrides } = { raw: null, value: EMPTY };
  let serverOff: ReadonlySet<FlagName> = new Set();

  const read = (): string | null => {
    try {
      return getStorage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };

  const getOverrides = (): FlagOverrides => {
    const raw = read();
    if (raw === cached.raw) return cached.value;
    cached = { raw, value: parseOverrides(raw) };
    return cached.value;
  };

  const notify = () => listeners.forEach((l) => l());

  const write = (next: FlagOverrides) => {
    try {
      const storage = getStorage();
      if (Object.keys(next).length === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the flag keeps its previous value rather than breaking the page.
    }
    notify();
  };

  return {
    getOverrides,
    isEnabled: (name) => !serverOff.has(name) && (getOverrides()[name] ?? flagDefaults[name]),
    setFlag: (name, value) => {
      const next: FlagOverrides = { ...getOverrides() };
      if (value === flagDefaults[name]) delete next[name];
      else next[name] = value;
      write(next);
    },
    resetFlags: () => write({}),
    setServerOff: (names) => {
      if (names.length === serverOff.size && names.every((name) => serverOff.has(name))) return;
      serverOff = new Set(names);
      notify();
    },
    isServerOff: (name) => serverOff.has(name),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Keeps only known flags that differ from their default; anything malformed counts as no overrides. */
function parseOverrides(raw: string | null): FlagOverrides {
  if (raw === null) return EMPTY;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return EMPTY;
  }
  // An object of known flags with boolean values, checked by hand: zod is not loaded on every screen.
  if (typeof json !== "object" || json === null || Array.isArray(json)) return EMPTY;
  const stored = json as Record<string, unknown>;
  if (flagNames.some((name) => stored[name] !== undefined && typeof stored[name] !== "boolean")) return EMPTY;
  const kept: FlagOverrides = {};
  for (const name of flagNames) {
    const value = stored[name] as boolean | undefined;
    if (value !== undefined && value !== flagDefaults[name]) kept[name] = value;
  }
  return Object.keys(kept).length === 0 ? EMPTY : kept;
}

const browserStorage = (): FlagStorage | null => (typeof window === "undefined" ? null : window.localStorage);

/** The browser's one store; every useFeatureFlag reads it. */
export const flagStore = createFlagStore(browserStorage);

export const resetFlags = (): void => flagStore.resetFlags();
export const setFlag = (name: FlagName, value: boolean): void => flagStore.setFlag(name, value);
