import { saveOpenDrafts } from "./drafts";
import { isReturnPath, rememberReturnTo, signInAddress } from "./return-to";
import { isSigningOut } from "./signing-out";

let isLeaving = false;

/**
 * A 401 from our API while in /app: the session ended (expired, revoked, signed out elsewhere).
 * Open forms are saved as drafts, the address remembered, and the tab goes to sign-in at once,
 * loading afresh so nothing of this session's data stays in memory. True when it took over.
 * Never on /auth or for better-auth's own requests, so it cannot loop, nor during a sign-out.
 */
export function handleUnauthorized(requestPath: string, location: Pick<Location, "pathname" | "search" | "assign"> = window.location): boolean {
  if (!requestPath.startsWith("/api/v1/") || !isReturnPath(location.pathname)) return false;
  // A request in flight when the user signed out: the sign-out goes to /auth itself, with its toast.
  if (isLeaving || isSigningOut()) return true;
  isLeaving = true;
  saveOpenDrafts();
  const back = location.pathname + location.search;
  rememberReturnTo(back);
  location.assign(signInAddress(back));
  return true;
}
