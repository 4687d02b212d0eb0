import type { GoogleConfig } from "./google-config";
import { GOOGLE_CALENDAR_SCOPE } from "./google-config";

/**
 * Google's OAuth 2.0 endpoints (https://developers.google.com/identity/protocols/oauth2/web-server):
 * the authorisation URL the browser goes to, and /token and /revoke, form-encoded. Errors are
 * { error, error_description }; `invalid_grant` means the code or refresh token no longer opens.
 */
export type TokenAnswer = { access_token: string; expires_in: number; refresh_token?: string };
export type TokenResult = { ok: true; tokens: TokenAnswer } | { ok: false; error: string; status: number | null };

export function authorizationUrl(config: GoogleConfig, state: string, challenge: string): string {
  const params = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    response_type: "code",
    scope: GOOGLE_CALENDAR_SCOPE,
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: "true",
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  return `${config.authBase}/o/oauth2/v2/auth?${params.toString()}`;
}

async function postForm(config: GoogleConfig, path: string, form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> | null } | null> {
  try {
    const res = await fetch(`${config.tokenBase}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  } catch {
    return null;
  }
}

function tokenResult(answer: Awaited<ReturnType<typeof postForm>>): TokenResult {
  if (!answer) return { ok: false, error: "unreachable", status: null };
  const b = answer.body;
  if (answer.status === 200 && typeof b?.access_token === "string") {
    const expires = typeof b.expires_in === "number" ? b.expires_in : 3600;
    return { ok: true, tokens: { access_token: b.access_token, expires_in: expires, ...(typeof b.refresh_token === "string" ? { refresh_token: b.refresh_token } : {}) } };
  }
  // Google's error code ("invalid_grant") holds no secret; its description might echo input, so it is left out.
  return { ok: false, error: typeof b?.error === "string" ? b.error.slice(0, 60) : `status ${answer.status}`, status: answer.status };
}

export const exchangeCode = async (config: GoogleConfig, code: string, verifier: string) =>
  tokenResult(await postForm(config, "/token", { grant_type: "authorization_code", code, code_verifier: verifier, client_id: config.clientId, redirect_uri: config.redirectUri, ...(config.clientSecret ? { client_secret: config.clientSecret } : {}) }));

export const refreshAccess = async (config: GoogleConfig, refreshToken: string) =>
  tokenResult(await postForm(config, "/token", { grant_type: "refresh_token", refresh_token: refreshToken, client_id: config.clientId, ...(config.clientSecret ? { client_secret: config.clientSecret } : {}) }));

/** Revokes the grant (refresh token, or the access token when there is none); false when Google could not be asked. */
export async function revokeToken(config: GoogleConfig, token: string): Promise<boolean> {
  const answer = await postForm(config, "/revoke", { token });
  // 400 invalid_token: already revoked or expired, which is what we wanted.
  return answer !== null && (answer.status === 200 || answer.status === 400);
}
