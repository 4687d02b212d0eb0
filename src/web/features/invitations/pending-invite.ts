import { storageKeys } from "@/web/lib/storage-keys";

/**
 * The token from the link's fragment (#token=…), or the one kept while the visitor signed up or in:
 * the confirmation mail may open in another tab, so it lives in local storage until settled.
 */
export function takeInviteToken(hash: string): string | null {
  const fromLink = new URLSearchParams(hash.replace(/^#/, "")).get("token");
  try {
    if (fromLink) localStorage.setItem(storageKeys.pendingInvite, fromLink);
    return fromLink ?? localStorage.getItem(storageKeys.pendingInvite);
  } catch {
    return fromLink;
  }
}

export function forgetInviteToken(): void {
  try {
    localStorage.removeItem(storageKeys.pendingInvite);
  } catch {
    // Storage off: nothing was kept.
  }
}
