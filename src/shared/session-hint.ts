/**
 * A cookie the page's scripts can read, set and cleared by the server together with the HttpOnly
 * session cookie (auth/session-hint.ts). It says only "someone may be signed in here", so the
 * public pages skip the session request for visitors. Its value is no secret and grants nothing.
 */
export const SESSION_HINT_COOKIE = "whq_signed_in";
