import { sql } from "drizzle-orm";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { opsEnvironment, type EnvCheck, type EnvCheckId, type OpsEnvironment } from "@/shared/ops";
import { loadEnv } from "../../env";
import { freePort } from "../../testing/free-port";
import { call } from "../../testing/http";
import { startN8nStandIn, type N8nStandIn } from "../../testing/n8n-stand-in";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { ownerOtherAndMember, type OrgUser } from "../../testing/work-fixtures";
import { availableMigrations } from "./migration-status";
import { readEnvironment } from "./read-environment";

// The owners' read of the running configuration: who may, what each check says for a given
// environment, and that no secret's value ever leaves the server.
const SECRET_KEY = "4f1c9a7be2d0583c6a1f9e7d2b4c8a0e1f3d5b7c9e0a2c4e6f8b1d3f5a7c9e0b";
const N8N_SECRET = "9b8e7d6c5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d";
const PREVIOUS_SECRET = "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2c";
const SMTP_PASSWORD = "smtp-pass-Zq81x";
const OPENAI_KEY = "sk-server-key-Yy72Lm";
const GITHUB_TOKEN = "ghp_tokenValue9981";

let t: TestApp;
let owner: OrgUser;
let other: OrgUser;
let member: { cookie: string };
let n8n: N8nStandIn;

beforeAll(async () => {
  n8n = await startN8nStandIn({ secret: N8N_SECRET });
  t = await createTestApp({
    SECRET_KEY,
    N8N_BASE: n8n.url,
    N8N_AGENT_SECRET: N8N_SECRET,
    N8N_AGENT_SECRET_PREVIOUS: PREVIOUS_SECRET,
    OPENAI_API_KEY: OPENAI_KEY,
    GITHUB_TOKEN,
    GITHUB_REPO: "welove/hq",
    RELEASE_COMMIT: "0123456789abcdef0123456789abcdef01234567",
  });
  ({ owner, other, member } = await ownerOtherAndMember(t.app, t.services.database.db, "ops"));
});
afterAll(async () => {
  await t?.close();
  await n8n?.close();
});

const byId = (env: OpsEnvironment) => Object.fromEntries(env.checks.map((c) => [c.id, c])) as Record<EnvCheckId, EnvCheck>;
/** The verb with another configuration on the same running database: env parsed as at start. */
const readWith = (vars: Record<string, string>) => {
  const env = loadEnv({ NODE_ENV: "production", DATA_DIR: mkdtempSync(join(tmpdir(), "whq-ops-")), SECRET_KEY, ...vars });
  return readEnvironment({ ...t.services, env }).then(byId);
};

