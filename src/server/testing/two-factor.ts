import type { App } from "../app";
import { call } from "./http";
import { secretOf, totpCode } from "./totp";
import { GOOD_PASSWORD } from "./users";

export type TwoFactorUser = { secret: string; backupCodes: string[]; cookie: string };

/** Turns two-factor on as the Security tab does: password, then the first code. Returns the new session cookie. */
export async function enableTwoFactor(app: App, cookie: string): Promise<TwoFactorUser> {
  const enabled = await call(app, "POST", "/api/auth/two-factor/enable", { cookie, body: { password: GOOD_PASSWORD } });
  if (enabled.status !== 200) throw new Error(`enable failed: ${enabled.status} ${JSON.stringify(enabled.body)}`);
  const { totpURI, backupCodes } = enabled.body as { totpURI: string; backupCodes: string[] };
  const secret = secretOf(totpURI);
  // Not in a period's last seconds: a code computed then may reach the server in the next period,
  // where the previous period's code is two periods old and refused (a CI run failed so).
  const intoPeriod = Date.now() % 30_000;
  if (intoPeriod > 27_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - intoPeriod + 100));
  // The previous period's code (still accepted): a code is taken once, and the tests sign in with the current one.
  const verified = await call(app, "POST", "/api/auth/two-factor/verify-totp", { cookie, body: { code: totpCode(secret, { offset: -1 }) } });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  return { secret, backupCodes, cookie: verified.cookie };
}

/** The password step of a sign-in: the challenge cookie when two-factor is on. */
export async function signInPassword(app: App, email: string, ip?: string) {
  return call(app, "POST", "/api/auth/sign-in/email", { body: { email, password: GOOD_PASSWORD }, ip });
}
