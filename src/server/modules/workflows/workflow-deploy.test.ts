import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ConnectionResponse } from "@/shared/connections";
import { exportHash } from "@/shared/n8n";
import { deploymentStatus, type DeploymentStatus, type Workflow } from "@/shared/workflows";
import { auditLog, connections } from "../../db/schema";
import { startN8nApiStandIn, type N8nApiStandIn } from "../../testing/n8n-api-stand-in";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { field, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { manualDraft, sampleDraft } from "../../testing/workflow-fixtures";

// Deploying saved workflows to a local n8n that speaks n8n's public API (testing/n8n-api-stand-in.ts):
// the key on the n8n connection, create then update then activate, the status check, and every
// way n8n can fail, each a client error the Deploy panel can show.
let n8n: N8nApiStandIn;
let t: TestApp;
let owner: OrgUser;
let keyless: OrgUser;
let n8nConnectionId: string;

beforeAll(async () => {
  n8n = await startN8nApiStandIn();
  // A short cap, so the test of an n8n that never answers takes a second.
  t = await createTestApp({ N8N_BASE: n8n.url, OUTBOUND_TIMEOUT_MS: "1000" });
  // One after the other: the first verified account is the operator, who reads n8n's address in errors.
  owner = await orgUser(t.app, t.services.database.db, "deploy-owner");
  keyless = await orgUser(t.app, t.services.database.db, "deploy-keyless");
});
afterAll(async () => {
  await t?.close();
  await n8n?.close();
});

type DeployResult = { workflow: Workflow; status: DeploymentStatus };
const create = async (u: OrgUser, draft: unknown) => field<Workflow>(await u.api("POST", "/workflows", draft), "workflow");
const deploy = (u: OrgUser, id: string, body: unknown = {}) => u.api("POST", `/workflows/${id}/deploy`, body);
const deployed = async (u: OrgUser, id: string, body: unknown = {}) => {
  const res = await deploy(u, id, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as DeployResult;
};
const statusOf = async (u: OrgUser, id: string) => deploymentStatus.parse(field<DeploymentStatus>(await u.api("GET", `/workflows/${id}/deployment`), "status"));
const errorOf = (res: { body: unknown }) => (res.body as { error: { code: string; message: string } }).error;
const callsSince = (from: number) => n8n.calls.slice(from).map((c) => `${c.method} ${c.path.replace(/\/api\/v1\/workflows\/?/, "/")}`);

describe("the n8n API key", () => {
  it("is saved from the n8n card, tested against n8n's API and stored sealed", async () => {
    const wrong = (await owner.api("POST", "/connections", { provider: "n8n", api_key: "sk-n8n-wrong-key-0001" })).body as ConnectionResponse;
    expect(wrong.test).toEqual({ outcome: "invalid", message: "n8n refused the API key (401)" });
    expect(wrong.connection).toMatchObject({ provider: "n8n", status: "error", masked_key: "sk-...0001" });
    n8nConnectionId = wrong.connection.id;

    const right = (await owner.api("PATCH", `/connections/${n8nConnectionId}`, { api_key: n8n.apiKey })).body as ConnectionResponse;
    expect(right.test).toEqual({ outcome: "valid", message: "n8n accepted the API key" });
    expect(right.connection).toMatchObject({ status: "connected", tested: true, test_outcome: "valid" });
    expect(n8n.calls.at(-1)).toMatchObject({ method: "GET", path: "/api/v1/workflows", apiKey: n8n.apiKey });

    const [row] = await t.services.database.db.select().from(connections).where(eq(connections.id, n8nConnectionId));
    expect(row!.authJson!.apiKey).toMatch(/^enc:v1:/);
    expect(JSON.stringify(row!.authJson)).not.toContain(n8n.apiKey);
  });
});

describe("deploying a saved workflow", () => {
  it("says what is missing while the organisation has no n8n key, and sends nothing", async () => {
    const saved = await create(keyless, sampleDraft("Keyless"));
    const before = n8n.calls.length;
    expect(await statusOf(keyless, saved.id)).toMatchObject({ state: "not_configured", active: null, n8nWorkflowId: null, message: expect.stringMatching(/Add your n8n API key/), setup: "api_key" });
    const res = await deploy(keyless, saved.id, { activate: true });
    expect(res.status).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: "conflict", message: expect.stringMatching(/Add your n8n API key/) });
    expect(n8n.calls.length).toBe(before);
  });

  it("creates it in n8n first, then replaces that copy, activates and deactivates it", async () => {
    const saved = await create(owner, sampleDraft("Order intake"));
    expect(await statusOf(owner, saved.id)).toMatchObject({ state: "not_deployed", active: null, n8nWorkflowId: null, deployedAt: null });

    let from = n8n.calls.length;
    const first = await deployed(owner, saved.id);
    expect(callsSince(from)).toEqual(["POST /"]);
    const sent = n8n.calls.at(-1)!;
    expect(sent.apiKey).toBe(n8n.apiKey);
    expect(Object.keys(sent.body as object).sort()).toEqual(["connections", "name", "nodes", "settings"]);
    const [n8nId] = [...n8n.workflows.keys()];
    expect(first.status).toMatchObject({ state: "in_sync", active: false, n8nWorkflowId: n8nId });
    // The editor's version is untouched: a deploy is not an edit.
    expect(first.workflow).toMatchObject({ version: 1, deployment: { n8nWorkflowId: n8nId, active: false, exportHash: exportHash(sent.body as { nodes: unknown[]; connections: unknown }) } });

    from = n8n.calls.length;
    const active = await deployed(owner, saved.id, { activate: true });
    // n8n's own word on the active flag is read back after the switch.
    expect(callsSince(from)).toEqual([`PUT /${n8nId}`, `POST /${n8nId}/activate`, `GET /${n8nId}`]);
    expect(active.status).toMatchObject({ state: "in_sync", active: true, n8nWorkflowId: n8nId });
    expect(active.workflow.deployment).toMatchObject({ n8nWorkflowId: n8nId, active: true });
    expect(n8n.workflows.size).toBe(1);

    from = n8n.calls.length;
    const inactive = await deployed(owner, saved.id, { activate: false });
    expect(callsSince(from)).toEqual([`PUT /${n8nId}`, `POST /${n8nId}/deactivate`, `GET /${n8nId}`]);
    expect(inactive.status).toMatchObject({ state: "in_sync", active: false });
    expect(n8n.workflows.get(n8nId!)!.active).toBe(false);

    const audit = await t.services.database.db.select().from(auditLog).where(eq(auditLog.targetId, saved.id));
    expect(audit.filter((a) => a.action === "workflow.deploy").map((a) => a.details)).toEqual([
      expect.objectContaining({ n8n_workflow_id: n8nId, created: true, active: false }),
      expect.objectContaining({ n8n_workflow_id: n8nId, created: false, active: true }),
      expect.objectContaining({ n8n_workflow_id: n8nId, created: false, active: false }),
    ]);
    expect(JSON.stringify(audit)).not.toContain(n8n.apiKey);
  });

  it("reports in sync, differs after a save or an edit in n8n, and missing once n8n lost it", async () => {
    const saved = await create(owner, sampleDraft("Status check"));
    const { status } = await deployed(owner, saved.id, { activate: true });
    const n8nId = status.n8nWorkflowId!;
    expect(await statusOf(owner, saved.id)).toEqual({ ...status, message: "n8n has the saved workflow (active)" });

    // The editor still holds version 1: its Save lands after the deploy.
    const edit = sampleDraft("Status check", { description: "changed" });
    edit.nodes[1]!.parameters = { method: "POST", url: "https://example.test/other" };
    expect((await owner.api("PUT", `/workflows/${saved.id}`, { ...edit, version: 1 })).status).toBe(200);
    expect(await statusOf(owner, saved.id)).toMatchObject({ state: "differs", active: true, n8nWorkflowId: n8nId, message: expect.stringMatching(/deploy again/) });
    // A description is ours alone: it does not make n8n's copy differ.
    expect((await deployed(owner, saved.id, { activate: true })).status.state).toBe("in_sync");

    const copy = n8n.workflows.get(n8nId)!;
    copy.nodes[2]!.parameters = { jsCode: "return [{ json: { edited: 'in n8n' } }];" };
    expect((await statusOf(owner, saved.id)).state).toBe("differs");
    // Fields n8n adds on its own (ids, timestamps, versionId) are no difference.
    Object.assign(n8n.workflows.get(n8nId)!, { updatedAt: "2030-01-01T00:00:00.000Z", versionId: "x", meta: { templateCredsSetupCompleted: true } });
    await deployed(owner, saved.id, { activate: true });
    Object.assign(n8n.workflows.get(n8nId)!, { updatedAt: "2031-01-01T00:00:00.000Z", versionId: "y", staticData: null });
    expect((await statusOf(owner, saved.id)).state).toBe("in_sync");

    n8n.workflows.delete(n8nId);
    expect(await statusOf(owner, saved.id)).toMatchObject({ state: "missing", active: null, n8nWorkflowId: n8nId, message: expect.stringMatching(/no longer has workflow/) });
    const from = n8n.calls.length;
    const again = await deployed(owner, saved.id);
    expect(callsSince(from)).toEqual([`PUT /${n8nId}`, "POST /"]);
    expect(again.status.n8nWorkflowId).not.toBe(n8nId);
    expect(again.status).toMatchObject({ state: "in_sync", active: false });
  });

  it("sends an imported workflow without the fields n8n's API refuses, while Export keeps them", async () => {
    const draft = sampleDraft("Imported", { n8n: { settings: { binaryMode: "separate", timezone: "Europe/Berlin" } } });
    draft.nodes[1]!.n8n = { typeVersion: 4.2, notes: "kept", extendsCredential: "httpHeaderAuth" };
    const saved = await create(owner, draft);
    const exported = (await owner.api("GET", `/workflows/${saved.id}/n8n`)).body as { settings: Record<string, unknown>; nodes: Record<string, unknown>[] };
    expect(exported.settings).toMatchObject({ binaryMode: "separate", timezone: "Europe/Berlin" });
    expect(exported.nodes[1]).toMatchObject({ extendsCredential: "httpHeaderAuth" });

    const { status } = await deployed(owner, saved.id);
    const stored = n8n.workflows.get(status.n8nWorkflowId!)!;
    expect(stored.settings).toEqual({ timezone: "Europe/Berlin", executionOrder: "v1", executionTimeout: 60 });
    expect(stored.nodes[1]).toMatchObject({ notes: "kept" });
    expect(stored.nodes[1]).not.toHaveProperty("extendsCredential");
    expect(status.state).toBe("in_sync");
  });

  it("turns each of n8n's failures into a client error that says what happened, never a 5xx", async () => {
    const saved = await create(owner, sampleDraft("Failures"));
    const failing = async (failure: Parameters<N8nApiStandIn["failWith"]>[0], body: unknown = {}) => {
      n8n.failWith(failure);
      try {
        const res = await deploy(owner, saved.id, body);
        expect(res.status).toBe(424);
        expect(errorOf(res).code).toBe("upstream_failed");
        return errorOf(res).message;
      } finally {
        n8n.failWith(null);
      }
    };
    expect(await failing(() => ({ status: 500, json: { message: "Internal error" } }))).toBe("n8n answered 500 while creating the workflow (Internal error); try again shortly");
    expect(await failing(() => ({ status: 400, json: { message: "request/body must NOT have additional properties" } }))).toBe(
      "n8n refused creating the workflow (400): request/body must NOT have additional properties",
    );
    expect(await failing(() => "hang")).toBe(`n8n did not answer within 1 s at ${n8n.url}`);
    expect(await failing(() => ({ status: 200, json: { message: "ok but no workflow" } }))).toBe("n8n answered the create without the new workflow's id");
    expect((await owner.api("GET", `/workflows/${saved.id}`)).body).toMatchObject({ workflow: { deployment: null } });

    // A failure after the copy was made still records it, so the next deploy replaces it.
    const { status } = await deployed(owner, saved.id);
    expect(await failing((c) => (c.path.endsWith("/activate") ? { status: 503, json: { message: "busy" } } : undefined), { activate: true })).toBe(
      "The workflow was sent to n8n, but n8n answered 503 while activating the workflow (busy); try again shortly",
    );
    n8n.failWith((c) => (c.method === "GET" ? { status: 502 } : undefined));
    expect(await statusOf(owner, saved.id)).toMatchObject({ state: "unreachable", n8nWorkflowId: status.n8nWorkflowId, message: "n8n answered 502 while reading the workflow; try again shortly" });
    n8n.failWith(null);
  });

  it("records an activation n8n refuses, and says why", async () => {
    const saved = await create(owner, manualDraft("Manual only"));
    const res = await deploy(owner, saved.id, { activate: true });
    expect(res.status).toBe(424);
    expect(errorOf(res).message).toBe(
      "The workflow was sent to n8n, but n8n refused activating the workflow (400): Workflow has no node to start the workflow - at least one trigger, poller or webhook node is required",
    );
    const after = field<Workflow>(await owner.api("GET", `/workflows/${saved.id}`), "workflow");
    expect(after.deployment).toMatchObject({ active: false, n8nWorkflowId: expect.any(String) });
    expect(await statusOf(owner, saved.id)).toMatchObject({ state: "in_sync", active: false });
  });

  it("names a key n8n refuses as the thing to fix", async () => {
    const saved = await create(owner, sampleDraft("Refused key"));
    await deployed(owner, saved.id);
    const workflowCalls = () => n8n.calls.filter((c) => c.path.startsWith("/api/v1/workflows/")).length;
    const before = workflowCalls();
    // Refused when saved: nothing is sent, and the builder asks for another key.
    await owner.api("PATCH", `/connections/${n8nConnectionId}`, { api_key: "sk-n8n-revoked-0002" });
    try {
      const res = await deploy(owner, saved.id);
      expect(res.status).toBe(409);
      expect(errorOf(res).message).toBe("n8n refused the API key (401)");
      expect(await statusOf(owner, saved.id)).toMatchObject({ state: "not_configured", setup: "api_key", message: "n8n refused the API key (401)" });
      expect(workflowCalls()).toBe(before);
    } finally {
      await owner.api("PATCH", `/connections/${n8nConnectionId}`, { api_key: n8n.apiKey });
    }
    // Revoked in n8n after it was saved: n8n's 401 is reported as the thing to fix.
    n8n.failWith(() => ({ status: 401, json: { message: "unauthorized" } }));
    try {
      const res = await deploy(owner, saved.id);
      expect(res.status).toBe(424);
      expect(errorOf(res).message).toBe("n8n answered 401 while saving the workflow: check the n8n API key");
      expect(await statusOf(owner, saved.id)).toMatchObject({ state: "not_configured", setup: "api_key", message: "n8n answered 401 while reading the workflow: check the n8n API key" });
    } finally {
      n8n.failWith(null);
    }
    expect((await statusOf(owner, saved.id)).state).toBe("in_sync");
  });

  it("two first deploys at once end with one active copy in n8n, holding the webhook, as the app records it", async () => {
    const saved = await create(owner, sampleDraft("Double click"));
    const before = new Set(n8n.workflows.keys());
    const from = n8n.calls.length;
    const results = await Promise.all([deploy(owner, saved.id, { activate: true }), deploy(owner, saved.id, { activate: true })]);
    expect(results.map((r) => r.status), JSON.stringify(results.map((r) => r.body))).toEqual([200, 200]);
    const made = [...n8n.workflows.keys()].filter((id) => !before.has(id));
    const stored = field<Workflow>(await owner.api("GET", `/workflows/${saved.id}`), "workflow").deployment!;
    // One deploy waited for the other and saved onto the copy it made: one create, one replace.
    expect(made).toEqual([stored.n8nWorkflowId]);
    expect(callsSince(from).filter((c) => c === "POST /")).toHaveLength(1);
    expect(n8n.workflows.get(stored.n8nWorkflowId)?.active).toBe(true);
    expect(stored.active).toBe(true);
    // sampleDraft's Webhook node listens on its name's path.
    expect(n8n.webhookOwner("double-click")).toBe(stored.n8nWorkflowId);
    expect(await statusOf(owner, saved.id)).toMatchObject({ state: "in_sync", active: true });
  });

  it("records what n8n says after an activation it refused: inactive, with the reason", async () => {
    const first = await create(owner, sampleDraft("Holder"));
    const second = await create(owner, sampleDraft("Holder"));
    await deployed(owner, first.id, { activate: true });
    // Same webhook path: n8n lets only one active workflow hold it.
    const res = await deploy(owner, second.id, { activate: true });
    expect(res.status).toBe(424);
    expect(errorOf(res).message).toContain("There is a conflict with one of the webhooks");
    const recorded = field<Workflow>(await owner.api("GET", `/workflows/${second.id}`), "workflow").deployment!;
    expect(recorded.active).toBe(false);
    expect(n8n.workflows.get(recorded.n8nWorkflowId)?.active).toBe(false);
  });
});

