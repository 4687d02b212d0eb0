import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentSetup, agentSummary, type AgentTestResult } from "@/shared/agents";
import { agentJobs, agentPings } from "../../db/schema";
import { verifySignature } from "../../lib/signing";
import { call } from "../../testing/http";
import { startN8nStandIn, type N8nStandIn } from "../../testing/n8n-stand-in";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { orgUser, type OrgUser } from "../../testing/work-fixtures";

// Test (ping) and the Quickstart against a local n8n that checks our signature as the starter workflow does.
const SECRET = "c".repeat(64);
let n8n: N8nStandIn;
let t: TestApp;
let owner: OrgUser;

beforeAll(async () => {
  // The ping's claim comes back into the app, as n8n's starter workflow would call it.
  n8n = await startN8nStandIn({ secret: SECRET, fetchApp: async (url, init) => t.app.request(url, init, { incoming: { socket: { remoteAddress: "127.0.0.9" } } }) });
  t = await createTestApp({ N8N_BASE: n8n.url, N8N_AGENT_SECRET: SECRET, OUTBOUND_TIMEOUT_MS: "2000" });
  owner = await orgUser(t.app, t.services.database.db, "agent-ping");
  await owner.api("POST", "/agents/agent", { name: "Pinged" });
});
afterAll(async () => {
  await t?.close();
  await n8n?.close();
});

const test = async () => {
  const res = await owner.api("POST", "/agents/agent/test");
  expect(res.status).toBe(200);
  return res.body as AgentTestResult;
};
const setup = async () => agentSetup.parse((await owner.api("GET", "/agents/setup")).body);
const states = async () => (await setup()).steps.map((s) => `${s.key}:${s.state}`);

describe("testing the agent against n8n", () => {
  it("before any test, the Quickstart shows n8n up but the workflow unproven", async () => {
    expect(await states()).toEqual(["secrets:done", "functions:done", "workflow:todo", "agent:todo", "jobs:todo"]);
  });

  it("sends one signed ping to the agent's webhook and passes once n8n has called back, signed", async () => {
    const result = await test();
    expect(result).toMatchObject({ ok: true, message: expect.stringMatching(/^n8n verified the signature and called back in \d+ ms$/) });
    expect(n8n.claims.at(-1)).toMatchObject({ status: 200 });
    // A ping is never worked, and leaves no ping row behind.
    expect(n8n.worked).toEqual([]);
    expect(await t.services.database.db.select().from(agentPings)).toEqual([]);
    const delivery = n8n.deliveries.at(-1)!;
    expect(delivery.path).toBe("we-love-hq-agent");
    expect(delivery.verified).toBe(true);
    expect(delivery.body).toMatchObject({ kind: "ping", org_id: owner.orgId, agent_id: result.agent.id });
    const h = (name: string) => String(delivery.headers[name]);
    expect(verifySignature([SECRET], { id: h("x-wlhq-job-id"), timestamp: h("x-wlhq-timestamp"), signature: h("x-wlhq-signature") }, delivery.raw, new Date())).toEqual({ ok: true });
    expect(result.agent.last_test).toMatchObject({ ok: true });
    expect(result.agent.last_success_at).toBeTruthy();
    // A test is not an edit: an Edit dialog open meanwhile still saves on its version.
    expect(result.agent.version).toBe(1);
    expect(await states()).toEqual(["secrets:done", "functions:done", "workflow:done", "agent:done", "jobs:todo"]);
  });

  it("says n8n's 404 means the workflow is not active", async () => {
    n8n.respondWith(() => ({ status: 404, json: { code: 404, message: "not registered" } }));
    try {
      const result = await test();
      expect(result).toMatchObject({ ok: false, error: "n8n does not know the agent's webhook: is the workflow imported and active?" });
    } finally {
      n8n.respondWith(null);
    }
  });

  it("fails when n8n answers 200 without taking the ping (a Code node threw), or takes it and never calls back", async () => {
    n8n.respondWith(() => ({ status: 200 }));
    try {
      expect(await test()).toMatchObject({ ok: false, error: expect.stringContaining("n8n answered 200 without taking the job") });
    } finally {
      n8n.respondWith(null);
    }
    n8n.respondWith((d) => ({ status: 200, json: { accepted: true, job_id: (d.body as { job_id: string }).job_id } }));
    try {
      expect(await test()).toMatchObject({ ok: false, error: "n8n took the ping but did not call back within 2 s: check that n8n reaches this server at http://localhost:3999" });
    } finally {
      n8n.respondWith(null);
    }
    // The Quickstart shows the last test's failure.
    expect((await setup()).steps.find((s) => s.key === "agent")).toMatchObject({ state: "failed" });
  });

  it("reports n8n down (503) and a refused signature plainly", async () => {
    n8n.setDown(true);
    try {
      expect(await test()).toMatchObject({ ok: false, error: expect.stringContaining("n8n answered 503") });
    } finally {
      n8n.setDown(false);
    }
    n8n.respondWith(() => ({ status: 401 }));
    try {
      expect(await test()).toMatchObject({ ok: false, error: expect.stringContaining("check N8N_AGENT_SECRET") });
    } finally {
      n8n.respondWith(null);
    }
    // The last test failed, but the workflow did answer before: the Quickstart keeps that, the summary says the last test failed.
    const summary = agentSummary.parse((await owner.api("GET", "/agents/summary")).body);
    expect(summary.agent).toMatchObject({ exists: true, enabled: true, last_test_ok: false });
  });

  it("shows the latest job in the last step", async () => {
    const db = t.services.database.db;
    await db.insert(agentJobs).values({ orgId: owner.orgId, message: "Seed the planes", state: "done", finishedAt: new Date() });
    const steps = (await setup()).steps;
    expect(steps[4]).toMatchObject({ key: "jobs", state: "done", detail: "The last job is done" });
    expect(agentSummary.parse((await owner.api("GET", "/agents/summary")).body).jobs_today).toBe(1);
  });
});