describe("GET /ops/environment", () => {
  it("answers owners with every check, and never a secret's value", async () => {
    const res = await owner.api("GET", "/ops/environment");
    expect(res.status).toBe(200);
    const env = opsEnvironment.parse(res.body);
    const checks = byId(env);
    expect(env.checks.map((c) => c.id)).toEqual(["node_env", "release", "database", "migrations", "secret_key", "app_url", "proxy", "mail", "n8n_base", "n8n_secret", "ai_providers", "github", "live_updates"]);
    expect(checks.n8n_base).toMatchObject({ state: "ok" });
    expect(checks.n8n_base.detail).toContain(n8n.url);
    expect(checks.n8n_secret).toMatchObject({ state: "warn" });
    expect(checks.n8n_secret.detail).toContain("N8N_AGENT_SECRET_PREVIOUS");
    // The test app keeps mail in the dev outbox (its sign-ups read their links there).
    expect(checks.mail.state).toBe("missing");
    expect(checks.github).toMatchObject({ state: "ok", detail: "Both set (repository welove/hq)" });
    expect(checks.release).toMatchObject({ state: "ok", detail: expect.stringContaining("commit 0123456") });
    expect(checks.migrations).toMatchObject({ state: "ok" });
    expect(env.migrations.applied).toBe(availableMigrations().length);
    expect(env.release.commit).toBe("0123456789abcdef0123456789abcdef01234567");
    const text = JSON.stringify(res.body);
    for (const secret of [SECRET_KEY, N8N_SECRET, PREVIOUS_SECRET, OPENAI_KEY, GITHUB_TOKEN]) expect(text).not.toContain(secret);
    // Nor its length: nothing says 64 apart from the hex rule's own wording.
    expect(text).not.toMatch(/\b(?:32|64) (?:characters|chars|bytes) long\b/);
    // The details in the reader's language.
    const german = byId(opsEnvironment.parse((await call(t.app, "GET", `${owner.base}/ops/environment`, { cookie: owner.cookie, headers: { "accept-language": "de" } })).body));
    expect(german.github.detail).toBe("Beide gesetzt (Repository welove/hq)");
    expect(german.release.detail).toBe("Version 0.1.0, Commit 0123456");
  });

  it("is for the operator: a member gets 403, another organisation's owner 404 (and 403 in their own), a visitor 401", async () => {
    const path = `/api/v1/organisations/${owner.orgId}/ops/environment`;
    const refused = await call(t.app, "GET", path, { cookie: member.cookie });
    expect(refused.status).toBe(403);
    expect((await call(t.app, "GET", path, { cookie: other.cookie })).status).toBe(404);
    expect((await call(t.app, "GET", path)).status).toBe(401);
    // Owning an organisation makes nobody an operator: another organisation's self-registered owner is refused their own.
    const own = await other.api("GET", "/ops/environment");
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ error: { code: "forbidden", message: "Only an operator of this platform can do this" } });
    expect(JSON.stringify(own.body)).not.toContain("n8n");
    expect(JSON.stringify(refused.body)).not.toContain(SECRET_KEY);
  });
});

