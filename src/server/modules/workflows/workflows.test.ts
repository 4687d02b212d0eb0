import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { safeParseWorkflowStructure } from "n8n-workflow-structure/dist/esm/workflow-structure-validation.js";
import { workflow as workflowSchema, workflowSummary, type Workflow, type WorkflowSummary } from "@/shared/workflows";
import { auditLog, automations } from "../../db/schema";
import type { Change, HubEvent } from "../../lib/events";
import { call } from "../../testing/http";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { field, ownerOtherAndMember, type OrgUser } from "../../testing/work-fixtures";
import { bigDraft, sampleDraft } from "../../testing/workflow-fixtures";

// Saved workflows without n8n: create, list, read, save on a version, delete, export, who may do
// which. Deploying to a (stand-in) n8n is in workflow-deploy.test.ts.
let t: TestApp;
let owner: OrgUser;
let other: OrgUser;
let member: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.services.database.db;
  ({ owner, other, member } = await ownerOtherAndMember(t.app, db, "wf"));
});
afterAll(async () => t?.close());

const create = async (u: OrgUser, draft: unknown) => workflowSchema.parse(field<Workflow>(await u.api("POST", "/workflows", draft), "workflow"));
const list = async (u: OrgUser = owner) => field<WorkflowSummary[]>(await u.api("GET", "/workflows"), "workflows");
const rowOf = async (id: string) => (await t.services.database.db.select().from(automations).where(eq(automations.id, id)))[0]!;
const errorOf = (res: { body: unknown }) => (res.body as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

describe("saved workflows", () => {
  it("start empty; a draft saves as the spec's automation row and reads back as saved", async () => {
    expect(await list()).toEqual([]);
    const draft = sampleDraft("  Order   Intake ");
    const res = await owner.api("POST", "/workflows", draft);
    expect(res.status).toBe(201);
    const saved = workflowSchema.parse(field<Workflow>(res, "workflow"));
    expect(saved).toMatchObject({ name: "Order   Intake", description: "Takes orders in", trigger: "webhook", status: "enabled", version: 1, n8nWebhook: "order-intake", deployment: null });
    expect(saved.nodes).toEqual(draft.nodes);
    expect(saved.connections).toEqual(draft.connections);
    expect(saved.settings).toEqual({ webhookPath: "orders", timeout: 60 });
    expect(field<Workflow>(await owner.api("GET", `/workflows/${saved.id}`), "workflow")).toEqual(saved);

    const row = await rowOf(saved.id);
    expect(row).toMatchObject({ orgId: owner.orgId, trigger: "workflow", status: "enabled", name: "Order   Intake", version: 1 });
    expect(Object.keys(row.configJson).sort()).toEqual(["connections", "description", "n8n_webhook", "nodes", "settings", "type"]);
    expect(row.configJson).toMatchObject({ type: "webhook", n8n_webhook: "order-intake" });
    const audit = await t.services.database.db.select().from(auditLog).where(eq(auditLog.targetId, saved.id));
    expect(audit.map((a) => [a.action, a.targetType])).toEqual([["workflow.create", "workflow"]]);
  });

  it("list by name, case-insensitively, with each one's node count", async () => {
    for (const name of ["beta", "Alpha", "charlie"]) await create(other, sampleDraft(name));
    const rows = await list(other);
    expect(rows.map((w) => w.name)).toEqual(["Alpha", "beta", "charlie"]);
    for (const row of rows) expect(workflowSummary.parse(row)).toMatchObject({ nodeCount: 3, trigger: "webhook", status: "enabled", version: 1, description: "Takes orders in" });
    // Each organisation sees its own.
    expect((await list()).map((w) => w.name)).toEqual(["Order   Intake"]);
  });

  it("refuse a draft n8n would refuse with 400, naming the problem where the editor shows it", async () => {
    const noTrigger = sampleDraft("No trigger");
    noTrigger.nodes = noTrigger.nodes.slice(1);
    noTrigger.connections = noTrigger.connections!.slice(1);
    const res = await owner.api("POST", "/workflows", noTrigger);
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: "bad_request", message: expect.stringMatching(/^Add a trigger/), fields: { nodes: expect.stringMatching(/^Add a trigger/) } });

    const noUrl = sampleDraft("No URL");
    noUrl.nodes[1]!.parameters = { method: "GET", url: " " };
    expect(errorOf(await owner.api("POST", "/workflows", noUrl)).fields).toEqual({ "nodes.1.parameters.url": "Notify: Enter the URL to call" });

    const twoProblems = sampleDraft("Two problems");
    twoProblems.nodes[2]!.name = "Notify";
    twoProblems.nodes[2]!.parameters = { jsCode: "" };
    expect(errorOf(await owner.api("POST", "/workflows", twoProblems)).message).toMatch(/\(and 1 more problem\)$/);

    expect(errorOf(await owner.api("POST", "/workflows", { ...sampleDraft(), name: "  " })).fields).toMatchObject({ name: "Please provide a workflow name" });
    expect((await owner.api("POST", "/workflows", { name: "Only a name" })).status).toBe(400);

    const deep = sampleDraft("Deep");
    let nested: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 200; i++) nested = { next: nested };
    deep.nodes[2]!.parameters = { jsCode: "return [];", options: nested };
    // The text guard (lib/text-guard.ts) refuses it before the route: recursion further on never meets it.
    expect(errorOf(await owner.api("POST", "/workflows", deep))).toMatchObject({ code: "bad_request", message: "The request is nested too deeply" });
    expect((await list()).map((w) => w.name)).toEqual(["Order   Intake"]);
  });

  it("save onto the version read, keep the deployment, and refuse an older version with 409", async () => {
    const saved = await create(owner, sampleDraft("Versioned"));
    // As a deploy leaves it (workflow-deploy.test.ts deploys for real).
    const deployment = { n8nWorkflowId: "abc123", deployedAt: new Date().toISOString(), exportHash: "00ff", active: true };
    await t.services.database.db
      .update(automations)
      .set({ configJson: sql`${automations.configJson} || ${JSON.stringify({ deployment })}::jsonb` })
      .where(eq(automations.id, saved.id));

    const edit = sampleDraft("Versioned, renamed", { trigger: "webhook", description: "Now with more" });
    const res = await owner.api("PUT", `/workflows/${saved.id}`, { ...edit, version: 1 });
    expect(res.status).toBe(200);
    const updated = field<Workflow>(res, "workflow");
    expect(updated).toMatchObject({ name: "Versioned, renamed", description: "Now with more", version: 2, n8nWebhook: "versioned,-renamed", deployment });
    expect(updated.nodes).toEqual(edit.nodes);

    const stale = await owner.api("PUT", `/workflows/${saved.id}`, { ...sampleDraft("Lost update"), version: 1 });
    expect(stale.status).toBe(409);
    expect(errorOf(stale)).toMatchObject({ code: "conflict", message: expect.stringMatching(/saved by someone else meanwhile.*Reload/) });
    const invalid = sampleDraft("Invalid");
    invalid.nodes = invalid.nodes.slice(1);
    invalid.connections = [];
    expect((await owner.api("PUT", `/workflows/${saved.id}`, { ...invalid, version: 2 })).status).toBe(400);
    expect((await owner.api("PUT", `/workflows/${saved.id}`, sampleDraft("No version"))).status).toBe(400);
    expect(field<Workflow>(await owner.api("GET", `/workflows/${saved.id}`), "workflow")).toMatchObject({ name: "Versioned, renamed", version: 2 });
    const actions = await t.services.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, saved.id));
    expect(actions.map((a) => a.action)).toEqual(["workflow.create", "workflow.update"]);
  });

  it("tells the organisation's open tabs of every write", async () => {
    const heard: Change[] = [];
    const stop = await t.services.changes.subscribe(owner.orgId, (e: HubEvent) => e.type === "change" && e.change.entity === "workflow" && heard.push(e.change));
    try {
      const saved = await create(owner, sampleDraft("Announced"));
      await owner.api("PUT", `/workflows/${saved.id}`, { ...sampleDraft("Announced again"), version: 1 });
      await owner.api("DELETE", `/workflows/${saved.id}`);
      await expect.poll(() => heard.map(({ id, action }) => [id === saved.id, action])).toEqual([
        [true, "created"],
        [true, "updated"],
        [true, "deleted"],
      ]);
    } finally {
      stop();
    }
  });

  it("of two saves from the same version exactly one lands", async () => {
    const saved = await create(owner, sampleDraft("Raced"));
    const results = await Promise.all(["One", "Two"].map((name) => owner.api("PUT", `/workflows/${saved.id}`, { ...sampleDraft(name), version: 1 })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(field<Workflow>(await owner.api("GET", `/workflows/${saved.id}`), "workflow").version).toBe(2);
  });

  it("delete, and answer 404 afterwards", async () => {
    const saved = await create(owner, sampleDraft("Doomed"));
    expect(await owner.api("DELETE", `/workflows/${saved.id}`)).toMatchObject({ status: 200, body: { ok: true } });
    for (const [method, path] of [["GET", ""], ["DELETE", ""], ["GET", "/n8n"]] as const) {
      expect((await owner.api(method, `/workflows/${saved.id}${path}`)).status).toBe(404);
    }
    expect((await owner.api("PUT", `/workflows/${saved.id}`, { ...sampleDraft(), version: 1 })).status).toBe(404);
  });

  it("give the saved workflow as n8n's JSON, which n8n's own validator accepts", async () => {
    const saved = await create(owner, sampleDraft("Exported"));
    const res = await owner.api("GET", `/workflows/${saved.id}/n8n`);
    expect(res.status).toBe(200);
    const exported = res.body as { name: string; nodes: { name: string; type: string }[]; connections: Record<string, unknown>; settings: Record<string, unknown> };
    expect(Object.keys(exported).sort()).toEqual(["connections", "name", "nodes", "settings"]);
    expect(exported.name).toBe("Exported");
    expect(exported.nodes.map((n) => n.type)).toEqual(["n8n-nodes-base.webhook", "n8n-nodes-base.httpRequest", "n8n-nodes-base.code"]);
    expect(exported.connections).toMatchObject({ Webhook: { main: [[{ node: "Notify", type: "main", index: 0 }]] } });
    expect(exported.settings).toMatchObject({ executionTimeout: 60 });
    expect(safeParseWorkflowStructure(exported).success).toBe(true);
  });

  it("take a workflow of 600 nodes, far past the 64 KB body limit", async () => {
    const draft = bigDraft(600);
    expect(JSON.stringify(draft).length).toBeGreaterThan(200 * 1024);
    const saved = await create(owner, draft);
    expect(saved.nodes).toHaveLength(600);
    const updated = await owner.api("PUT", `/workflows/${saved.id}`, { ...bigDraft(700, "Bigger chain"), version: 1 });
    expect(updated.status).toBe(200);
    expect((await list()).find((w) => w.id === saved.id)).toMatchObject({ name: "Bigger chain", nodeCount: 700 });
  });
});

