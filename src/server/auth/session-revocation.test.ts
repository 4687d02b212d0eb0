import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { Database } from "../db/client";
import { memberships, session } from "../db/schema";
import { AUTH_CHANGES_CHANNEL } from "./session-cache";
import { call } from "../testing/http";
import { useTwoInstances } from "../testing/suite-app";
import { createTestApp, type TestApp } from "../testing/test-app";
import { GOOD_PASSWORD, signedInUser } from "../testing/users";

// Two instances on one database, each with its own session cache (and, on a PostgreSQL server,
// its own pool and LISTEN connection, as two processes would have).
const { database, a, b } = useTwoInstances();

/** A signed-in member of a fresh organisation, with the task list served from memory (B's by default). */
async function memberServedFromCache(label: string, served: TestApp = b) {
  const user = await signedInUser(a.app, a.services.database.db, label);
  const boot = await call(a.app, "POST", "/functions/v1/org-bootstrap", { cookie: user.cookie, body: { user_id: user.id } });
  const orgId = (boot.body as { org: { id: string } }).org.id;
  const tasks = `/api/v1/organisations/${orgId}/tasks`;
  await vi.waitFor(() => expect(served.services.sessionCache.isTrusted()).toBe(true));
  const getSession = vi.spyOn(served.services.auth.api, "getSession");
  try {
    // The first request remembers; notifications of the set-up (heard a moment later) may make it forget once.
    await vi.waitFor(
      async () => {
        getSession.mockClear();
        expect((await call(served.app, "GET", tasks, { cookie: user.cookie })).status).toBe(200);
        expect(getSession).not.toHaveBeenCalled();
      },
      { timeout: 2_000, interval: 20 },
    );
  } finally {
    getSession.mockRestore();
  }
  return { ...user, orgId, tasks };
}

/** B answers `status` within a second: the time for the NOTIFY to cross, never a TTL. */
const answeredOnB = (path: string, cookie: string, status: number) =>
  vi.waitFor(async () => expect((await call(b.app, "GET", path, { cookie })).status).toBe(status), { timeout: 1_000, interval: 20 });

describe("revocation across two instances", () => {
  it("a sign-out on A is refused on B at once", async () => {
    const user = await memberServedFromCache("rev-signout");
    expect((await call(a.app, "POST", "/api/auth/sign-out", { cookie: user.cookie, body: {} })).status).toBe(200);
    await answeredOnB(user.tasks, user.cookie, 401);
  });

  it("a session revoked from another device on A is refused on B at once", async () => {
    const user = await memberServedFromCache("rev-other");
    const second = await call(a.app, "POST", "/api/auth/sign-in/email", { body: { email: user.email, password: GOOD_PASSWORD } });
    expect(second.status).toBe(200);
    expect((await call(a.app, "POST", "/api/auth/revoke-other-sessions", { cookie: second.cookie, body: {} })).status).toBe(200);
    await answeredOnB(user.tasks, user.cookie, 401);
    expect((await call(b.app, "GET", user.tasks, { cookie: second.cookie })).status).toBe(200);
  });

  it("a removed membership is refused on B at once, the session still good", async () => {
    const user = await memberServedFromCache("rev-member");
    await a.services.database.db.delete(memberships).where(and(eq(memberships.userId, user.id), eq(memberships.orgId, user.orgId)));
    await answeredOnB(user.tasks, user.cookie, 404);
    expect((await call(b.app, "GET", "/api/v1/organisations", { cookie: user.cookie })).status).toBe(200);
  });

  it("an owner demoted on A loses the owner's reach on B at once, a member promoted gains it", async () => {
    const second = await memberServedFromCache("rev-role");
    const first = await signedInUser(a.app, a.services.database.db, "rev-role-owner");
    await a.services.database.db.insert(memberships).values({ orgId: second.orgId, userId: first.id, role: "owner" });
    const audit = `/api/v1/organisations/${second.orgId}/audit`;
    expect((await call(b.app, "GET", audit, { cookie: second.cookie })).status).toBe(200);
    const demote = await call(a.app, "PATCH", `/api/v1/organisations/${second.orgId}/members/${second.id}`, { cookie: first.cookie, body: { role: "member" } });
    expect(demote.status).toBe(200);
    await answeredOnB(audit, second.cookie, 403);
    expect((await call(a.app, "PATCH", `/api/v1/organisations/${second.orgId}/members/${second.id}`, { cookie: first.cookie, body: { role: "owner" } })).status).toBe(200);
    await answeredOnB(audit, second.cookie, 200);
  });

  it("a session deleted in the database is refused on B at once", async () => {
    const user = await memberServedFromCache("rev-row");
    await a.services.database.db.delete(session).where(eq(session.userId, user.id));
    await answeredOnB(user.tasks, user.cookie, 401);
  });
});

/**
 * A third instance whose LISTEN for auth changes the test can cut and keep from coming back, as a
 * database restart would; everything else goes to the shared database.
 */
async function instanceWithCuttableListener() {
  const gate = { refuse: false, cut: () => undefined as void };
  const flaky: Database = {
    ...database,
    close: async () => undefined,
    listen: async (channel, onPayload, onLost) => {
      if (channel !== AUTH_CHANGES_CHANNEL) return database.listen(channel, onPayload, onLost);
      if (gate.refuse) throw new Error("database away");
      const stop = await database.listen(channel, onPayload, onLost);
      gate.cut = () => void stop().then(() => onLost?.(new Error("connection cut")));
      return stop;
    },
  };
  const c = await createTestApp({}, flaky);
  return { c, gate };
}

/** A member served from C's cache, then C's LISTEN cut and kept away until `gate.refuse` is lifted; C is closed after `run`. */
async function whileNotListening(label: string, run: (c: TestApp, gate: { refuse: boolean }, user: Awaited<ReturnType<typeof memberServedFromCache>>) => Promise<void>) {
  const { c, gate } = await instanceWithCuttableListener();
  try {
    const user = await memberServedFromCache(label, c);
    gate.refuse = true;
    gate.cut();
    await vi.waitFor(() => expect(c.services.sessionCache.isTrusted()).toBe(false));
    await run(c, gate, user);
  } finally {
    await c.close();
  }
}

describe("while an instance is not listening", () => {
  it("asks the database on every request, so a revocation meanwhile holds at once", () =>
    whileNotListening("down-bypass", async (c, _gate, user) => {
      const getSession = vi.spyOn(c.services.auth.api, "getSession");
      for (let i = 0; i < 2; i++) expect((await call(c.app, "GET", user.tasks, { cookie: user.cookie })).status).toBe(200);
      expect(getSession).toHaveBeenCalledTimes(2);
      await a.services.database.db.delete(memberships).where(eq(memberships.userId, user.id));
      expect((await call(c.app, "GET", user.tasks, { cookie: user.cookie })).status).toBe(404);
      await a.services.database.db.delete(session).where(eq(session.userId, user.id));
      expect((await call(c.app, "GET", user.tasks, { cookie: user.cookie })).status).toBe(401);
    }));

  it("forgets everything once listening again, since changes meanwhile were never heard", () =>
    whileNotListening("down-resume", async (c, gate, user) => {
      await a.services.database.db.delete(memberships).where(eq(memberships.userId, user.id));
      gate.refuse = false;
      await vi.waitFor(() => expect(c.services.sessionCache.isTrusted()).toBe(true), { timeout: 5_000 });
      expect((await call(c.app, "GET", user.tasks, { cookie: user.cookie })).status).toBe(404);
    }));
});