describe("each check follows the environment", () => {
  it("says what is missing on a bare configuration", async () => {
    const checks = await readWith({});
    expect(checks.node_env.state).toBe("ok");
    expect(checks.app_url).toMatchObject({ state: "missing", detail: expect.stringContaining("Not set") });
    expect(checks.mail).toMatchObject({ state: "missing", detail: expect.stringContaining("dev_outbox") });
    expect(checks.n8n_base).toMatchObject({ state: "missing", detail: expect.stringContaining("Not set") });
    expect(checks.n8n_secret).toMatchObject({ state: "missing" });
    expect(checks.ai_providers).toMatchObject({ state: "warn", detail: expect.stringContaining("https://api.openai.com") });
    expect(checks.github.state).toBe("warn");
    expect(checks.live_updates.state).toBe("ok");
    expect(checks.secret_key).toMatchObject({ state: "ok", detail: expect.stringContaining("environment") });
  });

  it("says SMTP is set without its address or password", async () => {
    const vars = { SMTP_URL: `smtps://mailer:${SMTP_PASSWORD}@mail.example.test:465` };
    const checks = await readWith(vars);
    expect(checks.mail).toMatchObject({ state: "ok", detail: expect.stringContaining("smtps") });
    for (const secret of [SMTP_PASSWORD, "mailer", "mail.example.test"]) expect(JSON.stringify(checks)).not.toContain(secret);
  });

  it("wants HTTPS, a proxy behind it, and production mode", async () => {
    expect((await readWith({ APP_URL: "http://hq.example.eu" })).app_url.state).toBe("missing");
    expect((await readWith({ APP_URL: "http://localhost:8080" })).app_url.state).toBe("warn");
    const https = await readWith({ APP_URL: "https://hq.example.eu", TRUST_PROXY: "1", NODE_ENV: "development" });
    expect(https.app_url).toMatchObject({ state: "ok", detail: expect.stringContaining("https://hq.example.eu") });
    expect(https.proxy.state).toBe("ok");
    expect(https.node_env.state).toBe("warn");
    expect((await readWith({ APP_URL: "https://hq.example.eu" })).proxy.state).toBe("warn");
  });

  it("flags a placeholder or generated secret key, and an exposed outbox", async () => {
    expect((await readWith({ SECRET_KEY: "a".repeat(64) })).secret_key.state).toBe("warn");
    expect((await readWith({ SECRET_KEY: "0123456789abcdef".repeat(4) })).secret_key.state).toBe("warn");
    const dataDir = mkdtempSync(join(tmpdir(), "whq-ops-key-"));
    writeFileSync(join(dataDir, "secret.key"), SECRET_KEY);
    // No SECRET_KEY in the environment: the server takes the one it generated there on a first start.
    const generated = byId(await readEnvironment({ ...t.services, env: loadEnv({ NODE_ENV: "production", DATA_DIR: dataDir }) }));
    expect(generated.secret_key).toMatchObject({ state: "warn", detail: expect.stringContaining("DATA_DIR/secret.key") });
    expect((await readWith({ MAIL_OUTBOX: "1" })).mail).toMatchObject({ state: "missing", detail: expect.stringContaining("MAIL_OUTBOX=1") });
    expect((await readWith({ N8N_AGENT_SECRET: "c".repeat(64) })).n8n_secret.state).toBe("warn");
    expect((await readWith({ N8N_AGENT_SECRET: N8N_SECRET })).n8n_secret).toMatchObject({ state: "ok", detail: "Set (32-byte hex)" });
  });

  it("calls n8n: unreachable or unhealthy is a warning naming only the origin", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const down = await readWith({ N8N_BASE: `http://user:pw@127.0.0.1:${new URL(closed).port}/base` });
    expect(down.n8n_base).toMatchObject({ state: "warn" });
    expect(down.n8n_base.detail).toContain(closed);
    expect(down.n8n_base.detail).not.toContain("pw");
    expect((await readWith({ N8N_BASE: `${n8n.url}/nothing-here` })).n8n_base.state).toBe("warn");
    expect((await readWith({ N8N_BASE: n8n.url })).n8n_base.state).toBe("ok");
  });

  it("turns AI off or on by the server's keys", async () => {
    expect((await readWith({ AI_ASSIST_ENABLED: "0" })).ai_providers).toMatchObject({ state: "ok", detail: expect.stringContaining("AI_ASSIST_ENABLED=0") });
    const keyed = await readWith({ ANTHROPIC_API_KEY: "sk-ant-123", ANTHROPIC_BASE_URL: "https://llm.example.eu/v1" });
    expect(keyed.ai_providers).toMatchObject({ state: "ok", detail: expect.stringContaining("Anthropic at https://llm.example.eu") });
    expect(keyed.ai_providers.detail).not.toContain("sk-ant-123");
  });

  it("reads the migration record: a missing row is pending, an unknown one a newer build", async () => {
    const db = t.services.database.db;
    const latest = availableMigrations().at(-1)!;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${latest.when}`);
    const pending = await readEnvironment(t.services);
    expect(byId(pending).migrations).toMatchObject({ state: "missing", detail: expect.stringContaining(`1 of ${availableMigrations().length} not applied`) });
    expect(pending.migrations.entries.at(-1)).toMatchObject({ tag: latest.tag, applied: false });
    await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('restored', ${latest.when}), ('from-a-newer-build', ${latest.when + 1000})`);
    const newer = await readEnvironment(t.services);
    expect(byId(newer).migrations).toMatchObject({ state: "warn", detail: expect.stringContaining("a newer build migrated this database") });
    expect(newer.migrations).toMatchObject({ applied: availableMigrations().length, unknownApplied: 1, latestApplied: latest.tag });
    await db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-build'`);
  });

  it("reports the embedded database as working but single-process", async () => {
    const checks = byId(await readEnvironment(t.services));
    const expected = t.services.database.kind === "postgres" ? "ok" : "warn";
    expect(checks.database.state).toBe(expected);
    expect(checks.database.detail).toMatch(/answered in \d+ ms/);
  });
});
