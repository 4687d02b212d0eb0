import { storageKeys } from "./storage-keys";

/** Only this app's own pages: a stored or linked "//evil.example" must never become an open redirect. */
export function isReturnPath(path: string | null | undefined): path is string {
  if (typeof path !== "string" || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return false;
  const self = "http://self.invalid";
  const url = URL.canParse(path, self) ? new URL(path, self) : null;
  // Pages outside /app that need a session: /dev (the dev console acts on the organisation).
  // /hq (the switchboard) needs a signed-in user too; /invite comes back to accept an invitation.
  return url?.origin === self && (/^\/app(?:\/|$)/.test(url.pathname) || url.pathname === "/dev" || url.pathname === "/hq" || url.pathname === "/invite");
}

/** The address a signed-out visitor wanted, kept for the tab only (session storage). */
export function rememberReturnTo(path: string): void {
  if (isReturnPath(path)) sessionStorage.setItem(storageKeys.returnTo, path);
}

/** Where to go after signing in: the address in /auth's own link when it names one, else the remembered one. */
export function takeReturnTo(fromAddress?: string | null): string {
  const stored = sessionStorage.getItem(storageKeys.returnTo);
  sessionStorage.removeItem(storageKeys.returnTo);
  if (isReturnPath(fromAddress)) return fromAddress;
  return isReturnPath(stored) ? stored : "/app";
}

/** /auth, saying the session ended and where to come back to. */
export const signInAddress = (back: string) => `/auth?${new URLSearchParams({ reason: "expired", returnTo: back })}`;