describe("who may reach a workflow", () => {
  let theirs: Workflow;
  beforeAll(async () => {
    theirs = await create(owner, sampleDraft("Guarded"));
  });

  const routes = (id: string): [string, string, unknown?][] => [
    ["GET", "/workflows"],
    ["POST", "/workflows", sampleDraft("Intruder")],
    ["GET", `/workflows/${id}`],
    ["PUT", `/workflows/${id}`, { ...sampleDraft("Intruder"), version: 1 }],
    ["DELETE", `/workflows/${id}`],
    ["GET", `/workflows/${id}/n8n`],
    ["POST", `/workflows/${id}/deploy`, { activate: true }],
    ["GET", `/workflows/${id}/deployment`],
  ];

  it("answers another organisation's owner 404 for each of its workflow routes", async () => {
    for (const [method, path, body] of routes(theirs.id).filter(([, path]) => path !== "/workflows")) {
      const res = await other.api(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain("Guarded");
    }
    // Their own list does not show it, and the workflow is untouched.
    expect((await list(other)).some((w) => w.id === theirs.id)).toBe(false);
    expect(field<Workflow>(await owner.api("GET", `/workflows/${theirs.id}`), "workflow")).toEqual(theirs);
  });

  it("refuses a member of the organisation with 403 on every route", async () => {
    for (const [method, path, body] of routes(theirs.id)) {
      const res = await call(t.app, method, `${owner.base}${path}`, { cookie: member.cookie, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(errorOf(res)).toMatchObject({ code: "forbidden", message: "Only an organisation owner can do this" });
    }
  });

  it("answers 404, never 400 or 500, to ids that are not uuids or name nothing", async () => {
    for (const id of ["not-a-uuid", "123", "%27%3B%20drop", "00000000-0000-0000-0000-000000000000", crypto.randomUUID()]) {
      for (const [method, path, body] of routes(id).filter(([, path]) => path !== "/workflows")) {
        const res = await owner.api(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(errorOf(res).code).toBe("not_found");
      }
    }
  });

  it("does not let an agent row pass for a workflow", async () => {
    const agent = field<{ id: string }>(await owner.api("POST", "/agents/agent", { name: "Not a workflow" }), "agent");
    expect((await owner.api("GET", `/workflows/${agent.id}`)).status).toBe(404);
    expect((await owner.api("DELETE", `/workflows/${agent.id}`)).status).toBe(404);
    expect((await list()).some((w) => w.id === agent.id)).toBe(false);
  });
});

// Row locks only matter between connections, so this runs on the PostgreSQL server (CI's second
// pass). A trigger that sleeps holds the first save's transaction, and its lock, open while the
// second arrives, so the race happens every time rather than by chance.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("saves racing on PostgreSQL", () => {
  it("lets the second save of one version wait for the first's lock, then refuses it with 409", async () => {
    const db = t.services.database.db;
    const saved = await create(owner, sampleDraft("Locked race"));
    await db.execute(sql.raw("create or replace function wf_race_sleep() returns trigger language plpgsql as $$ begin perform pg_sleep(0.5); return new; end $$"));
    await db.execute(sql.raw("create trigger wf_race_sleep before update on automations for each row execute function wf_race_sleep()"));
    try {
      const first = owner.api("PUT", `/workflows/${saved.id}`, { ...sampleDraft("First"), version: 1 });
      await vi.waitFor(
        async () => {
          const sleeping = await db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep'`);
          expect((sleeping as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
        },
        { timeout: 2_000, interval: 10 },
      );
      const second = await owner.api("PUT", `/workflows/${saved.id}`, { ...sampleDraft("Second"), version: 1 });
      expect((await first).status).toBe(200);
      expect(second.status).toBe(409);
    } finally {
      await db.execute(sql.raw("drop trigger wf_race_sleep on automations"));
    }
    const [row] = await db.select().from(automations).where(and(eq(automations.id, saved.id), eq(automations.orgId, owner.orgId)));
    expect(row).toMatchObject({ name: "First", version: 2 });
  });
});
