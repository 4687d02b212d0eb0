import type { toast as sonnerToast } from "sonner";

type Sonner = typeof sonnerToast;
type Kind = "success" | "error" | "info" | "warning";

// Sonner (15 kB gzip) loads after the first render (themed-toaster.tsx) or with the first toast,
// not before any screen can paint. Calls made meanwhile wait for it, in order.
let ready: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
export const loadSonner = () => (loading ??= import("sonner").then((m) => (ready = m.toast)));

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
