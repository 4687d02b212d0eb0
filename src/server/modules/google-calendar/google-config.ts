import type { Env } from "../../env";

export const GOOGLE_CALENDAR_SCOPE = "https://www.googleapis.com/auth/calendar.events";
export const CALLBACK_PATH = "/api/v1/oauth/google-calendar/callback";

export type GoogleConfig = { clientId: string; clientSecret: string | null; authBase: string; tokenBase: string; apiBase: string; redirectUri: string; timeoutMs: number };

type GoogleEnv = Pick<Env, "GOOGLE_OAUTH_CLIENT_ID" | "GOOGLE_OAUTH_CLIENT_SECRET" | "GOOGLE_OAUTH_AUTH_BASE" | "GOOGLE_OAUTH_TOKEN_URL" | "GOOGLE_CALENDAR_API_BASE" | "APP_URL" | "KEY_TEST_TIMEOUT_MS">;

const trim = (url: string) => url.replace(/\/+$/, "");

/** The operator's OAuth client and Google's addresses; null while no client id is set (the card says so). */
export function googleConfigOf(env: GoogleEnv): GoogleConfig | null {
  if (!env.GOOGLE_OAUTH_CLIENT_ID) return null;
  return {
    clientId: env.GOOGLE_OAUTH_CLIENT_ID,
    clientSecret: env.GOOGLE_OAUTH_CLIENT_SECRET ?? null,
    authBase: trim(env.GOOGLE_OAUTH_AUTH_BASE),
    tokenBase: trim(env.GOOGLE_OAUTH_TOKEN_URL),
    apiBase: trim(env.GOOGLE_CALENDAR_API_BASE),
    redirectUri: `${trim(env.APP_URL)}${CALLBACK_PATH}`,
    timeoutMs: env.KEY_TEST_TIMEOUT_MS,
  };
}