describe("n8n unreachable", () => {
  it("says so in the test and in the Quickstart", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    const down = await createTestApp({ N8N_BASE: `http://127.0.0.1:${closedPort}`, N8N_AGENT_SECRET: SECRET, OUTBOUND_TIMEOUT_MS: "2000" });
    try {
      const u = await orgUser(down.app, down.services.database.db, "agent-down");
      await u.api("POST", "/agents/agent", { name: "Lonely" });
      const res = await u.api("POST", "/agents/agent/test");
      // What the test says never names the operator's n8n address.
      expect(res.body).toMatchObject({ ok: false, error: "n8n could not be reached" });
      const steps = agentSetup.parse((await u.api("GET", "/agents/setup")).body).steps;
      expect(steps.find((s) => s.key === "workflow")).toMatchObject({ state: "failed", detail: expect.stringContaining("unreachable") });
      // Said in the reader's language: the steps, the test's outcome and the agent's last test.
      const german = { cookie: u.cookie, headers: { "accept-language": "de" } };
      const inGerman = agentSetup.parse((await call(down.app, "GET", `${u.base}/agents/setup`, german)).body).steps;
      expect(inGerman.find((s) => s.key === "workflow")?.detail).toBe(`n8n ist unter http://127.0.0.1:${closedPort} nicht erreichbar`);
      expect(inGerman.find((s) => s.key === "agent")?.detail).toBe("Der letzte Test von Lonely ist fehlgeschlagen: n8n war nicht erreichbar");
      expect((await call(down.app, "POST", `${u.base}/agents/agent/test`, german)).body).toMatchObject({ ok: false, error: "n8n war nicht erreichbar" });
      const agent = (await call(down.app, "GET", `${u.base}/agents/agent`, german)).body as { agent: { last_test: { message: string } } };
      expect(agent.agent.last_test.message).toBe("n8n war nicht erreichbar");
    } finally {
      await down.close();
    }
  });
});
