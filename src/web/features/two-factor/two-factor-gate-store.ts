/**
 * Whether the current organisation refused this user for want of two-factor sign-in (the server's
 * 403 two_factor_required, lib/api.ts reports it). The app shell shows the blocking page while it
 * is set; turning two-factor on clears it.
 */
let required = false;
const listeners = new Set<() => void>();
const set = (next: boolean) => {
  if (next === required) return;
  required = next;
  listeners.forEach((listener) => listener());
};

export const twoFactorGate = {
  isRequired: () => required,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  required: () => set(true),
  clear: () => set(false),
};
