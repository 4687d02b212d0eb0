import type { toast as sonnerToast } from "sonner";

type Sonner = typeof sonnerToast;
type Kind = "success" | "error" | "info" | "warning";

// Sonner (15 kB gzip) loads once the first screen has settled (themed-toaster.tsx) or with the
// first toast, not before any screen can paint. Calls made meanwhile wait for it, in order.
let ready: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const wanted = new Set<() => void>();
export const loadSonner = () => {
  // After the current render: the toaster's own lazy import asks from inside one.
  if (!loading) wanted.forEach((listener) => queueMicrotask(listener));
  return (loading ??= import("sonner").then((m) => (ready = m.toast)));
};

/** Whether a toast (or the toaster) has asked for sonner yet; `listener` hears the first ask. */
export const sonnerWanted = () => loading !== undefined;
export function onSonnerWanted(listener: () => void): () => void {
  wanted.add(listener);
  return () => wanted.delete(listener);
}

function show(kind: Kind | undefined, args: Parameters<Sonner>) {
  const run = (t: Sonner) => void (kind ? t[kind](...args) : t(...args));
  if (ready) run(ready);
  else void loadSonner().then(run);
}

/** Sonner's `toast`, the calls this app makes: `toast(…)`, `.success`, `.error`, `.info`, `.warning`. */
export const toast = Object.assign((...args: Parameters<Sonner>) => show(undefined, args), {
  success: (...args: Parameters<Sonner>) => show("success", args),
  error: (...args: Parameters<Sonner>) => show("error", args),
  info: (...args: Parameters<Sonner>) => show("info", args),
  warning: (...args: Parameters<Sonner>) => show("warning", args),
});
