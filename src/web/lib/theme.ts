import { useCallback, useSyncExternalStore } from "react";
import { storageKeys } from "./storage-keys";

export type ThemeChoice = "light" | "dark" | "system";
const DARK_QUERY = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

const picked = new Set<(choice: ThemeChoice) => void>();

const choice = (): ThemeChoice => {
  const stored = localStorage.getItem(storageKeys.theme);
  return stored === "light" || stored === "dark" ? stored : "system";
};
const resolve = (c: ThemeChoice) => (c === "system" ? (window.matchMedia(DARK_QUERY).matches ? "dark" : "light") : c);
const apply = () => {
  document.documentElement.classList.toggle("dark", resolve(choice()) === "dark");
  listeners.forEach((l) => l());
};

/** Follows the system setting until the user picks; shared/theme-init.ts applies it before paint. */
export function startThemeSync(): void {
  window.matchMedia(DARK_QUERY).addEventListener("change", apply);
  window.addEventListener("storage", (e) => e.key === storageKeys.theme && apply());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The choice in this browser (local storage), "system" until one is made. */
export const themeChoice = (): ThemeChoice => choice();

/**
 * Applies and remembers a theme. `picked`: the user chose it here (Settings, the header's toggle),
 * so the listeners (stored-preferences.ts: the user's stored copy) hear of it; a theme applied from
 * the user's stored copy is not echoed back.
 */
export function setThemeChoice(next: ThemeChoice, { picked: byUser = true } = {}): void {
  try {
    if (next === "system") localStorage.removeItem(storageKeys.theme);
    else localStorage.setItem(storageKeys.theme, next);
  } catch {
    // Storage off: the page still follows the choice until it is left.
  }
  apply();
  if (byUser) picked.forEach((l) => l(next));
}

/** Hears every theme the user picks; returns the unsubscribe. */
export function onThemePicked(listener: (choice: ThemeChoice) => void): () => void {
  picked.add(listener);
  return () => picked.delete(listener);
}

export function useTheme() {
  // The server snapshot is for prerendering (src/web/prerender/): no storage there, and the icons follow the page's class anyway.
  const current = useSyncExternalStore(subscribe, () => `${choice()}:${resolve(choice())}`, () => "system:light");
  const [picked, resolved] = current.split(":") as [ThemeChoice, "light" | "dark"];
  const setTheme = useCallback((next: ThemeChoice) => setThemeChoice(next), []);
  return { theme: picked, resolved, setTheme };
}
