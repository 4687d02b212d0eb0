import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type Database } from "../db/client";
import { call } from "../testing/http";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app";
import { openTestDatabase, type TestDatabase } from "../testing/test-database";
import { createPlaneVia, createProjectVia, orgUser, type OrgUser } from "../testing/work-fixtures";

// Two instances on one database, so a limit reached on one is a limit on the other.
const limits = { LIMIT_WRITES_PER_MINUTE: "6", LIMIT_SEARCHES_PER_MINUTE: "4", LIMIT_IMPORTS_PER_HOUR: "2", LIMIT_STREAMS_PER_USER: "2" };
let database: TestDatabase;
let secondPool: Database | undefined;
let one: TestApp;
let two: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  secondPool = database.url ? await openPostgres(database.url, 3) : undefined;
  [one, two] = await Promise.all([createTestApp(limits, database), createTestApp(limits, secondPool ?? database)]);
});
afterAll(async () => {
  await secondPool?.close();
  await database?.close();
});

const fresh = (label: string) => orgUser(one.app, database.db, label);
const onTwo = (u: OrgUser, method: string, path: string, body?: unknown) => call(two.app, method, `${u.base}${path}`, { cookie: u.cookie, body });

describe("abuse limits", () => {
  it("stops a user's writes past the limit on every instance, with Retry-After, and not another user's", async () => {
    const u = await fresh("writer");
    const other = await fresh("other-writer");
    // bootstrap counted one write already
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await (i % 2 ? onTwo(u, "POST", "/planes", { name: `P${i}` }) : u.api("POST", "/planes", { name: `P${i}` }))).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const refused = await onTwo(u, "POST", "/planes", { name: "One too many" });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: "rate_limited" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect((await u.api("GET", "/planes")).status).toBe(200);
    expect((await other.api("POST", "/planes", { name: "Mine" })).status).toBe(201);
  });

  it("limits searches per user", async () => {
    const u = await fresh("searcher");
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await u.api("GET", `/search?q=x${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it("limits imports per organisation", async () => {
    const u = await fresh("importer");
    const project = await createProjectVia(u, await createPlaneVia(u, "Import plane"), "Imports");
    expect(project).toBeTruthy();
    const body = { rows: [{ title: "Row", project: "Imports" }] };
    expect((await u.api("POST", "/onboarding/import-tasks", body)).status).toBe(200);
    expect((await onTwo(u, "POST", "/onboarding/import-tasks", body)).status).toBe(200);
    const third = await u.api("POST", "/onboarding/import-tasks", body);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(60);
  });

  it("keeps at most the allowed number of event streams open per user, across instances", async () => {
    const u = await fresh("streamer");
    const open = async (t: TestApp) => {
      const abort = new AbortController();
      const res = await t.app.request(`${TEST_ORIGIN}${u.base}/events`, { headers: { cookie: u.cookie, origin: TEST_ORIGIN }, signal: abort.signal }, { incoming: { socket: { remoteAddress: "10.7.7.7" } } });
      const reader = res.body?.getReader();
      if (res.status === 200) await reader?.read(); // the ready event: the lease is taken by now
      return { status: res.status, res, close: async () => (await reader?.cancel(), abort.abort()) };
    };
    const first = await open(one);
    const second = await open(two);
    const third = await open(one);
    expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);
    expect(third.res.headers.get("retry-after")).toBe("30");
    await first.close();
    // The lease goes when the stream's loop notices the abort.
    let again = await open(two);
    for (let i = 0; i < 20 && again.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      again = await open(two);
    }
    expect(again.status).toBe(200);
    await Promise.all([second.close(), again.close()]);
  });
  it("counts a signed-out caller's writes on a public route per address: an invitation's preview", async () => {
    const ip = "203.0.113.77";
    const preview = () => call(two.app, "POST", "/api/v1/invitations/preview", { body: { token: "x".repeat(43) }, ip });
    const statuses: number[] = [];
    // Six writes a minute per user, three users' worth per address.
    for (let i = 0; i < 18; i++) statuses.push((await (i % 2 ? preview() : call(one.app, "POST", "/api/v1/invitations/preview", { body: { token: "x".repeat(43) }, ip }))).status);
    expect(statuses.every((s) => s !== 429)).toBe(true);
    const refused = await preview();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: "rate_limited" } });
    // Another address is not held up.
    expect((await call(one.app, "POST", "/api/v1/invitations/preview", { body: { token: "x".repeat(43) }, ip: "203.0.113.78" })).status).not.toBe(429);
  });
});
