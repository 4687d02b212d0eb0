import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthResponse, releaseInfoResponse, secretsReadyResponse } from "@/shared/functions";
import { createTestApp, type TestApp } from "../testing/test-app";
import { call } from "../testing/http";
import { signedInUser } from "../testing/users";
import { platformOperators } from "../db/schema";
import { releaseOf } from "./release";

const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string };
const isIsoTimestamp = (value: string) => new Date(value).toISOString() === value;

let t: TestApp;
let broken: TestApp;
let released: TestApp;
beforeAll(async () => {
  [t, broken, released] = await Promise.all([
    createTestApp(),
    createTestApp(),
    createTestApp({ RELEASE_VERSION: "9.9.9-rc.1", RELEASE_COMMIT: "abc1234", GITHUB_TOKEN: "ghp_secret-token-value", GITHUB_REPO: "welovehq/app", N8N_BASE: "http://127.0.0.1:5678" }),
  ]);
  await broken.close(); // its database is gone before any request
});
afterAll(async () => Promise.all([t.close(), released.close()]));

describe("health", () => {
  it.each(["GET", "POST"])("reports a reachable database (%s)", async (method) => {
    const res = await call(t.app, method, "/functions/v1/health");
    expect(res.status).toBe(200);
    const body = healthResponse.parse(res.body);
    expect(body).toMatchObject({ ok: true, db: true, error: null });
    expect(body.db_latency_ms).toBeGreaterThanOrEqual(0);
    expect(isIsoTimestamp(body.timestamp)).toBe(true);
  });

  it("answers 503 with the error when the database is gone, without throwing", async () => {
    // A signed-in browser sends its cookie along; the session lookup must not turn this into a 500.
    const { cookie } = await signedInUser(t.app, t.services.database.db, "health");
    for (const options of [{}, { cookie }]) {
      const res = await call(broken.app, "GET", "/functions/v1/health", options);
      expect(res.status).toBe(503);
      const body = healthResponse.parse(res.body);
      expect(body).toMatchObject({ ok: false, db: false, db_latency_ms: null });
      expect(body.error).toEqual(expect.stringMatching(/\S/));
      expect(isIsoTimestamp(body.timestamp)).toBe(true);
    }
  });
});

describe("release-info", () => {
  it("reports the package version and a commit", async () => {
    const res = await call(t.app, "GET", "/functions/v1/release-info");
    expect(res.status).toBe(200);
    const body = releaseInfoResponse.parse(res.body);
    expect(body).toMatchObject({ ok: true, version: pkg.version, features: { ai_assist: true } });
    if (body.commit !== null) expect(body.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(isIsoTimestamp(body.timestamp)).toBe(true);
  });

  it("honours RELEASE_VERSION and RELEASE_COMMIT", async () => {
    const res = await call(released.app, "POST", "/functions/v1/release-info");
    expect(res.body).toMatchObject({ ok: true, version: "9.9.9-rc.1", commit: "abc1234" });
    // The first app's answer is not cached over another configuration's.
    expect((await call(t.app, "GET", "/functions/v1/release-info")).body).toMatchObject({ version: pkg.version });
  });

  it("honours RELEASE_COMMIT alone and keeps the package version", () => {
    expect(releaseOf({ RELEASE_COMMIT: "def5678" })).toEqual({ version: pkg.version, commit: "def5678" });
  });
});

describe("secrets-ready", () => {
  it("says which operator secrets are set, to an operator only, never their values", async () => {
    const { cookie } = await signedInUser(released.app, released.services.database.db, "secrets");
    const res = await call(released.app, "GET", "/functions/v1/secrets-ready", { cookie });
    expect(res.status).toBe(200);
    expect(secretsReadyResponse.parse(res.body)).toEqual({ ok: true, n8n_base: true, n8n_hmac: false, gh_token: true, gh_repo: true });
    expect(JSON.stringify(res.body)).not.toMatch(/ghp_|welovehq|127\.0\.0\.1/);
    const other = await signedInUser(t.app, t.services.database.db, "secrets-none");
    // Not the first account here, so no operator until named one.
    const refused = await call(t.app, "POST", "/functions/v1/secrets-ready", { cookie: other.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ ok: false, code: "forbidden", error: "Only an operator of this platform can do this" });
    await t.services.database.db.insert(platformOperators).values({ userId: other.id, source: "cli" });
    expect((await call(t.app, "POST", "/functions/v1/secrets-ready", { cookie: other.cookie })).body).toEqual({ ok: true, n8n_base: false, n8n_hmac: false, gh_token: false, gh_repo: false });
  });

  it("is refused without a session", async () => {
    expect((await call(t.app, "GET", "/functions/v1/secrets-ready")).status).toBe(401);
  });
});
