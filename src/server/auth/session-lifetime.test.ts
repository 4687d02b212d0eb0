import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_ABSOLUTE_SECONDS, SESSION_REFRESH_SECONDS, SESSION_SLIDING_SECONDS } from "@/shared/constants";
import { session } from "../db/schema";
import { createTestApp, type TestApp } from "../testing/test-app";
import { call } from "../testing/http";
import { signedInUser as signUpAndSignIn } from "../testing/users";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const DAY = 24 * 3600 * 1000;
const db = () => t.services.database.db;

/**
 * A signed-in user holding one session: following the confirmation link signs in too
 * (autoSignInAfterVerification), and that session is not the one these tests age.
 */
async function signedInUser(...args: Parameters<typeof signUpAndSignIn>) {
  const user = await signUpAndSignIn(...args);
  const token = decodeURIComponent(/session_token=([^;]+)/.exec(user.cookie)?.[1] ?? "").split(".")[0]!;
  await db().delete(session).where(and(eq(session.userId, user.id), ne(session.token, token)));
  return user;
}

const sessionOf = async (userId: string) => {
  const [row] = await db().select().from(session).where(eq(session.userId, userId));
  if (!row) throw new Error(`no session for ${userId}`);
  return row;
};

/** Ages the user's session: signed in `ageDays` ago, last refreshed long enough ago that a refresh is due. */
async function ageSession(userId: string, ageDays: number) {
  const now = Date.now();
  const lastRefresh = now - SESSION_REFRESH_SECONDS * 1000 - 60_000;
  await db()
    .update(session)
    .set({ createdAt: new Date(now - ageDays * DAY), updatedAt: new Date(lastRefresh), expiresAt: new Date(lastRefresh + SESSION_SLIDING_SECONDS * 1000) })
    .where(eq(session.userId, userId));
  return sessionOf(userId);
}

const absoluteEnd = (createdAt: Date) => createdAt.getTime() + SESSION_ABSOLUTE_SECONDS * 1000;

describe("sliding refresh", () => {
  it("moves expires_at forward for a young session", async () => {
    const user = await signedInUser(t.app, db(), "young");
    const before = await ageSession(user.id, 3);
    const res = await call(t.app, "GET", "/api/auth/get-session", { cookie: user.cookie });
    expect(res.status).toBe(200);
    const after = await sessionOf(user.id);
    expect(after.expiresAt.getTime()).toBeGreaterThan(before.expiresAt.getTime());
    expect(after.expiresAt.getTime()).toBeLessThanOrEqual(absoluteEnd(after.createdAt));
  });

  it("never carries a session past its absolute lifetime", async () => {
    const user = await signedInUser(t.app, db(), "near-end");
    // 23.5 days old: a full 7-day slide would end half a day past the 30-day limit.
    const before = await ageSession(user.id, 23.5);
    const res = await call(t.app, "GET", "/api/auth/get-session", { cookie: user.cookie });
    expect(res.status).toBe(200);
    const after = await sessionOf(user.id);
    expect(after.expiresAt.getTime()).toBeGreaterThan(before.expiresAt.getTime());
    expect(after.expiresAt.getTime()).toBe(absoluteEnd(after.createdAt));
  });
});

describe("a session past its absolute lifetime", () => {
  it("gets null from get-session, a cleared cookie, and is revoked", async () => {
    const user = await signedInUser(t.app, db(), "old-get");
    await ageSession(user.id, 31);
    const res = await call(t.app, "GET", "/api/auth/get-session", { cookie: user.cookie });
    expect(res.body).toBeNull();
    expect(res.headers.getSetCookie().some((c) => /session_token=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(await db().select().from(session).where(eq(session.userId, user.id))).toHaveLength(0);
  });

  it("is refused by the API with 401 and revoked", async () => {
    const user = await signedInUser(t.app, db(), "old-api");
    expect((await call(t.app, "GET", "/api/v1/organisations", { cookie: user.cookie })).status).toBe(200);
    await ageSession(user.id, 31);
    const res = await call(t.app, "GET", "/api/v1/organisations", { cookie: user.cookie });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: { code: "unauthorized" } });
    expect(await db().select().from(session).where(eq(session.userId, user.id))).toHaveLength(0);
  });

  it("is refused even when its expires_at was never clamped", async () => {
    const user = await signedInUser(t.app, db(), "old-unclamped");
    await db()
      .update(session)
      .set({ createdAt: new Date(Date.now() - 31 * DAY), updatedAt: new Date(), expiresAt: new Date(Date.now() + 6 * DAY) })
      .where(eq(session.userId, user.id));
    expect((await call(t.app, "GET", "/api/v1/organisations", { cookie: user.cookie })).status).toBe(401);
    expect((await call(t.app, "GET", "/api/auth/get-session", { cookie: user.cookie })).body).toBeNull();
  });
});
