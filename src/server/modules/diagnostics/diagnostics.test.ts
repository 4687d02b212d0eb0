import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diagnosticsSnapshot, type DiagnosticsSnapshot } from "@/shared/diagnostics";
import { agentJobs } from "../../db/schema";
import { call } from "../../testing/http";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { ownerOtherAndMember, randomId, type OrgUser } from "../../testing/work-fixtures";

// /app/diagnostics' snapshot: figures of real requests and statements, owners only.
let t: TestApp;
let owner: OrgUser;
let other: OrgUser;
let member: { id: string; cookie: string };
const tasksRoute = "GET /api/v1/organisations/:orgId/tasks";

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, other, member } = await ownerOtherAndMember(t.app, t.services.database.db, "diag"));
});
afterAll(async () => t?.close());

const snapshotOf = async (u: OrgUser): Promise<DiagnosticsSnapshot> => {
  const res = await u.api("GET", "/diagnostics");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return diagnosticsSnapshot.parse(res.body);
};

describe("the diagnostics snapshot", () => {
  it("counts requests by route pattern, with 4xx and 5xx, and never a path, id or user", async () => {
    const missingTask = randomId();
    for (let i = 0; i < 3; i++) expect((await owner.api("GET", "/tasks")).status).toBe(200);
    expect((await owner.api("GET", `/tasks/${missingTask}`)).status).toBe(404);
    expect((await call(t.app, "GET", "/api/v1/no-such-thing")).status).toBe(404);
    // A real server fault: the table a route reads is gone (as after a bad manual change).
    const { db } = t.services.database;
    await db.execute(sql`alter table tasks rename to tasks_away`);
    try {
      expect((await owner.api("GET", "/tasks")).status).toBe(500);
    } finally {
      await db.execute(sql`alter table tasks_away rename to tasks`);
    }

    const snap = await snapshotOf(owner);
    const tasks = snap.requests.routes.find((r) => r.route === tasksRoute);
    expect(tasks).toMatchObject({ requests: 4, clientErrors: 0, serverErrors: 1 });
    expect(tasks!.p50).toBeGreaterThan(0);
    expect(snap.requests.routes.find((r) => r.route === `${tasksRoute}/:taskId`)).toMatchObject({ requests: 1, clientErrors: 1 });
    expect(snap.requests.routes.find((r) => r.route === "unmatched")!.clientErrors).toBeGreaterThanOrEqual(1);
    expect(snap.requests.totals.serverErrors).toBeGreaterThanOrEqual(1);
    expect(snap.requests.minutes.at(-1)!.serverErrors).toBeGreaterThanOrEqual(1);
    const text = JSON.stringify(snap);
    for (const secret of [owner.orgId, missingTask, member.id, other.orgId]) expect(text).not.toContain(secret);
  });

  it("lists slow statements by their text, without the values they ran with", async () => {
    const { db } = t.services.database;
    await db.execute(sql`select pg_sleep(${0.25}), ${"diag-secret-value"}::text as secret`);
    const snap = await snapshotOf(owner);
    expect(snap.queries.thresholdMs).toBe(200);
    const slow = snap.queries.slow.find((s) => s.statement.startsWith("select pg_sleep($1)"));
    expect(slow, JSON.stringify(snap.queries.slow)).toBeDefined();
    expect(slow!.maxMs).toBeGreaterThanOrEqual(200);
    expect(snap.queries.topByTotal.length).toBeGreaterThan(0);
    expect(JSON.stringify(snap)).not.toContain("diag-secret-value");
  });

  it("shows the job queue's depth and this organisation's agent jobs only", async () => {
    const queueName = `diag-${randomId().slice(0, 8)}`;
    await t.services.queue.send(queueName, { probe: true });
    const { db } = t.services.database;
    await db.insert(agentJobs).values([
      { orgId: owner.orgId, message: "one", state: "queued" },
      { orgId: owner.orgId, message: "two", state: "failed" },
      { orgId: other.orgId, message: "elsewhere", state: "failed" },
    ]);
    const snap = await snapshotOf(owner);
    expect(snap.queue.error).toBeNull();
    expect(snap.queue.queues).toContainEqual({ name: queueName, created: 1, retry: 0, active: 0, failed: 0 });
    expect(snap.queue.agentJobs).toEqual({ queued: 1, sending: 0, sent: 0, done: 0, failed: 1 });
  });

  it("names the versions it runs on", async () => {
    const snap = await snapshotOf(owner);
    const pkg = JSON.parse(readFileSync(new URL("../../../../package.json", import.meta.url), "utf8")) as { version: string };
    expect(snap.versions).toMatchObject({ app: pkg.version, node: process.version, database: { kind: t.services.database.kind } });
    expect(snap.versions.database.version).toMatch(/^\d+/);
    expect(snap.versions.unhandledRejections).toBe(0);
    expect(snap.versions.memory.rssBytes).toBeGreaterThan(0);
    expect(snap.versions.instanceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is for owners: a member is refused, anyone else learns nothing", async () => {
    const path = `/api/v1/organisations/${owner.orgId}/diagnostics`;
    expect((await call(t.app, "GET", path, { cookie: member.cookie })).status).toBe(403);
    expect((await call(t.app, "GET", path, { cookie: other.cookie })).status).toBe(404);
    // Another organisation's owner, self-registered, is no operator: the platform's figures are not theirs.
    const own = await call(t.app, "GET", `${other.base}/diagnostics`, { cookie: other.cookie, headers: { "accept-language": "de" } });
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ error: { code: "forbidden", message: "Nur ein Betreiber dieser Plattform kann dies tun" } });
    expect((await call(t.app, "GET", path)).status).toBe(401);
  });
});
