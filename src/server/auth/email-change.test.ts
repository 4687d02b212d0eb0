import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, devOutbox, user } from "../db/schema";
import { call } from "../testing/http";
import { useTestApp } from "../testing/suite-app";
import { GOOD_PASSWORD, latestLink, signedInUser, uniqueEmail } from "../testing/users";

const t = useTestApp();
const db = () => t.services.database.db;
const CALLBACK = "/app/settings?emailChanged=1";

const changeEmail = (cookie: string, newEmail: string) => call(t.app, "POST", "/api/auth/change-email", { cookie, body: { newEmail, callbackURL: CALLBACK } });
const emailOf = async (id: string) => (await db().select({ email: user.email }).from(user).where(eq(user.id, id)))[0]?.email;
const lastMailTo = async (to: string) => (await db().select().from(devOutbox).where(eq(devOutbox.to, to)).orderBy(desc(devOutbox.createdAt)).limit(1))[0];
const signIn = (email: string) => call(t.app, "POST", "/api/auth/sign-in/email", { body: { email, password: GOOD_PASSWORD } });

describe("changing the email", () => {
  it("mails a link to the new address and a notice to the old; only the link changes it, and then only the new address signs in", async () => {
    const u = await signedInUser(t.app, db(), "change");
    const newEmail = uniqueEmail("changed");
    const asked = await changeEmail(u.cookie, newEmail);
    expect(asked.status).toBe(200);
    expect(await emailOf(u.id)).toBe(u.email);

    const notice = await lastMailTo(u.email);
    expect(notice?.subject).toMatch(/about to change/);
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).not.toMatch(/https?:\/\/\S*token/);
    const confirmation = await lastMailTo(newEmail);
    expect(confirmation?.subject).toMatch(/Confirm your new email/);

    // Still the old address until the link is opened.
    expect((await signIn(u.email)).status).toBe(200);
    const link = new URL(await latestLink(db(), newEmail));
    const opened = await call(t.app, "GET", link.pathname + link.search, { cookie: u.cookie });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(CALLBACK);
    expect(await emailOf(u.id)).toBe(newEmail);

    expect((await signIn(u.email)).status).toBe(401);
    expect((await signIn(newEmail)).status).toBe(200);
    const session = await call(t.app, "GET", "/api/auth/get-session", { cookie: u.cookie });
    expect((session.body as { user: { email: string; emailVerified: boolean } }).user).toMatchObject({ email: newEmail, emailVerified: true });
    const actions = (await db().select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.actorUserId, u.id)))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["auth.email_change_requested", "auth.email_changed"]));
  });

  it("answers a taken address as any other, without mailing its owner, and changes nothing", async () => {
    const u = await signedInUser(t.app, db(), "taken");
    const other = await signedInUser(t.app, db(), "taken-other");
    const before = (await db().select().from(devOutbox).where(eq(devOutbox.to, other.email))).length;
    const asked = await changeEmail(u.cookie, other.email);
    expect(asked.status).toBe(200);
    expect((await db().select().from(devOutbox).where(eq(devOutbox.to, other.email))).length).toBe(before);
    expect(await emailOf(u.id)).toBe(u.email);
  });

  it("refuses a bad address, the same address and a caller without a session", async () => {
    const u = await signedInUser(t.app, db(), "bad-change");
    expect((await changeEmail(u.cookie, "not-an-address")).status).toBe(400);
    expect((await changeEmail(u.cookie, u.email)).status).toBe(400);
    expect((await changeEmail("", uniqueEmail("nobody"))).status).toBe(401);
  });

  it("keeps the link's token out of the request log", async () => {
    const u = await signedInUser(t.app, db(), "log-change");
    const newEmail = uniqueEmail("log-changed");
    await changeEmail(u.cookie, newEmail);
    const link = new URL(await latestLink(db(), newEmail));
    const token = link.searchParams.get("token")!;
    const lines: string[] = [];
    const logger = t.services.logger as unknown as { info: (...args: unknown[]) => void };
    const original = logger.info.bind(logger);
    logger.info = (...args: unknown[]) => {
      lines.push(JSON.stringify(args));
      original(...args);
    };
    try {
      await call(t.app, "GET", link.pathname + link.search);
    } finally {
      logger.info = original;
    }
    // The request was logged, by its path alone.
    expect(lines.join("\n")).toContain("/api/auth/verify-email");
    expect(lines.join("\n")).not.toContain(token);
  });
});
