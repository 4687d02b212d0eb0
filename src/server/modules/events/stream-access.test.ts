import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships, session } from "../../db/schema";
import { call } from "../../testing/http";
import { openStream, type SseStream } from "../../testing/sse-stream";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { signedInUser } from "../../testing/users";
import { orgUser } from "../../testing/work-fixtures";
import { streamAccess } from "./stream-access";

// The stream asks again every 100 ms here (10 s in production), so each case ends quickly.
let t: TestApp;
const open: SseStream[] = [];
beforeAll(async () => (t = await createTestApp({ STREAM_ACCESS_CHECK_MS: "100" })));
afterAll(async () => {
  for (const s of open) await s.close();
  await t?.close();
});

async function liveStream(orgId: string, cookie: string) {
  const stream = await openStream(t.app, orgId, cookie, `10.3.${open.length}.1`);
  open.push(stream);
  expect(stream.status).toBe(200);
  await stream.waitFor((e) => e.event === "ready");
  return stream;
}

const endedWith = async (stream: SseStream, reason: string) => {
  const end = await stream.waitFor((e) => e.event === "end", 5000);
  expect(JSON.parse(end.data)).toEqual({ reason });
  for (let i = 0; i < 50 && !stream.isEnded(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(stream.isEnded()).toBe(true);
};

describe("an open event stream", () => {
  it("ends when its session signs out", async () => {
    const u = await orgUser(t.app, t.services.database.db, "stream-signout");
    const stream = await liveStream(u.orgId, u.cookie);
    expect((await call(t.app, "POST", "/api/auth/sign-out", { cookie: u.cookie, body: {} })).status).toBe(200);
    await endedWith(stream, "signed_out");
  });

  it("ends when its session is revoked or expires", async () => {
    const u = await orgUser(t.app, t.services.database.db, "stream-revoke");
    const revoked = await liveStream(u.orgId, u.cookie);
    await t.services.database.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.userId, u.id));
    await endedWith(revoked, "signed_out");
  });

  it("ends when the user leaves the organisation, and keeps going for those who stay", async () => {
    const owner = await orgUser(t.app, t.services.database.db, "stream-owner");
    const member = await signedInUser(t.app, t.services.database.db, "stream-member");
    await t.services.database.db.insert(memberships).values({ orgId: owner.orgId, userId: member.id, role: "member" });
    const theirs = await liveStream(owner.orgId, member.cookie);
    const mine = await liveStream(owner.orgId, owner.cookie);
    await t.services.database.db.delete(memberships).where(and(eq(memberships.orgId, owner.orgId), eq(memberships.userId, member.id)));
    await endedWith(theirs, "not_member");
    await new Promise((r) => setTimeout(r, 300));
    expect(mine.isEnded()).toBe(false);
  });
});

describe("asking again while the database is away", () => {
  it("rejects (the stream stays open) instead of answering that the member was removed", async () => {
    const u = await orgUser(t.app, t.services.database.db, "stream-away");
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    // The session is read through the auth library's own handle; the membership through this one.
    // A query builder whose every step chains and whose result is the refusal, as a pool that cannot connect gives.
    const failing: object = new Proxy(() => undefined, { get: (_, key) => (key === "then" ? (_ok: unknown, fail: (e: unknown) => void) => fail(refused) : () => failing) });
    const away = new Proxy(t.services.database.db, { get: (target, key) => (key === "select" ? () => failing : Reflect.get(target, key)) });
    const services = { ...t.services, database: { ...t.services.database, db: away } };
    const headers = new Headers({ cookie: u.cookie });
    await expect(streamAccess(services, headers, u.id, u.orgId)).rejects.toBe(refused);
    expect(await streamAccess(t.services, headers, u.id, u.orgId)).toBe("ok");
  });
});
