import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUTH_RATE_LIMITS } from "@/shared/constants";
import { SESSION_HINT_COOKIE } from "@/shared/session-hint";
import { auditLog, devOutbox } from "../db/schema";
import { call } from "../testing/http";
import { useTestApp } from "../testing/suite-app";
import { GOOD_PASSWORD, latestLink, uniqueEmail } from "../testing/users";
import { VERIFICATION_MAIL_LIMIT } from "./verification-mail-limit";

const t = useTestApp();

const db = () => t.services.database.db;
// What the web's sign-up and resend ask for (features/auth/auth-page.tsx).
const CALLBACK = "/auth?verified=1";
const signUp = (email: string) => call(t.app, "POST", "/api/auth/sign-up/email", { body: { email, password: GOOD_PASSWORD, name: "Ada", callbackURL: CALLBACK } });
const resend = (email: string, ip?: string) => call(t.app, "POST", "/api/auth/send-verification-email", { body: { email, callbackURL: CALLBACK }, ip });
const follow = (link: string) => {
  const url = new URL(link);
  return call(t.app, "GET", url.pathname + url.search);
};
const mailsTo = async (email: string) => (await db().select().from(devOutbox).where(eq(devOutbox.to, email))).length;
const hintOf = (headers: Headers) => headers.getSetCookie().find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`));

describe("the confirmation link", () => {
  it("signs the user in and lands on /auth?verified=1, which forwards to /app", async () => {
    const email = uniqueEmail("verify");
    expect((await signUp(email)).status).toBe(200);
    const link = await latestLink(db(), email);
    expect(new URL(link).searchParams.get("callbackURL")).toBe(CALLBACK);

    const verified = await follow(link);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe(CALLBACK);
    expect(verified.cookie).toMatch(/session_token=/);
    expect(hintOf(verified.headers)).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1; Path=/; SameSite=Lax; Max-Age=\\d+`));

    const me = await call(t.app, "GET", "/api/auth/get-session", { cookie: verified.cookie });
    expect((me.body as { user: { email: string; emailVerified: boolean } }).user).toMatchObject({ email, emailVerified: true });
    const [row] = await db().select().from(auditLog).where(and(eq(auditLog.action, "auth.sign_in"), eq(auditLog.targetId, (me.body as { user: { id: string } }).user.id)));
    expect(row?.details).toEqual({ method: "email_verification" });
  });

  it("signs in only once: a second click on a confirmed address just lands on the page", async () => {
    const email = uniqueEmail("twice");
    await signUp(email);
    const link = await latestLink(db(), email);
    expect((await follow(link)).cookie).toMatch(/session_token=/);
    const again = await follow(link);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(CALLBACK);
    expect(again.cookie).not.toMatch(/session_token=/);
  });

  it("sends a broken or expired link to the page with the reason", async () => {
    const res = await call(t.app, "GET", `/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent(CALLBACK)}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${CALLBACK}&error=INVALID_TOKEN`);
    expect(res.cookie).not.toMatch(/session_token=/);
  });
});

describe("resending the confirmation", () => {
  it("mails a new link to an unconfirmed address and answers an unknown one the same, without mail", async () => {
    const email = uniqueEmail("resend");
    await signUp(email);
    const known = await resend(email);
    const unknownAddress = uniqueEmail("nobody");
    const unknown = await resend(unknownAddress);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(await mailsTo(email)).toBe(2);
    expect(await mailsTo(unknownAddress)).toBe(0);
    // The newer link works as the first would.
    expect((await follow(await latestLink(db(), email))).cookie).toMatch(/session_token=/);
  });

  it(`allows ${AUTH_RATE_LIMITS["/send-verification-email"].max} a minute from one address, then 429 with Retry-After`, async () => {
    const ip = "192.0.2.61";
    const { max } = AUTH_RATE_LIMITS["/send-verification-email"];
    for (let i = 0; i < max; i++) expect((await resend(uniqueEmail("per-ip"), ip)).status).toBe(200);
    const refused = await resend(uniqueEmail("per-ip"), ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it(`allows ${VERIFICATION_MAIL_LIMIT.max} per ${VERIFICATION_MAIL_LIMIT.windowSeconds / 60} minutes for one mailbox from any address, known or not`, async () => {
    for (const email of [uniqueEmail("flooded"), uniqueEmail("unknown-flooded")]) {
      if (email.startsWith("flooded")) await signUp(email);
      const before = await mailsTo(email);
      for (let i = 0; i < VERIFICATION_MAIL_LIMIT.max; i++) expect((await resend(email)).status).toBe(200);
      const refused = await resend(email.toUpperCase());
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: "VERIFICATION_MAIL_LIMITED", message: expect.stringMatching(/Try again in 15 minutes/) });
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(VERIFICATION_MAIL_LIMIT.windowSeconds - 60);
      expect(await mailsTo(email)).toBe(before + (email.startsWith("flooded") ? VERIFICATION_MAIL_LIMIT.max : 0));
    }
  });

  it("is not sent by a refused sign-in any more: the page offers the resend instead", async () => {
    const email = uniqueEmail("no-auto");
    await signUp(email);
    const refused = await call(t.app, "POST", "/api/auth/sign-in/email", { body: { email, password: GOOD_PASSWORD, callbackURL: CALLBACK } });
    expect(refused.status).toBe(403);
    expect((refused.body as { code: string }).code).toBe("EMAIL_NOT_VERIFIED");
    expect(await mailsTo(email)).toBe(1);
  });
});

describe("the session hint cookie", () => {
  it("follows the session cookie: set with its lifetime on sign-in, cleared on sign-out", async () => {
    const email = uniqueEmail("hint");
    await signUp(email);
    await follow(await latestLink(db(), email));
    const signIn = await call(t.app, "POST", "/api/auth/sign-in/email", { body: { email, password: GOOD_PASSWORD } });
    const session = signIn.headers.getSetCookie().find((c) => /session_token=/.test(c))!;
    const maxAge = /Max-Age=(\d+)/.exec(session)?.[1];
    expect(hintOf(signIn.headers)).toBe(`${SESSION_HINT_COOKIE}=1; Path=/; SameSite=Lax; Max-Age=${maxAge}`);
    expect(hintOf(signIn.headers)).not.toMatch(/HttpOnly/i);

    const out = await call(t.app, "POST", "/api/auth/sign-out", { cookie: signIn.cookie, body: {} });
    expect(hintOf(out.headers)).toBe(`${SESSION_HINT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`);
    // No session cookie touched, no hint either.
    expect(hintOf((await call(t.app, "GET", "/api/auth/get-session")).headers)).toBeUndefined();
  });
});
