import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LOCKOUT } from "@/shared/constants";
import { auditLog, signInFailures } from "../db/schema";
import { createTestApp, type TestApp } from "../testing/test-app";
import { call } from "../testing/http";
import { GOOD_PASSWORD, latestLink, signedInUser, uniqueEmail } from "../testing/users";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const db = () => t.services.database.db;
// Each attempt from its own address: the per-IP limit never bites, only the per-account one.
let n = 0;
const nextIp = () => `198.51.100.${(n++ % 250) + 1}`;
const signIn = (email: string, password: string) => call(t.app, "POST", "/api/auth/sign-in/email", { body: { email, password }, ip: nextIp() });

async function failTimes(email: string, times: number) {
  for (let i = 0; i < times; i++) expect((await signIn(email, "wrong-password-1")).status).toBe(401);
}

/** Moves the account's failures back in time, as if the attempts were made `seconds` ago. */
const ageFailures = (email: string, seconds: number) =>
  db().update(signInFailures).set({ createdAt: sql`${signInFailures.createdAt} - make_interval(secs => ${seconds})` }).where(eq(signInFailures.email, email));

describe("per-account sign-in lockout", () => {
  it("locks the account after 10 failures from 10 addresses, even for the right password", async () => {
    const user = await signedInUser(t.app, db(), "locked");
    await failTimes(user.email.toUpperCase(), SIGN_IN_LOCKOUT.maxFailures);
    const locked = await signIn(user.email, GOOD_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.cookie).toBe("");
    const retryAfter = Number(locked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(SIGN_IN_LOCKOUT.lockSeconds - 30);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LOCKOUT.lockSeconds);
    expect(locked.body).toMatchObject({
      code: "ACCOUNT_LOCKED",
      message: "Too many failed sign-in attempts for this account. Try again in 15 minutes or reset your password.",
      retryAfter,
    });
    // Another account is not touched.
    const other = await signedInUser(t.app, db(), "unlocked");
    expect((await signIn(other.email, GOOD_PASSWORD)).status).toBe(200);
  });

  it("answers an unknown address the same way, so a lock reveals nothing", async () => {
    const email = uniqueEmail("nobody");
    await failTimes(email, SIGN_IN_LOCKOUT.maxFailures);
    const res = await signIn(email, "wrong-password-1");
    expect(res.status).toBe(429);
    expect((res.body as { code: string }).code).toBe("ACCOUNT_LOCKED");
  });

  it("does not lock for 10 failures spread over more than 15 minutes", async () => {
    const user = await signedInUser(t.app, db(), "spread");
    await failTimes(user.email, 5);
    await ageFailures(user.email, SIGN_IN_LOCKOUT.windowSeconds + 5);
    await failTimes(user.email, 5);
    expect((await signIn(user.email, GOOD_PASSWORD)).status).toBe(200);
  });

  it("ends 15 minutes after the last failure", async () => {
    const user = await signedInUser(t.app, db(), "waits");
    await failTimes(user.email, SIGN_IN_LOCKOUT.maxFailures);
    await ageFailures(user.email, SIGN_IN_LOCKOUT.lockSeconds - 60);
    const almost = await signIn(user.email, GOOD_PASSWORD);
    expect(almost.status).toBe(429);
    expect((almost.body as { message: string }).message).toContain("Try again in 1 minute or reset");
    await ageFailures(user.email, 61);
    expect((await signIn(user.email, GOOD_PASSWORD)).status).toBe(200);
    expect(await db().select().from(signInFailures).where(eq(signInFailures.email, user.email))).toHaveLength(0);
  });

  it("lets the owner reset the password, which ends the lock", async () => {
    const user = await signedInUser(t.app, db(), "resets");
    await failTimes(user.email, SIGN_IN_LOCKOUT.maxFailures);
    const asked = await call(t.app, "POST", "/api/auth/request-password-reset", { body: { email: user.email, redirectTo: "/auth/reset-password" } });
    expect(asked.status).toBe(200);
    const token = new URLSearchParams(new URL(await latestLink(db(), user.email)).hash.slice(1)).get("token");
    const reset = await call(t.app, "POST", "/api/auth/reset-password", { body: { token, newPassword: "cobalt-lantern-6620" } });
    expect(reset.status).toBe(200);
    expect((await signIn(user.email, "cobalt-lantern-6620")).status).toBe(200);
  });

  it("writes one audit row per failure with its address, and one for the lock", async () => {
    const user = await signedInUser(t.app, db(), "audited");
    await failTimes(user.email, SIGN_IN_LOCKOUT.maxFailures);
    const rows = await db().select().from(auditLog).where(eq(auditLog.actorUserId, user.id));
    const failed = rows.filter((r) => r.action === "auth.sign_in_failed");
    expect(failed).toHaveLength(SIGN_IN_LOCKOUT.maxFailures);
    expect(new Set(failed.map((r) => r.ip)).size).toBe(SIGN_IN_LOCKOUT.maxFailures);
    expect(failed.every((r) => r.orgId === null && r.details.email === user.email)).toBe(true);
    const locks = await db().select().from(auditLog).where(and(eq(auditLog.actorUserId, user.id), eq(auditLog.action, "auth.lockout")));
    expect(locks).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain("wrong-password-1");
  });
});
