import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUTH_RATE_LIMITS } from "@/shared/constants";
import { auditLog, twoFactor, user } from "../db/schema";
import { call } from "../testing/http";
import { useTestApp } from "../testing/suite-app";
import { secretOf, totpCode, wrongCode } from "../testing/totp";
import { enableTwoFactor, signInPassword } from "../testing/two-factor";
import { GOOD_PASSWORD, signedInUser } from "../testing/users";

const t = useTestApp();
const db = () => t.services.database.db;

const actionsOf = async (userId: string) =>
  (await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorUserId, userId))).map((r) => r.action);
const sessionOf = async (cookie: string) => (await call(t.app, "GET", "/api/auth/get-session", { cookie })).body as { user: { id: string; twoFactorEnabled: boolean } } | null;

describe("turning two-factor sign-in on", () => {
  it("needs the password, stays off until a first code confirms it, then is on and audited", async () => {
    const u = await signedInUser(t.app, db(), "tf-enable");
    const noPassword = await call(t.app, "POST", "/api/auth/two-factor/enable", { cookie: u.cookie, body: { password: "not-my-password-1" } });
    expect(noPassword.status).toBe(400);
    const started = await call(t.app, "POST", "/api/auth/two-factor/enable", { cookie: u.cookie, body: { password: GOOD_PASSWORD } });
    expect(started.status).toBe(200);
    const { totpURI, backupCodes } = started.body as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\//);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    // Not on yet: a sign-in still needs only the password.
    expect((await sessionOf(u.cookie))?.user.twoFactorEnabled).toBe(false);
    expect((await signInPassword(t.app, u.email)).body).not.toHaveProperty("twoFactorRedirect");

    const secret = secretOf(totpURI);
    const wrong = await call(t.app, "POST", "/api/auth/two-factor/verify-totp", { cookie: u.cookie, body: { code: wrongCode(secret) } });
    expect(wrong.status).toBe(401);
    const confirmed = await call(t.app, "POST", "/api/auth/two-factor/verify-totp", { cookie: u.cookie, body: { code: totpCode(secret) } });
    expect(confirmed.status).toBe(200);
    expect((await sessionOf(confirmed.cookie))?.user.twoFactorEnabled).toBe(true);
    // The secret and codes are stored encrypted, never as given.
    const [row] = await db().select().from(twoFactor).where(eq(twoFactor.userId, u.id));
    expect(row?.secret).not.toContain(secret);
    expect(row?.backupCodes).not.toContain(backupCodes[0]!);
    expect(await actionsOf(u.id)).toEqual(expect.arrayContaining(["auth.two_factor_setup_started", "auth.two_factor_failed", "auth.two_factor_enabled"]));
  });
});

