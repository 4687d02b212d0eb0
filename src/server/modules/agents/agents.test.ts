import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agent as agentSchema, agentSetup, agentSummary, DEFAULT_AGENT_INSTRUCTIONS, type Agent } from "@/shared/agents";
import { auditLog } from "../../db/schema";
import { call } from "../../testing/http";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createProjectVia, field, orgUser, ownerOtherAndMember, type OrgUser } from "../../testing/work-fixtures";

// The agent's life without n8n configured: create, read, edit, status and delete, who may do
// which, and the one-agent rule. Pings to a (stand-in) n8n are in agent-test.test.ts.
let t: TestApp;
let owner: OrgUser;
let other: OrgUser;
let member: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.database.db;
  ({ owner, other, member } = await ownerOtherAndMember(t.app, db, "agent"));
});
afterAll(async () => t?.close());

const read = async (u: OrgUser = owner) => field<Agent | null>(await u.api("GET", "/agents/agent"), "agent");
const asMember = (method: string, path: string, body?: unknown) => call(t.app, method, `${owner.base}${path}`, { cookie: member.cookie, body });

describe("the organisation's agent", () => {
  it("starts with none, and creates one with the spec's defaults", async () => {
    expect(await read()).toBeNull();
    const res = await owner.api("POST", "/agents/agent", { name: "  Ops agent  " });
    expect(res.status).toBe(201);
    const created = agentSchema.parse(field<Agent>(res, "agent"));
    expect(created).toMatchObject({
      name: "Ops agent",
      status: "enabled",
      version: 1,
      provider: "n8n",
      webhook_path: "/we-love-hq-agent",
      instructions: DEFAULT_AGENT_INSTRUCTIONS,
      project_default: null,
      tags: ["onboarding", "ops"],
      description: null,
      last_test: null,
    });
    expect(await read()).toEqual(created);
    const audit = await t.services.database.db.select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(audit.map((a) => a.action)).toEqual(["agent.create"]);
  });

  it("refuses a second agent with 409 and a clear message", async () => {
    const res = await owner.api("POST", "/agents/agent", { name: "Second" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { code: "conflict", message: "This organisation already has an agent; edit that one instead" } });
  });

  it("refuses a bad name, a bad webhook path and an unknown field type with 400", async () => {
    for (const body of [{ name: "   " }, { name: "x".repeat(101) }, { name: "A", webhook_path: "/../etc" }, { name: "A", webhook_path: "has space" }, { name: "A", project_default: "nope" }]) {
      const res = await other.api("POST", "/agents/agent", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await read(other)).toBeNull();
  });

  it("edits on the version read, and refuses an edit based on an old one", async () => {
    const before = (await read())!;
    const planeId = await createPlaneVia(owner, "Agent plane");
    const projectId = await createProjectVia(owner, planeId, "Agent project");
    const res = await owner.api("PATCH", "/agents/agent", { version: before.version, name: "Renamed", webhook_path: "hooks/ops", project_default: projectId, description: "Runs the ops" });
    const edited = field<Agent>(res, "agent");
    expect(edited).toMatchObject({ name: "Renamed", webhook_path: "/hooks/ops", project_default: projectId, description: "Runs the ops", version: before.version + 1 });
    // Fields not sent are kept.
    expect(edited.instructions).toBe(before.instructions);

    const renamed = field<Agent>(await owner.api("PATCH", "/agents/agent", { version: edited.version, name: "Renamed" }), "agent");
    expect(renamed).toMatchObject({ description: "Runs the ops", project_default: projectId, webhook_path: "/hooks/ops" });

    const stale = await owner.api("PATCH", "/agents/agent", { version: before.version, name: "Lost update" });
    expect(stale.status).toBe(409);
    expect((stale.body as { error: { message: string } }).error.message).toMatch(/changed by someone else.*Reload/);
    expect((await read())!.name).toBe("Renamed");

    const cleared = field<Agent>(await owner.api("PATCH", "/agents/agent", { version: renamed.version, project_default: null, description: "" }), "agent");
    expect(cleared).toMatchObject({ project_default: null, description: null });
  });

  it("of two edits from the same version exactly one lands", async () => {
    const { version } = (await read())!;
    const results = await Promise.all(["One", "Two"].map((name) => owner.api("PATCH", "/agents/agent", { version, name })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("refuses another organisation's project as the default", async () => {
    const planeId = await createPlaneVia(other, "Their plane");
    const theirs = await createProjectVia(other, planeId, "Their project");
    const { version } = (await read())!;
    const res = await owner.api("PATCH", "/agents/agent", { version, project_default: theirs });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { fields: { project_default: "Choose a project from the list" } } });
    expect((await other.api("POST", "/agents/agent", { name: "Theirs", project_default: crypto.randomUUID() })).status).toBe(400);
  });

  it("enables and disables; testing a disabled agent is refused", async () => {
    expect(field<Agent>(await owner.api("POST", "/agents/agent/status", { enabled: false }), "agent").status).toBe("disabled");
    const test = await owner.api("POST", "/agents/agent/test");
    expect(test.status).toBe(409);
    expect(test.body).toMatchObject({ error: { message: "Enable the agent before testing it" } });
    expect(field<Agent>(await owner.api("POST", "/agents/agent/status", { enabled: true }), "agent").status).toBe("enabled");
    expect((await owner.api("POST", "/agents/agent/status", { enabled: "yes" })).status).toBe(400);
  });

  it("says plainly what is missing when n8n is not configured", async () => {
    const res = await owner.api("POST", "/agents/agent/test");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: false, error: "N8N_BASE is not configured on the server", agent: { last_test: { ok: false } } });
    const setup = agentSetup.parse((await owner.api("GET", "/agents/setup")).body);
    expect(setup.steps.map((s) => [s.key, s.state])).toEqual([
      ["secrets", "todo"],
      ["functions", "todo"],
      ["workflow", "todo"],
      // Its one test failed (n8n not configured): created is not "created and tested".
      ["agent", "failed"],
      ["jobs", "todo"],
    ]);
    expect(setup.steps[0]!.detail).toBe("N8N_BASE and N8N_AGENT_SECRET are not set on the server");
  });

  it("lets a member read the agent, its setup and summary, and nothing more", async () => {
    expect(field<Agent>(await asMember("GET", "/agents/agent"), "agent").name).toBeTruthy();
    expect((await asMember("GET", "/agents/setup")).status).toBe(200);
    expect(agentSummary.parse((await asMember("GET", "/agents/summary")).body).agent.exists).toBe(true);
    const { version } = (await read())!;
    for (const [method, path, body] of [
      ["POST", "/agents/agent", { name: "Member's" }],
      ["PATCH", "/agents/agent", { version, name: "Member edit" }],
      ["POST", "/agents/agent/status", { enabled: false }],
      ["POST", "/agents/agent/test", undefined],
      ["DELETE", "/agents/agent", undefined],
    ] as const) {
      const res = await asMember(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it("tells another organisation nothing about this agent", async () => {
    const res = await call(t.app, "GET", `${owner.base}/agents/agent`, { cookie: other.cookie });
    expect(res.status).toBe(404);
    expect(await read(other)).toBeNull();
    expect((await other.api("PATCH", "/agents/agent", { version: 1, name: "Hijack" })).status).toBe(404);
    expect((await other.api("DELETE", "/agents/agent")).status).toBe(404);
  });

  it("sums up the agent and today's jobs for the dashboard", async () => {
    const summary = agentSummary.parse((await owner.api("GET", `/agents/summary?since=${encodeURIComponent(new Date(Date.now() - 3600_000).toISOString())}`)).body);
    expect(summary).toMatchObject({ agent: { exists: true, enabled: true, last_test_ok: false }, jobs_today: 0, last_run_at: null, workflows: 0 });
    expect((await owner.api("GET", "/agents/summary?since=yesterday")).status).toBe(400);
    expect(agentSummary.parse((await other.api("GET", "/agents/summary")).body).agent).toEqual({ exists: false, enabled: false, last_test_ok: null, last_test_at: null });
  });

  it("deletes the agent, after which a new one may be created", async () => {
    expect((await owner.api("DELETE", "/agents/agent")).status).toBe(200);
    expect(await read()).toBeNull();
    expect((await owner.api("DELETE", "/agents/agent")).status).toBe(404);
    expect((await owner.api("POST", "/agents/agent", { name: "Again" })).status).toBe(201);
  });
});

describe("two creates racing", () => {
  it("leave one agent: one 201, one 409, never a 500", async () => {
    const racer = await orgUser(t.app, t.services.database.db, "agent-race");
    const results = await Promise.all([racer.api("POST", "/agents/agent", { name: "First" }), racer.api("POST", "/agents/agent", { name: "Second" })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body).toMatchObject({ error: { code: "conflict", message: "This organisation already has an agent; edit that one instead" } });
  });
});
