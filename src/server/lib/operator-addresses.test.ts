import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentSetup } from "@/shared/agents";
import { freePort } from "../testing/free-port";
import { call } from "../testing/http";
import { createTestApp, type TestApp } from "../testing/test-app";
import { field, orgUser, type OrgUser } from "../testing/work-fixtures";
import { sampleDraft } from "../testing/workflow-fixtures";

// A self-registered owner of a second organisation against the platform's operator (the first
// verified account): what the operator alone may read, and what nobody else reads in passing.
let t: TestApp;
let n8nBase: string;
let operator: OrgUser;
let tenant: OrgUser;

beforeAll(async () => {
  // Nothing listens there: n8n is down, and every message about it would name its address.
  n8nBase = `http://127.0.0.1:${await freePort()}`;
  t = await createTestApp({ N8N_BASE: n8nBase, OUTBOUND_TIMEOUT_MS: "2000", KEY_TEST_TIMEOUT_MS: "2000" });
  const db = t.services.database.db;
  operator = await orgUser(t.app, db, "platform-operator", "Operator Org");
  tenant = await orgUser(t.app, db, "tenant-owner", "Tenant Org");
});
afterAll(async () => {
  await t?.close();
});

const host = () => new URL(n8nBase).host;

describe("operator-only routes", () => {
  it("tells each who they are", async () => {
    expect(field<boolean>(await call(t.app, "GET", "/api/v1/me", { cookie: operator.cookie }), "operator")).toBe(true);
    expect(field<boolean>(await call(t.app, "GET", "/api/v1/me", { cookie: tenant.cookie }), "operator")).toBe(false);
  });

  it.each([
    ["GET", "/ops/environment"],
    ["GET", "/diagnostics"],
    ["POST", "/smoke/database"],
  ])("%s %s: the operator is answered, another organisation's owner gets 403 in their own, in their language", async (method, path) => {
    const asOperator = await operator.api(method, path);
    expect(asOperator.status, JSON.stringify(asOperator.body)).toBe(200);
    for (const [lang, message] of [
      ["en", "Only an operator of this platform can do this"],
      ["de", "Nur ein Betreiber dieser Plattform kann dies tun"],
      ["fr", "Seul un opérateur de cette plateforme peut effectuer cette action"],
    ]) {
      const refused = await call(t.app, method, `${tenant.base}${path}`, { cookie: tenant.cookie, headers: { "accept-language": lang! } });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: { code: "forbidden", message } });
    }
  });

  it("keeps secrets-ready to the operator", async () => {
    expect((await call(t.app, "GET", "/functions/v1/secrets-ready", { cookie: operator.cookie })).status).toBe(200);
    expect((await call(t.app, "GET", "/functions/v1/secrets-ready", { cookie: tenant.cookie })).status).toBe(403);
  });
});

describe("what a tenant reads never names the operator's n8n", () => {
  it("the agent's Quickstart says n8n did not answer, without its address; the operator reads the address", async () => {
    const mine = await call(t.app, "GET", `${tenant.base}/agents/setup`, { cookie: tenant.cookie, headers: { "accept-language": "de" } });
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).not.toContain(host());
    expect(agentSetup.parse(mine.body).steps.find((s) => s.key === "workflow")).toMatchObject({ state: "failed", detail: "Der Workflow-Dienst hat nicht geantwortet" });
    const theirs = agentSetup.parse((await operator.api("GET", "/agents/setup")).body);
    expect(theirs.steps.find((s) => s.key === "workflow")!.detail).toContain(host());
  });

  it("a failed deploy says the workflow service did not answer to a tenant, and names N8N_BASE to the operator", async () => {
    const deployAs = async (u: OrgUser) => {
      await u.api("POST", "/connections", { provider: "n8n", api_key: "n8n-key-000111222" });
      const id = field<{ id: string }>(await u.api("POST", "/workflows", sampleDraft("Deploy me")), "workflow").id;
      return u.api("POST", `/workflows/${id}/deploy`, { activate: false });
    };
    const tenantDeploy = await deployAs(tenant);
    expect(tenantDeploy.status).toBe(424);
    expect(tenantDeploy.body).toMatchObject({ error: { code: "upstream_failed", message: "The workflow service did not answer" } });
    expect(JSON.stringify(tenantDeploy.body)).not.toContain(host());
    const operatorDeploy = await deployAs(operator);
    expect(operatorDeploy.status).toBe(424);
    expect(JSON.stringify(operatorDeploy.body)).toContain(host());
  });

  it("the public health answer says up or down, with no job figures", async () => {
    const health = await call(t.app, "GET", "/functions/v1/health");
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ ok: true, db: true });
    expect(health.body).not.toHaveProperty("jobs");
  });
});
