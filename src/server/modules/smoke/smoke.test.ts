import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { smokeChecks, smokeResult, type SmokeResult } from "@/shared/smoke";
import { probeResults } from "../../db/schema/health";
import { loadEnv } from "../../env";
import { startServer, type RunningServer } from "../../start-server";
import { call } from "../../testing/http";
import { startN8nHealthStandIn, type N8nHealthStandIn } from "../../testing/n8n-health-stand-in";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { openTestDatabase } from "../../testing/test-database";
import { testLogger } from "../../testing/test-log";
import { ownerOtherAndMember, type OrgUser } from "../../testing/work-fixtures";

// The checks run against a real listening server (they call it over HTTP and need its workers);
// the refusals and the stopped queue use an app without a socket or workers.
let n8n: N8nHealthStandIn;
let server: RunningServer;
let owner: OrgUser;
let other: OrgUser;
let member: { id: string; cookie: string };

beforeAll(async () => {
  n8n = await startN8nHealthStandIn();
  const env = loadEnv({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", APP_URL: TEST_ORIGIN, DATA_DIR: mkdtempSync(join(tmpdir(), "whq-smoke-")), SECRET_KEY: "d".repeat(64), MAIL_OUTBOX: "1", LOG_LEVEL: "silent", N8N_BASE: n8n.url, JOB_POLL_INTERVAL_MS: "500", PROBE_INTERVAL_MS: "0" });
  server = await startServer(env, testLogger("unit"), { database: await openTestDatabase() });
  ({ owner, other, member } = await ownerOtherAndMember(server.app, server.database.db, "smoke"));
});
afterAll(async () => {
  // stop closes the database too; a PostgreSQL test database is then dropped.
  await server?.stop();
  await server?.database.close().catch(() => undefined);
  await n8n?.close();
});

/** One check over a real socket, as the browser sends it. */
async function runOverHttp(cookie: string, orgId: string, check: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/v1/organisations/${orgId}/smoke/${check}`, { method: "POST", headers: { cookie, origin: TEST_ORIGIN } });
  return { status: res.status, body: await res.json() };
}

const resultOf = (res: { status: number; body: unknown }): SmokeResult => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return smokeResult.parse(res.body);
};

describe("smoke checks on a healthy server", () => {
  it.each(smokeChecks.map((check) => ({ check })))("$check passes", async ({ check }) => {
    const result = resultOf(await runOverHttp(owner.cookie, owner.orgId, check));
    expect(result, result.message).toMatchObject({ name: check, status: "pass" });
    expect(result.duration_ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(result.timestamp)).not.toBeNaN();
  });

  it("writes the health check's times as whole milliseconds, the same number in every language", async () => {
    const result = resultOf(await runOverHttp(owner.cookie, owner.orgId, "health"));
    expect(result.message).toMatch(/^Answered ok in \d+ ms; database round trip \d+ ms$/);
  });

  it("leaves no scratch rows behind", async () => {
    await runOverHttp(owner.cookie, owner.orgId, "database");
    await runOverHttp(owner.cookie, owner.orgId, "queue");
    const rows = await server.database.db.select().from(probeResults);
    expect(rows.filter((r) => r.probe.startsWith("smoke"))).toEqual([]);
  });

  it("fails n8n honestly, prefixed, while n8n answers 503; passes again once it is back", async () => {
    n8n.setDown(true);
    try {
      const down = resultOf(await runOverHttp(owner.cookie, owner.orgId, "n8n"));
      expect(down.status).toBe("fail");
      expect(down.message).toMatch(/^n8n: n8n answered 503/);
    } finally {
      n8n.setDown(false);
    }
    expect(resultOf(await runOverHttp(owner.cookie, owner.orgId, "n8n")).status).toBe("pass");
  });
});

describe("who may run them", () => {
  it("refuses a member (403), tells a stranger nothing (404), a visitor 401, and an unknown check 400", async () => {
    const asMember = await runOverHttp(member.cookie, owner.orgId, "database");
    expect(asMember.status).toBe(403);
    expect(asMember.body).toMatchObject({ error: { code: "forbidden" } });
    expect((await runOverHttp(other.cookie, owner.orgId, "database")).status).toBe(404);
    expect((await runOverHttp("", owner.orgId, "database")).status).toBe(401);
    const unknown = await runOverHttp(owner.cookie, owner.orgId, "disk");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: { code: "bad_request", fields: { check: "Unknown smoke check" } } });
  });
});

describe("without workers, a socket or n8n", () => {
  let t: TestApp;
  let o: OrgUser;
  beforeAll(async () => {
    t = await createTestApp({ SMOKE_QUEUE_TIMEOUT_MS: "400" });
    ({ owner: o } = await ownerOtherAndMember(t.app, t.services.database.db, "smoke-bare"));
  });
  afterAll(async () => t?.close());

  const run = async (check: string) => resultOf(await call(t.app, "POST", `${o.base}/smoke/${check}`, { cookie: o.cookie }));

  it("fails the queue check when no worker takes the job, and cleans up its row", async () => {
    const result = await run("queue");
    expect(result.status).toBe("fail");
    expect(result.message).toBe("Queue: the job was not completed within 0.4 s (are the queue's workers running?)");
    expect(result.duration_ms).toBeGreaterThanOrEqual(400);
    expect(await t.services.database.db.select().from(probeResults).where(eq(probeResults.probe, "smoke-queue"))).toEqual([]);
  });

  it("says n8n is skipped, not passed, when N8N_BASE is not set", async () => {
    expect(await run("n8n")).toMatchObject({ status: "skipped", message: "skipped: n8n not configured" });
    const german = resultOf(await call(t.app, "POST", `${o.base}/smoke/queue`, { cookie: o.cookie, headers: { "accept-language": "de" } }));
    expect(german.message).toBe("Warteschlange: der Job wurde nicht innerhalb von 0.4 s erledigt (laufen die Worker der Warteschlange?)");
  });

  it("fails the HTTP checks, with their prefix, when the server cannot know its own address", async () => {
    expect((await run("health")).message).toMatch(/^Health: this server's own address is not known/);
    expect((await run("auth")).message).toMatch(/^Auth: /);
    expect((await run("sse")).status).toBe("fail");
  });

  it("limits an organisation to 60 checks a minute", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) statuses.push((await call(t.app, "POST", `${o.base}/smoke/n8n`, { cookie: o.cookie })).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    const limited = await call(t.app, "POST", `${o.base}/smoke/n8n`, { cookie: o.cookie });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
