import { useState } from "react";
import { authClient } from "./auth-client";

/**
 * better-auth's useSession, pending only until its first answer. While no one is signed in, each
 * of its refetches (after the password step, every 30 s, on returning to the tab) sets isPending
 * again; a page that showed its spinner then would unmount its form and lose what was typed, such
 * as a two-factor code half entered after a look at the phone.
 */
export function useFirstSession() {
  const session = authClient.useSession();
  const [answered, setAnswered] = useState(!session.isPending);
  if (!answered && !session.isPending) setAnswered(true);
  return { ...session, isPending: !answered && session.isPending };
}
