import { storageKeys } from "./storage-keys";

/** The organisation the shell opened in last, if it kept one. */
export const storedCurrentOrg = () => localStorage.getItem(storageKeys.currentOrg);

/** The organisation the shell opens in next time; null forgets it, so the first membership is used. */
export function keepCurrentOrg(orgId: string | null) {
  if (orgId) localStorage.setItem(storageKeys.currentOrg, orgId);
  else localStorage.removeItem(storageKeys.currentOrg);
}

/** Where the app left off: the kept organisation while it is still one of `memberships`, else the first. */
export function pickCurrentOrg<T extends { org_id: string }>(memberships: readonly T[]): T | null {
  const stored = storedCurrentOrg();
  return memberships.find((m) => m.org_id === stored) ?? memberships[0] ?? null;
}
