import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../db/schema";
import { call } from "../testing/http";
import { useTestApp } from "../testing/suite-app";
import { GOOD_PASSWORD, latestLink, signedInUser } from "../testing/users";

const t = useTestApp();

const db = () => t.services.database.db;
const IP = "203.0.113.77";
const NEW_PASSWORD = "amber-quarry-4412";
const post = (path: string, cookie: string, body: unknown = {}) => call(t.app, "POST", `/api/auth${path}`, { cookie, body, ip: IP });
const signIn = (email: string, password = GOOD_PASSWORD) => call(t.app, "POST", "/api/auth/sign-in/email", { body: { email, password }, ip: IP });
const eventsOf = (userId: string) => db().select().from(auditLog).where(eq(auditLog.actorUserId, userId)).orderBy(asc(auditLog.createdAt));

describe("auth events in the audit log", () => {
  it("records each event with the user, the client address and no organisation, never a password or token", async () => {
    const user = await signedInUser(t.app, db(), "audit");
    const secrets: string[] = [GOOD_PASSWORD, NEW_PASSWORD, "wrong-password-1"];

    const first = await signIn(user.email);
    expect((await signIn(user.email, "wrong-password-1")).status).toBe(401);
    expect((await post("/change-password", first.cookie, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200);
    const second = await signIn(user.email, NEW_PASSWORD);
    expect((await post("/revoke-other-sessions", second.cookie)).status).toBe(200);
    expect((await post("/sign-out", second.cookie)).status).toBe(200);
    const third = await signIn(user.email, NEW_PASSWORD);
    expect((await post("/revoke-sessions", third.cookie)).status).toBe(200);

    await call(t.app, "POST", "/api/auth/request-password-reset", { body: { email: user.email, redirectTo: "/auth/reset-password" } });
    const token = new URLSearchParams(new URL(await latestLink(db(), user.email)).hash.slice(1)).get("token")!;
    secrets.push(token);
    expect((await call(t.app, "POST", "/api/auth/reset-password", { body: { token, newPassword: GOOD_PASSWORD }, ip: IP })).status).toBe(200);

    const rows = await eventsOf(user.id);
    // The helper's confirmation link signed in first, then its own sign-in, both from other addresses.
    expect(rows.map((r) => r.action)).toEqual([
      "auth.sign_in",
      "auth.sign_in",
      "auth.sign_in",
      "auth.sign_in_failed",
      "auth.password_change",
      "auth.sign_in",
      "auth.sign_out_everywhere",
      "auth.sign_out",
      "auth.sign_in",
      "auth.sign_out_everywhere",
      "auth.password_reset",
    ]);
    expect(rows[0]?.details).toEqual({ method: "email_verification" });
    expect(rows.slice(2).every((r) => r.ip === IP)).toBe(true);
    expect(rows.every((r) => r.orgId === null && r.targetType === "user" && r.targetId === user.id)).toBe(true);
    expect(rows.find((r) => r.action === "auth.password_change")?.details).toEqual({ otherSessionsRevoked: false });
    expect(rows.filter((r) => r.action === "auth.sign_out_everywhere").map((r) => r.details)).toEqual([{ keptThisSession: true }, { keptThisSession: false }]);
    const stored = JSON.stringify(rows);
    for (const secret of [...secrets, first.cookie, second.cookie]) expect(stored).not.toContain(secret);
  });

  it("records nothing for a sign-out without a session", async () => {
    const before = await db().select().from(auditLog);
    expect((await call(t.app, "POST", "/api/auth/sign-out", { body: {} })).status).toBe(200);
    expect(await db().select().from(auditLog)).toHaveLength(before.length);
  });
});