describe("signing in with two-factor on", () => {
  it("asks for a code after the password, refuses a wrong one and signs in with the right one", async () => {
    const u = await signedInUser(t.app, db(), "tf-signin");
    const { secret } = await enableTwoFactor(t.app, u.cookie);

    const password = await signInPassword(t.app, u.email);
    expect(password.status).toBe(200);
    expect(password.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(password.cookie).not.toMatch(/session_token=/);
    expect(password.cookie).toMatch(/two_factor=/);
    // The challenge cookie is no session.
    expect(await sessionOf(password.cookie)).toBeNull();

    const wrong = await call(t.app, "POST", "/api/auth/two-factor/verify-totp", { cookie: password.cookie, body: { code: wrongCode(secret) } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: "INVALID_CODE" });
    const right = await call(t.app, "POST", "/api/auth/two-factor/verify-totp", { cookie: password.cookie, body: { code: totpCode(secret), trustDevice: true } });
    expect(right.status).toBe(200);
    expect(right.cookie).toMatch(/session_token=/);
    // A device is never remembered past the code.
    expect(right.cookie).not.toMatch(/trust_device=/);
    expect((await sessionOf(right.cookie))?.user.id).toBe(u.id);
    const rows = await db().select({ action: auditLog.action, details: auditLog.details }).from(auditLog).where(and(eq(auditLog.actorUserId, u.id), eq(auditLog.action, "auth.sign_in")));
    expect(rows.map((r) => r.details)).toContainEqual({ method: "totp" });
    expect(await actionsOf(u.id)).toContain("auth.two_factor_challenge");
  });

  it("takes each authenticator code once, even when two sign-ins race with it, and the next code still works", async () => {
    const u = await signedInUser(t.app, db(), "tf-replay");
    const { secret } = await enableTwoFactor(t.app, u.cookie);
    const code = totpCode(secret);
    const [a, b] = await Promise.all([signInPassword(t.app, u.email), signInPassword(t.app, u.email)]);
    const raced = await Promise.all([a, b].map((challenge) => call(t.app, "POST", "/api/auth/two-factor/verify-totp", { cookie: challenge.cookie, body: { code } })));
    expect(raced.map((r) => r.status).sort()).toEqual([200, 401]);
    const refused = raced.find((r) => r.status === 401)!;
    expect(refused.body).toMatchObject({ code: "TOTP_CODE_USED" });
    expect(refused.cookie ?? "").not.toMatch(/session_token=[^;]/);
    // The refused challenge is still open: the next code signs in.
    const loser = raced[0]!.status === 401 ? a : b;
    const next = await call(t.app, "POST", "/api/auth/two-factor/verify-totp", { cookie: loser.cookie, body: { code: totpCode(secret, { offset: 1 }) } });
    expect(next.status).toBe(200);
    expect((await sessionOf(next.cookie))?.user.id).toBe(u.id);
    // A wrong code is not used up by failing: typed as a guess, it is just wrong, every time.
    const third = await signInPassword(t.app, u.email);
    const guess = wrongCode(secret);
    for (let i = 0; i < 2; i++) expect((await call(t.app, "POST", "/api/auth/two-factor/verify-totp", { cookie: third.cookie, body: { code: guess } })).body).toMatchObject({ code: "INVALID_CODE" });
  });

  it("takes each recovery code once", async () => {
    const u = await signedInUser(t.app, db(), "tf-recovery");
    const { backupCodes } = await enableTwoFactor(t.app, u.cookie);
    const code = backupCodes[0]!;
    const first = await signInPassword(t.app, u.email);
    const used = await call(t.app, "POST", "/api/auth/two-factor/verify-backup-code", { cookie: first.cookie, body: { code } });
    expect(used.status).toBe(200);
    expect(used.cookie).toMatch(/session_token=/);

    const second = await signInPassword(t.app, u.email);
    const again = await call(t.app, "POST", "/api/auth/two-factor/verify-backup-code", { cookie: second.cookie, body: { code } });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ code: "INVALID_BACKUP_CODE" });
    const another = await call(t.app, "POST", "/api/auth/two-factor/verify-backup-code", { cookie: second.cookie, body: { code: backupCodes[1] } });
    expect(another.status).toBe(200);
    const rows = await db().select({ details: auditLog.details }).from(auditLog).where(and(eq(auditLog.actorUserId, u.id), eq(auditLog.action, "auth.sign_in")));
    expect(rows.map((r) => r.details)).toContainEqual({ method: "recovery_code" });
  });

  it("limits guessing: 5 wrong codes end a challenge, and per address the verify endpoint answers 429", async () => {
    const u = await signedInUser(t.app, db(), "tf-brute");
    const { secret } = await enableTwoFactor(t.app, u.cookie);
    const challenge = await signInPassword(t.app, u.email);
    const guesses = [];
    for (let i = 0; i < 6; i++) guesses.push(await call(t.app, "POST", "/api/auth/two-factor/verify-totp", { cookie: challenge.cookie, body: { code: wrongCode(secret) } }));
    expect(guesses.slice(0, 5).map((g) => g.status)).toEqual([401, 401, 401, 401, 401]);
    expect(guesses[5]!.status).toBe(400);
    expect(guesses[5]!.body).toMatchObject({ code: "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" });
    // The right code no longer helps on that challenge.
    expect((await call(t.app, "POST", "/api/auth/two-factor/verify-totp", { cookie: challenge.cookie, body: { code: totpCode(secret) } })).status).toBe(401);

    const ip = "192.0.2.77";
    const { max } = AUTH_RATE_LIMITS["/two-factor/verify-totp"];
    const fresh = await signInPassword(t.app, u.email);
    for (let i = 0; i < max; i++) await call(t.app, "POST", "/api/auth/two-factor/verify-totp", { cookie: fresh.cookie, body: { code: "000000" }, ip });
    const limited = await call(t.app, "POST", "/api/auth/two-factor/verify-totp", { cookie: fresh.cookie, body: { code: totpCode(secret) }, ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("locks the account's second factor after 10 wrong codes across challenges", async () => {
    const u = await signedInUser(t.app, db(), "tf-lock");
    const { secret } = await enableTwoFactor(t.app, u.cookie);
    for (let round = 0; round < 2; round++) {
      const challenge = await signInPassword(t.app, u.email);
      for (let i = 0; i < 5; i++) await call(t.app, "POST", "/api/auth/two-factor/verify-totp", { cookie: challenge.cookie, body: { code: wrongCode(secret) } });
    }
    const challenge = await signInPassword(t.app, u.email);
    const locked = await call(t.app, "POST", "/api/auth/two-factor/verify-totp", { cookie: challenge.cookie, body: { code: totpCode(secret) } });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: "ACCOUNT_TEMPORARILY_LOCKED" });
  });
});

describe("turning two-factor sign-in off and new recovery codes", () => {
  it("needs the password for both; off means a sign-in needs only the password again", async () => {
    const u = await signedInUser(t.app, db(), "tf-disable");
    const on = await enableTwoFactor(t.app, u.cookie);
    expect((await call(t.app, "POST", "/api/auth/two-factor/generate-backup-codes", { cookie: on.cookie, body: { password: "not-my-password-1" } })).status).toBe(400);
    const regenerated = await call(t.app, "POST", "/api/auth/two-factor/generate-backup-codes", { cookie: on.cookie, body: { password: GOOD_PASSWORD } });
    expect(regenerated.status).toBe(200);
    const fresh = (regenerated.body as { backupCodes: string[] }).backupCodes;
    expect(fresh).toHaveLength(10);
    // The old codes are gone.
    const challenge = await signInPassword(t.app, u.email);
    expect((await call(t.app, "POST", "/api/auth/two-factor/verify-backup-code", { cookie: challenge.cookie, body: { code: on.backupCodes[0] } })).status).toBe(401);

    const refused = await call(t.app, "POST", "/api/auth/two-factor/disable", { cookie: on.cookie, body: { password: "not-my-password-1" } });
    expect(refused.status).toBe(400);
    expect((await db().select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, u.id)))[0]?.on).toBe(true);
    const off = await call(t.app, "POST", "/api/auth/two-factor/disable", { cookie: on.cookie, body: { password: GOOD_PASSWORD } });
    expect(off.status).toBe(200);
    const plain = await signInPassword(t.app, u.email);
    expect(plain.body).not.toHaveProperty("twoFactorRedirect");
    expect(plain.cookie).toMatch(/session_token=/);
    expect(await actionsOf(u.id)).toEqual(expect.arrayContaining(["auth.recovery_codes_regenerated", "auth.two_factor_disabled"]));
  });
});
