import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, Connection, ConnectionResponse } from "@/shared/connections";
import { createApp, type App } from "../../app";
import type { Database } from "../../db/client";
import { auditLog, connections } from "../../db/schema";
import { loadEnv } from "../../env";
import { createLogger } from "../../lib/logger";
import { createServices } from "../../services";
import { call } from "../../testing/http";
import { startProviderStandIn, type ProviderStandIn } from "../../testing/provider-stand-ins";
import { TEST_ORIGIN } from "../../testing/test-app";
import { openTestDatabase } from "../../testing/test-database";
import { field, orgUser, randomId, type OrgUser } from "../../testing/work-fixtures";

// Every key used here carries this marker, so "the key never leaks" is one substring search.
const KEY_TAIL = "Zq7Xw9";
const key = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}-${KEY_TAIL}`;

let standIn: ProviderStandIn;
let database: Database;
let app: App;
let u: OrgUser;
let other: OrgUser;
const logLines: string[] = [];

beforeAll(async () => {
  standIn = await startProviderStandIn();
  const env = loadEnv({
    NODE_ENV: "test",
    APP_URL: TEST_ORIGIN,
    DATA_DIR: mkdtempSync(join(tmpdir(), "whq-conn-")),
    SECRET_KEY: "a".repeat(64),
    MAIL_OUTBOX: "1",
    OPENAI_BASE_URL: standIn.url,
    ANTHROPIC_BASE_URL: standIn.url,
    N8N_BASE: standIn.url,
    KEY_TEST_TIMEOUT_MS: "300",
  });
  database = await openTestDatabase();
  // A logger that keeps every line, so the test can prove no key reaches the logs.
  app = createApp(createServices(env, database, createLogger("debug", (line) => logLines.push(line))), { webDir: join(tmpdir(), "whq-no-web") });
  const [first, second] = await Promise.all([orgUser(app, database.db, "conn"), orgUser(app, database.db, "conn-other")]);
  u = recordingBodies(first);
  other = recordingBodies(second);
});
afterAll(async () => {
  await database?.close();
  await standIn?.close();
});

const responseBodies: string[] = [];
/** The same user, with every response body kept for the "never in a response" check. */
function recordingBodies(who: OrgUser): OrgUser {
  return {
    ...who,
    api: async (method, path, body) => {
      const res = await who.api(method, path, body);
      responseBodies.push(JSON.stringify(res.body));
      return res;
    },
  };
}

const create = async (who: OrgUser, body: Record<string, unknown>) => {
  const res = await who.api("POST", "/connections", body);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as ConnectionResponse;
};
const rawAuth = async (id: string) =>
  (await database.db.select({ auth: sql<string | null>`${connections.authJson}::text` }).from(connections).where(eq(connections.id, id)))[0]?.auth ?? null;
const auditFor = (id: string) => database.db.select().from(auditLog).where(eq(auditLog.targetId, id));

describe("connections", () => {
  it("test a new key, store it sealed and show it only masked", async () => {
    const apiKey = key("sk-valid");
    const created = await u.api("POST", "/connections", { provider: "openai", api_key: apiKey, endpoint: "https://example.test/v1", description: "Main key" });
    expect(created.status).toBe(201);
    const { connection, test } = created.body as ConnectionResponse;
    expect(test).toEqual({ outcome: "valid", message: "OpenAI accepted the key" });
    expect(connection).toMatchObject({ provider: "openai", status: "connected", masked_key: `sk-...${KEY_TAIL.slice(-4)}`, endpoint: "https://example.test/v1", description: "Main key", tested: true, test_outcome: "valid", org_id: u.orgId });
    expect(connection.tested_at).not.toBeNull();

    const stored = await rawAuth(connection.id);
    expect(stored).toContain("enc:v1:");
    expect(stored).toContain("https://example.test/v1");
    expect(stored).not.toContain(KEY_TAIL);

    expect(field<Connection>(await u.api("GET", `/connections/${connection.id}`), "connection")).toEqual(connection);
    expect(field<Connection[]>(await u.api("GET", "/connections"), "connections").map((c) => c.id)).toContain(connection.id);
  });

  it("mark a refused key as error and an untestable provider's key as connected but untested", async () => {
    const refused = await create(u, { provider: "anthropic", api_key: key("sk-bad") });
    expect(refused.test).toEqual({ outcome: "invalid", message: "Anthropic refused the key (401)" });
    expect(refused.connection).toMatchObject({ status: "error", test_outcome: "invalid", masked_key: expect.stringMatching(/^sk-\.\.\./) });

    const mistral = await create(u, { provider: "mistral", api_key: key("sk-valid") });
    expect(mistral.test).toEqual({ outcome: "untested", message: "Stored, but We Love HQ cannot test Mistral keys" });
    expect(mistral.connection).toMatchObject({ status: "connected", test_outcome: "untested", tested: false, tested_at: null });
  });

  it("list in provider order and refuse a second connection for a provider", async () => {
    const names = field<Connection[]>(await u.api("GET", "/connections"), "connections").map((c) => c.provider);
    expect(names).toEqual([...names].sort());
    const again = await u.api("POST", "/connections", { provider: "openai", api_key: key("sk-valid") });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: "conflict", message: expect.stringContaining("already has a openai connection") } });
  });

  it("re-test a new key on update, and disconnect by removing every credential", async () => {
    const { connection } = await create(u, { provider: "groq", api_key: key("sk-valid") });
    const patched = await u.api("PATCH", `/connections/${connection.id}`, { description: "Team key" });
    expect((patched.body as ConnectionResponse).connection).toMatchObject({ description: "Team key", masked_key: connection.masked_key, status: "connected" });

    const anthropic = field<Connection[]>(await u.api("GET", "/connections"), "connections").find((c) => c.provider === "anthropic")!;
    const fixed = (await u.api("PATCH", `/connections/${anthropic.id}`, { api_key: key("sk-valid") })).body as ConnectionResponse;
    expect(fixed.test?.outcome).toBe("valid");
    expect(fixed.connection).toMatchObject({ status: "connected", test_outcome: "valid" });

    const off = (await u.api("PATCH", `/connections/${anthropic.id}`, { status: "disconnected" })).body as ConnectionResponse;
    expect(off.connection).toMatchObject({ status: "disconnected", masked_key: null, endpoint: null, description: null, tested: false, test_outcome: null });
    expect(await rawAuth(anthropic.id)).toBeNull();
  });

  it("connect and test integrations without a key", async () => {
    const gmail = await create(u, { provider: "gmail" });
    expect(gmail).toMatchObject({ test: null, connection: { status: "connected", masked_key: null } });
    const tested = (await u.api("POST", `/connections/${gmail.connection.id}/test`)).body as ConnectionResponse;
    expect(tested.test).toEqual({ outcome: "unverifiable", message: "This connection can't be verified from here" });
    expect(tested.connection).toMatchObject({ status: "connected", test_outcome: "unverifiable" });

    const n8n = await create(u, { provider: "n8n", status: "disconnected" });
    expect(n8n.connection.status).toBe("disconnected");
    const on = (await u.api("PATCH", `/connections/${n8n.connection.id}`, { status: "connected" })).body as ConnectionResponse;
    expect(on.connection.status).toBe("connected");
    expect(((await u.api("POST", `/connections/${n8n.connection.id}/test`)).body as ConnectionResponse).test).toMatchObject({ outcome: "valid" });
  });

  it("record a test of a saved key and follow the answer with the status", async () => {
    const { connection } = await create(u, { provider: "perplexity", api_key: key("sk-valid") });
    const res = await u.api("POST", `/connections/${connection.id}/test`);
    expect(res.status).toBe(200);
    expect((res.body as ConnectionResponse).test?.outcome).toBe("untested");

    const openai = field<Connection[]>(await u.api("GET", "/connections"), "connections").find((c) => c.provider === "openai")!;
    const ok = (await u.api("POST", `/connections/${openai.id}/test`)).body as ConnectionResponse;
    expect(ok).toMatchObject({ test: { outcome: "valid" }, connection: { status: "connected", tested: true } });
  });

  it("delete a connection", async () => {
    const { connection } = await create(u, { provider: "telegram" });
    expect((await u.api("DELETE", `/connections/${connection.id}`)).body).toEqual({ ok: true });
    expect((await u.api("GET", `/connections/${connection.id}`)).status).toBe(404);
    expect((await u.api("DELETE", `/connections/${connection.id}`)).status).toBe(404);
  });

  it("reject bad input with the fields at fault", async () => {
    const bad = await u.api("POST", "/connections", { provider: "myspace", api_key: "has space", endpoint: "ftp://x" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: "bad_request", fields: { provider: expect.any(String), api_key: expect.any(String), endpoint: expect.any(String) } } });
    const both = await u.api("POST", "/connections", { provider: "whatsapp", api_key: key("sk-valid"), status: "disconnected" });
    expect(both.body).toMatchObject({ error: { fields: { api_key: expect.any(String) } } });
    expect((await u.api("GET", "/connections/not-a-uuid")).body).toMatchObject({ error: { fields: { connectionId: expect.any(String) } } });
    expect((await u.api("PATCH", `/connections/${randomId()}`, { status: "broken" })).status).toBe(400);
    expect((await u.api("POST", "/connections", "{not json")).status).toBe(400);
  });

  it("refuse an unknown field by name, in the reader's language, and store nothing", async () => {
    const wrapped = await u.api("POST", "/connections", { provider: "browseruse", auth_json: { api_key: key("sk-valid") } });
    expect(wrapped).toMatchObject({ status: 400, body: { error: { code: "bad_request", message: "Unknown fields: auth_json", fields: { auth_json: expect.stringMatching(/^Unknown field/) } } } });
    const misspelt = await call(app, "POST", `${u.base}/connections`, {
      cookie: u.cookie,
      headers: { "accept-language": "de" },
      body: { provider: "browseruse", apikey: key("sk-valid") },
    });
    expect(misspelt).toMatchObject({ status: 400, body: { error: { message: "Unbekannte Felder: apikey", fields: { apikey: expect.stringMatching(/^Unbekanntes Feld/) } } } });
    expect((await u.api("PATCH", `/connections/${randomId()}`, { apiKey: "x" })).body).toMatchObject({ error: { fields: { apiKey: expect.any(String) } } });
    expect(field<Connection[]>(await u.api("GET", "/connections"), "connections").some((c) => c.provider === "browseruse")).toBe(false);
  });

  it("answer 404 for an unknown id and for another organisation's connection", async () => {
    const theirs = (await create(other, { provider: "openai", api_key: key("sk-valid") })).connection.id;
    for (const id of [randomId(), theirs]) {
      expect((await u.api("GET", `/connections/${id}`)).status).toBe(404);
      expect((await u.api("PATCH", `/connections/${id}`, { description: "mine" })).status).toBe(404);
      expect((await u.api("POST", `/connections/${id}/test`)).status).toBe(404);
      expect((await u.api("DELETE", `/connections/${id}`)).status).toBe(404);
    }
    expect((await call(app, "GET", `${other.base}/connections`, { cookie: u.cookie })).status).toBe(404);
    expect(field<Connection>(await other.api("GET", `/connections/${theirs}`), "connection").description).toBeNull();
  });

  it("do not open a sealed key copied into another organisation's row, and do not fail either", async () => {
    const source = field<Connection[]>(await u.api("GET", "/connections"), "connections").find((c) => c.provider === "openai")!;
    const target = (await create(other, { provider: "anthropic", api_key: key("sk-valid") })).connection;
    const [stolen] = await database.db.select({ auth: connections.authJson }).from(connections).where(eq(connections.id, source.id));
    await database.db.update(connections).set({ authJson: stolen!.auth }).where(eq(connections.id, target.id));
    const requestsBefore = standIn.requests.length;

    const read = field<Connection>(await other.api("GET", `/connections/${target.id}`), "connection");
    expect(read).toMatchObject({ masked_key: null, status: "error", test_outcome: "invalid" });
    const tested = await other.api("POST", `/connections/${target.id}/test`);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ test: { outcome: "invalid" }, connection: { status: "error", masked_key: null } });
    // The stolen secret never reached a provider: the test stopped before asking.
    expect(standIn.requests.length).toBe(requestsBefore);
  });

  it("write an audit row for every change, never holding the key", async () => {
    const { connection } = await create(u, { provider: "google", api_key: key("sk-valid") });
    await u.api("PATCH", `/connections/${connection.id}`, { api_key: key("sk-valid") });
    await u.api("POST", `/connections/${connection.id}/test`);
    await u.api("DELETE", `/connections/${connection.id}`);
    const rows = await auditFor(connection.id);
    expect(rows.map((r) => r.action).sort()).toEqual(["connection.create", "connection.delete", "connection.test", "connection.update"]);
    expect(rows.every((r) => r.orgId === u.orgId && r.actorUserId === u.id)).toBe(true);
    expect(rows.find((r) => r.action === "connection.create")!.details).toMatchObject({ provider: "google", status: "connected", test_outcome: "untested" });
    const [all] = await database.db.select({ text: sql<string>`string_agg(${auditLog.details}::text, ' ')` }).from(auditLog);
    expect(all!.text).toContain("provider");
    expect(all!.text).not.toContain(KEY_TAIL);
    expect(all!.text).not.toContain("enc:v1:");
  });
});

describe("conn-upsert", () => {
  const upsert = (who: OrgUser, body: unknown) => call(app, "POST", "/functions/v1/conn-upsert", { cookie: who.cookie, body });

  it("creates, then updates the organisation's one row for a provider, sealing the key", async () => {
    const first = await upsert(u, { org_id: u.orgId, provider: "calendar", auth_json: { apiKey: key("tok"), description: "Work calendar" } });
    expect(first).toMatchObject({ status: 200, body: { ok: true, error: null } });
    const row = field<Connection[]>(await u.api("GET", "/connections"), "connections").find((c) => c.provider === "calendar")!;
    expect(row).toMatchObject({ status: "connected", description: "Work calendar", masked_key: expect.stringMatching(/^tok-\.\.\./) });
    expect(await rawAuth(row.id)).not.toContain(KEY_TAIL);

    expect((await upsert(u, { org_id: u.orgId, provider: "calendar", auth_json: { apiKey: "x" }, status: "disconnected" })).body).toEqual({ ok: true, error: null });
    const after = field<Connection>(await u.api("GET", `/connections/${row.id}`), "connection");
    expect(after).toMatchObject({ id: row.id, status: "disconnected", masked_key: null });
    expect((await auditFor(row.id)).map((r) => r.action).sort()).toEqual(["connection.create", "connection.update"]);
  });

  it("answers another organisation's id with 404 and bad input with 400, in the function shape", async () => {
    const foreign = await upsert(u, { org_id: other.orgId, provider: "gmail", auth_json: null });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ ok: false, error: expect.any(String) });
    expect(field<Connection[]>(await other.api("GET", "/connections"), "connections").some((c) => c.provider === "gmail")).toBe(false);
    const misnamed = await upsert(other, { org_id: other.orgId, provider: "browseruse", auth_json: { api_key: key("tok") } });
    expect(misnamed).toMatchObject({ status: 400, body: { ok: false, error: expect.stringContaining("auth_json.api_key") } });
    expect(field<Connection[]>(await other.api("GET", "/connections"), "connections").some((c) => c.provider === "browseruse")).toBe(false);
    const bad = await upsert(u, { org_id: "nope", provider: "gmail" });
    expect(bad).toMatchObject({ status: 400, body: { ok: false } });
    expect((await call(app, "POST", "/functions/v1/conn-upsert", { body: { org_id: u.orgId, provider: "gmail" } })).status).toBe(401);
  });
});

describe("audit log", () => {
  it("is for owners: newest first, paged by cursor, with the actor's name", async () => {
    const first = await u.api("GET", "/audit?limit=2");
    expect(first.status).toBe(200);
    const page = first.body as { entries: AuditEntry[]; next_cursor: string | null };
    expect(page.entries).toHaveLength(2);
    expect(page.entries[0]!.actor_name).toBe("Test conn");
    expect(page.next_cursor).not.toBeNull();

    const seen: AuditEntry[] = [...page.entries];
    for (let cursor = page.next_cursor; cursor; ) {
      const next = (await u.api("GET", `/audit?limit=2&cursor=${cursor}`)).body as { entries: AuditEntry[]; next_cursor: string | null };
      seen.push(...next.entries);
      cursor = next.next_cursor;
    }
    const total = await database.db.$count(auditLog, eq(auditLog.orgId, u.orgId));
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((e) => e.id)).size).toBe(total);
    const times = seen.map((e) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await u.api("GET", "/audit?cursor=garbage")).status).toBe(400);
  });

  it("is forbidden to members who are not owners, and hidden from other organisations", async () => {
    await database.db.execute(sql`update memberships set role = 'member' where org_id = ${u.orgId} and user_id = ${u.id}`);
    try {
      expect((await u.api("GET", "/audit")).status).toBe(403);
    } finally {
      await database.db.execute(sql`update memberships set role = 'owner' where org_id = ${u.orgId} and user_id = ${u.id}`);
    }
    expect((await call(app, "GET", `${u.base}/audit`, { cookie: other.cookie })).status).toBe(404);
  });
});

describe("keys in responses and logs", () => {
  it("never appear in any API response", () => {
    expect(responseBodies.length).toBeGreaterThan(30);
    expect(responseBodies.filter((b) => b.includes(KEY_TAIL))).toEqual([]);
  });

  it("never appear in any log line", () => {
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.filter((l) => l.includes(KEY_TAIL))).toEqual([]);
  });
});
