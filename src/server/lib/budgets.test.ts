import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connections } from "../db/schema";
import { sealAuth } from "../modules/connections/connection-auth";
import { sendChat } from "../testing/chat-sse";
import { call, type Call } from "../testing/http";
import { startLlmStandIn, type LlmStandIn } from "../testing/llm-stand-ins";
import { createTestApp, type TestApp } from "../testing/test-app";
import { orgUser, type OrgUser } from "../testing/work-fixtures";

// Small budgets, so each is reached in a few requests; the clock is moved to see them reset.
const budgets = {
  LIMIT_MODEL_CALLS_PER_MINUTE: "3",
  LIMIT_MODEL_CALLS_PER_DAY: "5",
  LIMIT_AGENT_RUNS_PER_MINUTE: "2",
  LIMIT_AGENT_RUNS_PER_DAY: "3",
  LIMIT_DEPLOYS_PER_MINUTE: "2",
  LIMIT_DEPLOYS_PER_DAY: "3",
  LIMIT_SCANS_PER_MINUTE: "2",
  LIMIT_SCANS_PER_DAY: "3",
  LIMIT_INVITATIONS_PER_MINUTE: "3",
  LIMIT_INVITATIONS_PER_DAY: "4",
  LIMIT_INVITATIONS_PER_ADDRESS_PER_DAY: "2",
  LIMIT_EXPORTS_PER_DAY: "2",
};

let t: TestApp;
let llm: LlmStandIn;
let offsetMs = 0;
const later = (ms: number) => (offsetMs += ms);
const MINUTE = 61_000;
const DAY = 24 * 3600 * 1000 + 1000;

beforeAll(async () => {
  llm = await startLlmStandIn(() => ({ text: "Fine." }));
  t = await createTestApp({ ...budgets, OPENAI_API_KEY: "sk-server-key", OPENAI_BASE_URL: llm.url });
  t.services.clock.now = () => new Date(Date.now() + offsetMs);
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
});

const fresh = (label: string) => orgUser(t.app, t.services.database.db, label);
type ErrorBody = { error: { code: string; message: string; budget: string; limit: number; resetsAt: string } };

/** A refusal by the named budget: 429, Retry-After within the window, the budget and its reset named. */
function expectOverBudget(res: Pick<Call, "status" | "headers"> & { body?: unknown; json?: unknown }, budget: string, windowSeconds: number) {
  expect(res.status).toBe(429);
  const retry = Number(res.headers.get("retry-after"));
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(windowSeconds);
  if (windowSeconds > 60) expect(retry).toBeGreaterThan(60);
  const raw = (res.body ?? res.json) as ErrorBody | (Omit<ErrorBody["error"], "message"> & { error: string });
  // The functions answer { ok: false, error: message, code, … }; the API { error: { code, message, … } }.
  const error = typeof raw.error === "string" ? { ...(raw as Omit<ErrorBody["error"], "message">), message: raw.error } : raw.error;
  expect(error).toMatchObject({ code: "budget_exceeded", budget });
  expect(Date.parse(error.resetsAt) - (Date.now() + offsetMs)).toBeGreaterThan((retry - 5) * 1000);
  return error;
}

const chat = (u: OrgUser, language?: string) => sendChat(t.app, `${u.base}/chat/messages`, u.cookie, { message: "hello", agent_id: "llm" }, { language });

