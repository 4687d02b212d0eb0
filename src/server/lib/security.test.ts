import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { organisations, session } from "../db/schema";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app";
import { call } from "../testing/http";
import { GOOD_PASSWORD, latestLink, signedInUser, uniqueEmail } from "../testing/users";
import { loggedPath } from "./request-log";

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.app, t.services.database.db, "sec");
  const boot = await call(t.app, "POST", "/functions/v1/org-bootstrap", { cookie: owner.cookie, body: { user_id: owner.id } });
  orgId = (boot.body as { org: { id: string } }).org.id;
});
afterAll(async () => t.close());

const FOREIGN = "https://evil.example";
/** app.request without the helper's Origin header, as a non-browser client or a cross-site form. */
const raw = (path: string, init: RequestInit = {}, base = TEST_ORIGIN) => t.app.request(`${base}${path}`, init, { incoming: { socket: { remoteAddress: "10.9.9.9" } } });
const orgName = async () => (await t.services.database.db.select().from(organisations).where(eq(organisations.id, orgId)))[0]?.name;

describe("security headers", () => {
  const paths = ["/api/v1/organisations", "/api/v1/no-such-thing", "/functions/v1/health", "/some/page"];

  it.each(paths)("are on every response: %s", async (path) => {
    const res = await raw(path);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBeTruthy();
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it.each(paths)("include HSTS only over https: %s", async (path) => {
    const res = await raw(path, {}, "https://localhost:3999");
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it("ignores a client's X-Forwarded-Proto without TRUST_PROXY", async () => {
    const res = await raw("/api/v1/organisations", { headers: { "x-forwarded-proto": "https" } });
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("marks API and function responses no-store", async () => {
    for (const path of ["/api/v1/organisations", "/api/v1/nope", "/api/auth/get-session", "/functions/v1/health"]) {
      expect((await raw(path)).headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("echoes a well-formed X-Request-Id and replaces a malformed one", async () => {
    const ok = await raw("/api/v1/organisations", { headers: { "x-request-id": "req-12345678" } });
    expect(ok.headers.get("x-request-id")).toBe("req-12345678");
    expect(((await ok.json()) as { error: { requestId: string } }).error.requestId).toBe("req-12345678");
    const bad = await raw("/api/v1/organisations", { headers: { "x-request-id": "<script>" } });
    expect(bad.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("cross-site requests", () => {
  it("refuses a foreign Origin on an API write and changes nothing", async () => {
    const res = await call(t.app, "PATCH", `/api/v1/organisations/${orgId}`, { cookie: owner.cookie, body: { name: "Pwned" }, headers: { origin: FOREIGN } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { code: "forbidden" } });
    expect(await orgName()).not.toBe("Pwned");
    const post = await call(t.app, "POST", "/api/v1/organisations", { cookie: owner.cookie, body: { name: "Pwned" }, headers: { origin: FOREIGN } });
    expect(post.status).toBe(403);
  });

  it("refuses a foreign Origin on sign-in and creates no session", async () => {
    const before = await t.services.database.db.select().from(session);
    const res = await call(t.app, "POST", "/api/auth/sign-in/email", { body: { email: owner.email, password: GOOD_PASSWORD }, headers: { origin: FOREIGN } });
    expect(res.status).toBe(403);
    expect(res.cookie).toBe("");
    expect(await t.services.database.db.select().from(session)).toHaveLength(before.length);
  });

  it("refuses an Origin that only matches the request's own Host, not APP_URL", async () => {
    const host = "http://rebound.example:3999";
    const headers = { origin: host, "content-type": "application/json", cookie: owner.cookie };
    const res = await raw(`/api/v1/organisations/${orgId}`, { method: "PATCH", headers, body: JSON.stringify({ name: "Pwned" }) }, host);
    expect(res.status).toBe(403);
    expect(await orgName()).not.toBe("Pwned");
  });

  it("refuses Sec-Fetch-Site cross-site without an Origin", async () => {
    const headers = { "sec-fetch-site": "cross-site", "content-type": "application/json", cookie: owner.cookie };
    const res = await raw(`/api/v1/organisations/${orgId}`, { method: "PATCH", headers, body: JSON.stringify({ name: "Pwned" }) });
    expect(res.status).toBe(403);
    expect(await orgName()).not.toBe("Pwned");
  });

  it("allows same-origin writes", async () => {
    const res = await call(t.app, "PATCH", `/api/v1/organisations/${orgId}`, { cookie: owner.cookie, body: { name: "Same Origin" } });
    expect(res.status).toBe(200);
    const headers = { "sec-fetch-site": "same-origin", "content-type": "application/json", cookie: owner.cookie };
    const noOrigin = await raw(`/api/v1/organisations/${orgId}`, { method: "PATCH", headers, body: JSON.stringify({ name: "Same Site" }) });
    expect(noOrigin.status).toBe(200);
    expect(await orgName()).toBe("Same Site");
  });
});

describe("error responses", () => {
  it("answers invalid JSON with 400 bad_request, never 500", async () => {
    const res = await call(t.app, "PATCH", `/api/v1/organisations/${orgId}`, { cookie: owner.cookie, body: "{not json" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: "bad_request", message: expect.any(String) } });
  });

  it("answers invalid JSON on auth routes with a 4xx", async () => {
    const res = await call(t.app, "POST", "/api/auth/sign-in/email", { body: "{not json" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it.each(["/api/v1/does-not-exist", "/api/auth/does-not-exist", "/api/nothing"])("answers an unknown API path with 404 JSON: %s", async (path) => {
    const res = await call(t.app, "GET", path);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.body).toMatchObject({ error: { code: "not_found" } });
  });
});

describe("tokens in the request log", () => {
  it("logs the route pattern for token-bearing paths and never a query string", () => {
    expect(loggedPath("/api/auth/reset-password/Xk3dP9qLm2Zt7Vb1Nc4Rw8Ys")).toBe("/api/auth/reset-password/:token");
    expect(loggedPath("/api/auth/verify-email?token=eyJhbGciOi.e30.sig&callbackURL=%2F")).toBe("/api/auth/verify-email");
    expect(loggedPath("/api/v1/organisations/7c9e6679-7425-40de-944b-e07fc1f90ae7/tasks")).toBe("/api/v1/organisations/7c9e6679-7425-40de-944b-e07fc1f90ae7/tasks");
    expect(loggedPath("/api/future/magic/Q2x1ZTRoZWxsb3dvcmxkMTIzNDU2")).toBe("/api/future/magic/:redacted");
    expect(loggedPath("/auth/reset-password")).toBe("/auth/reset-password");
  });

  it("keeps reset and verification tokens out of the lines the server writes", async () => {
    const info = vi.spyOn(t.services.logger, "info");
    try {
      const email = uniqueEmail("logged");
      await call(t.app, "POST", "/api/auth/sign-up/email", { body: { email, password: GOOD_PASSWORD, name: "Logged", callbackURL: "/" } });
      const verify = new URL(await latestLink(t.services.database.db, email));
      await call(t.app, "GET", verify.pathname + verify.search);
      const token = verify.searchParams.get("token")!;
      const legacy = await call(t.app, "GET", `/api/auth/reset-password/${token.slice(0, 24)}?callbackURL=%2F`);
      expect(legacy.status).toBe(404);

      const logged = JSON.stringify(info.mock.calls);
      expect(logged).toContain("/api/auth/verify-email");
      expect(logged).toContain("/api/auth/reset-password/:token");
      expect(logged).not.toContain(token.slice(0, 24));
      expect(logged).not.toContain("token=");
    } finally {
      info.mockRestore();
    }
  });
});
