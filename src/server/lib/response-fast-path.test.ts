import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../testing/http";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app";
import { signedInUser } from "../testing/users";

// @hono/node-server swaps in a light Response that it writes to the socket as a string; a
// middleware that makes it build the real one (Hono's c.header() after next() does, by re-reading
// the body) sends every answer through a stream instead, a third of the API's throughput
// (bench/api-vs-bare.ts). Asking for a request listener installs the light Response, as serve() does.
getRequestListener(() => new Response(null));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Whether the light Response was turned into the real one it stands for. */
const wasRebuilt = (res: Response) => Object.getOwnPropertySymbols(res).some((s) => String(s) === "Symbol(responseCache)");

describe("answers on their way to @hono/node-server", () => {
  it("an organisation's JSON answer keeps its headers (no-store, security, request id) without being rebuilt", async () => {
    const owner = await signedInUser(t.app, t.services.database.db, "fast-path");
    const boot = await call(t.app, "POST", "/functions/v1/org-bootstrap", { cookie: owner.cookie, body: { user_id: owner.id } });
    const orgId = (boot.body as { org: { id: string } }).org.id;
    const res = await t.app.request(`${TEST_ORIGIN}/api/v1/organisations/${orgId}/tasks?limit=5`, { headers: { cookie: owner.cookie, origin: TEST_ORIGIN } }, { incoming: { socket: { remoteAddress: "10.1.2.3" } } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(wasRebuilt(res)).toBe(false);
  });
});
