import { useEffect, useState } from "react";
import { SESSION_HINT_COOKIE } from "@/shared/session-hint";

/** Where 'Start Free Trial' and 'Get Started' send a visitor. */
export const SIGN_UP_PATH = "/auth?mode=sign-up";

const hasSessionHint = () => typeof document !== "undefined" && document.cookie.split(";").some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE}=`));

// One request for every component that asks (header, hero, call to action), and the server's
// yes kept for the life of the page, so moving between public pages does not ask again. A no
// clears the hint, so a hint seen after it belongs to a new sign-in and is asked about afresh;
// no answer at all (server in trouble, unreachable) is not kept either: the next page asks.
let asking: Promise<boolean> | undefined;
const unsettled = (answer: boolean) => {
  asking = undefined;
  return answer;
};
const askServer = () =>
  (asking ??= fetch("/api/auth/get-session", { credentials: "same-origin" })
    .then(async (res) => {
      if (!res.ok) return unsettled(true); // the server is in trouble, not the session: keep believing the hint
      const signedIn = Boolean(((await res.json()) as { user?: unknown } | null)?.user);
      if (signedIn) return true;
      // A hint outliving its session (the session cookie went some other way): forget it.
      document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
      return unsettled(false);
    })
    .catch(() => unsettled(true))); // unreachable: keep believing the hint

/** The same question once, for a page that acts on the answer (the status page asks for the role only then). */
export const askSignedIn = (): Promise<boolean> => (hasSessionHint() ? askServer() : Promise.resolve(false));

/**
 * What a prerendered public page (src/web/prerender/) needs to turn a visitor's link into a
 * signed-in user's: public/public-page.js reads these after asking the server, as useSignedIn does.
 */
export const whenSignedIn = {
  href: (href: string) => ({ "data-signed-in-href": href }),
  text: (text: string) => ({ "data-signed-in-text": text }),
  hidden: { "data-signed-out-only": "" },
};

/**
 * Whether someone is signed in, for the public pages, without the auth client: no cookie hint
 * means no (and no request); with one, the page says yes at once and the server confirms it.
 */
export function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(hasSessionHint);
  useEffect(() => {
    if (!hasSessionHint()) return;
    let current = true;
    void askServer().then((yes) => current && setSignedIn(yes));
    return () => {
      current = false;
    };
  }, []);
  return signedIn;
}