// Row locks only matter between connections: on the PostgreSQL server (CI's second pass), a
// trigger that sleeps holds a deploy's record, and its lock, open while a save arrives.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("a save racing a deploy on PostgreSQL", () => {
  it("waits for the deploy's record and keeps it, rather than saving over it", async () => {
    const db = t.services.database.db;
    const saved = await create(owner, sampleDraft("Raced deploy"));
    await db.execute(sql.raw("create or replace function wf_deploy_sleep() returns trigger language plpgsql as $$ begin perform pg_sleep(0.5); return new; end $$"));
    await db.execute(sql.raw("create trigger wf_deploy_sleep before update on automations for each row execute function wf_deploy_sleep()"));
    try {
      const deploying = deploy(owner, saved.id);
      await vi.waitFor(
        async () => {
          const sleeping = await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep'`);
          expect((sleeping as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
        },
        { timeout: 3_000, interval: 10 },
      );
      const saving = await owner.api("PUT", `/workflows/${saved.id}`, { ...sampleDraft("Saved meanwhile"), version: 1 });
      expect((await deploying).status).toBe(200);
      expect(saving.status).toBe(200);
    } finally {
      await db.execute(sql.raw("drop trigger wf_deploy_sleep on automations"));
    }
    const after = field<Workflow>(await owner.api("GET", `/workflows/${saved.id}`), "workflow");
    expect(after).toMatchObject({ name: "Saved meanwhile", version: 2, deployment: { n8nWorkflowId: expect.any(String) } });
  });
});

// Last: it stops the stand-in for good.
describe("when n8n is down", () => {
  it("says n8n is unreachable once it is down, as a status and as a 424", async () => {
    const saved = await create(owner, sampleDraft("Down"));
    const { status } = await deployed(owner, saved.id);
    await n8n.close();
    // A kept-alive connection closed under it reads as reset, a new one as refused.
    const down = new RegExp(`^n8n is unreachable at ${n8n.url} \\(connection (refused|reset)\\)$`);
    expect(await statusOf(owner, saved.id)).toMatchObject({ state: "unreachable", active: null, n8nWorkflowId: status.n8nWorkflowId, message: expect.stringMatching(down) });
    const res = await deploy(owner, saved.id);
    expect(res.status).toBe(424);
    expect(errorOf(res).message).toMatch(down);
  });
});
