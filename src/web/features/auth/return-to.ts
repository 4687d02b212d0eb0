import { storageKeys } from "@/web/lib/storage-keys";

/** The address a signed-out visitor wanted, kept for the tab only (session storage). */
export function rememberReturnTo(path: string): void {
  if (path.startsWith("/app")) sessionStorage.setItem(storageKeys.returnTo, path);
}

export function takeReturnTo(): string {
  const path = sessionStorage.getItem(storageKeys.returnTo);
  sessionStorage.removeItem(storageKeys.returnTo);
  // Only same-site paths: a stored "//evil.example" must never become an open redirect.
  return path && path.startsWith("/") && !path.startsWith("//") ? path : "/app";
}
