import { useCallback, useSyncExternalStore } from "react";
import { storageKeys } from "./storage-keys";

export type ThemeChoice = "light" | "dark" | "system";
const DARK_QUERY = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

const choice = (): ThemeChoice => {
  const stored = localStorage.getItem(storageKeys.theme);
  return stored === "light" || stored === "dark" ? stored : "system";
};
const resolve = (c: ThemeChoice) => (c === "system" ? (window.matchMedia(DARK_QUERY).matches ? "dark" : "light") : c);
const apply = () => {
  document.documentElement.classList.toggle("dark", resolve(choice()) === "dark");
  listeners.forEach((l) => l());
};

/** Follows the system setting until the user picks; public/theme-init.js applies it before paint. */
export function startThemeSync(): void {
  window.matchMedia(DARK_QUERY).addEventListener("change", apply);
  window.addEventListener("storage", (e) => e.key === storageKeys.theme && apply());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useTheme() {
  // The server snapshot is for prerendering (src/web/prerender/): no storage there, and the icons follow the page's class anyway.
  const current = useSyncExternalStore(subscribe, () => `${choice()}:${resolve(choice())}`, () => "system:light");
  const [picked, resolved] = current.split(":") as [ThemeChoice, "light" | "dark"];
  const setTheme = useCallback((next: ThemeChoice) => {
    if (next === "system") localStorage.removeItem(storageKeys.theme);
    else localStorage.setItem(storageKeys.theme, next);
    apply();
  }, []);
  return { theme: picked, resolved, setTheme };
}