describe("budgets for what costs money or mail", () => {
  it("model calls on the server's key: per person a minute, then per organisation a day, shown as used today / budget", async () => {
    const u = await fresh("model-budget");
    for (let i = 0; i < 3; i++) expect((await chat(u)).status).toBe(200);
    const calls = llm.requests.length;
    const refused = await chat(u, "de");
    const error = expectOverBudget(refused, "model.user", 60);
    expect(error.message).toMatch(/^Das Budget für Modellaufrufe pro Minute und Person ist aufgebraucht \(3\)\. Es wird in \d+ Sekunden zurückgesetzt, um \d\d:\d\d UTC\.$/);
    expect(llm.requests.length).toBe(calls);
    // The agent-chat function counts the same budget, and answers in its own shape.
    const fn = await call(t.app, "POST", "/functions/v1/agent-chat", { cookie: u.cookie, body: { orgId: u.orgId, message: "hi", agentId: "llm" } });
    expect(fn.status).toBe(429);
    expect(fn.body).toMatchObject({ ok: false, code: "budget_exceeded", budget: "model.user" });
    // A minute later the person may ask again, until the organisation's day is spent (5).
    later(MINUTE);
    expect((await chat(u)).status).toBe(200);
    expect((await chat(u)).status).toBe(200);
    expect((await u.api("GET", "/budgets")).body).toEqual({ budgets: { model_calls: { used: 5, budget: 5, own_key: false } } });
    const spent = await chat(u, "fr");
    const day = expectOverBudget(spent, "model.org", 86_400);
    expect(day.message).toMatch(/^Le budget « appels au modèle par jour pour l’organisation » est épuisé \(5\)\./);
    // A member of the same organisation is held by the same day's budget.
    later(MINUTE);
    expectOverBudget(await chat(u), "model.org", 86_400);
    // The next day it is there again.
    later(DAY);
    expect((await chat(u)).status).toBe(200);
    expect((await u.api("GET", "/budgets")).body).toMatchObject({ budgets: { model_calls: { used: 1, budget: 5 } } });
  });

  it("an organisation's own model key lifts the daily budget, not the per-minute one", async () => {
    const u = await fresh("own-key");
    const rounds = async (n = 3) => {
      for (let i = 0; i < n; i++) expect((await chat(u)).status).toBe(200);
      later(MINUTE);
    };
    await rounds();
    await rounds(2);
    expectOverBudget(await chat(u), "model.org", 86_400);
    const id = randomUUID();
    await t.services.database.db.insert(connections).values({ id, orgId: u.orgId, provider: "openai", status: "connected", testOutcome: "valid", authJson: sealAuth(t.services.secrets, { orgId: u.orgId, connectionId: id }, { apiKey: "sk-org-own" }) });
    later(MINUTE);
    await rounds();
    await rounds();
    expect(llm.requests.at(-1)!.headers.authorization).toBe("Bearer sk-org-own");
    for (let i = 0; i < 3; i++) expect((await chat(u)).status).toBe(200);
    expectOverBudget(await chat(u), "model.user", 60);
    expect((await u.api("GET", "/budgets")).body).toMatchObject({ budgets: { model_calls: { used: 5, budget: 5, own_key: true } } });
  });

  it("invitations: per address a day, per person a minute, per organisation a day", async () => {
    const u = await fresh("inviter");
    const invite = (email: string, language?: string) => call(t.app, "POST", `${u.base}/invitations`, { cookie: u.cookie, body: { email, role: "member" }, headers: language ? { "accept-language": language } : {} });
    expect((await invite("one@budget.test")).status).toBe(201);
    expect((await invite("ONE@budget.test")).status).toBe(201);
    const address = expectOverBudget(await invite("one@budget.test", "fr"), "invite.address", 86_400);
    expect(address.message).toMatch(/^Le budget « invitations par jour vers une même adresse » est épuisé \(2\)\. Il sera réinitialisé dans \d+ secondes, à \d\d:\d\d UTC\.$/);
    // The refused one spent nothing: the person's minute still has one left.
    expect((await invite("two@budget.test")).status).toBe(201);
    const minute = expectOverBudget(await invite("three@budget.test"), "invite.user", 60);
    expect(minute.message).toMatch(/^The budget for invitations per minute per person is used up \(3\)\. It resets in \d+ seconds, at \d\d:\d\d UTC\.$/);
    later(MINUTE);
    expect((await invite("three@budget.test")).status).toBe(201);
    expectOverBudget(await invite("four@budget.test", "de"), "invite.org", 86_400);
    later(DAY);
    expect((await invite("four@budget.test")).status).toBe(201);
    expect((await invite("one@budget.test")).status).toBe(201);
  });

  it("agent runs, deploys, scans and exports answer 429 past their budget, and reset", async () => {
    const u = await fresh("runner");
    const twice = async (kind: string, send: () => Promise<Call>) => {
      for (let i = 0; i < 2; i++) expect((await send()).status, `${kind} ${i}`).not.toBe(429);
      return expectOverBudget(await send(), kind, 60);
    };
    const dispatch = () => call(t.app, "POST", "/functions/v1/agent-dispatch", { cookie: u.cookie, body: { org_id: u.orgId, message: "Summarise the week" } });
    await twice("agent.user", () => u.api("POST", "/agents/agent/test"));
    expect((await dispatch()).status).toBe(429);
    later(MINUTE);
    expect((await dispatch()).status).not.toBe(429);
    await twice("deploy.user", () => u.api("POST", `/workflows/${randomUUID()}/deploy`, {}));
    await twice("scan.user", () => u.api("POST", "/health/platform/scans"));
    expect((await u.api("POST", `/project-health/${randomUUID()}/analyze`)).status).toBe(429);
    later(MINUTE);
    expect((await u.api("POST", `/project-health/${randomUUID()}/analyze`)).status).not.toBe(429);
    // The organisation's day: three agent runs (two tests, one dispatch) are spent.
    expectOverBudget(await dispatch(), "agent.org", 86_400);
    // Exports: two a day, a person's own and an organisation's counted apart.
    for (let i = 0; i < 2; i++) expect((await call(t.app, "POST", "/api/v1/me/exports", { cookie: u.cookie })).status).not.toBe(429);
    expectOverBudget(await call(t.app, "POST", "/api/v1/me/exports", { cookie: u.cookie }), "export.user", 86_400);
    for (let i = 0; i < 2; i++) expect((await u.api("POST", "/exports")).status).not.toBe(429);
    expectOverBudget(await u.api("POST", "/exports"), "export.org", 86_400);
    later(DAY);
    expect((await dispatch()).status).not.toBe(429);
    expect((await u.api("POST", "/exports")).status).not.toBe(429);
  });

  it("gives the last unit of a budget to one of many racing requests only", async () => {
    const u = await fresh("racer");
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => call(t.app, "POST", `${u.base}/invitations`, { cookie: u.cookie, body: { email: `race${i}@budget.test`, role: "member" } })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
  });
});
