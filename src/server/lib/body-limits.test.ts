import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../e2e/support/server";
import { call } from "../testing/http";
import { createTestApp, type TestApp } from "../testing/test-app";
import { orgUser, type OrgUser } from "../testing/work-fixtures";

let t: TestApp;
let owner: OrgUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await orgUser(t.app, t.services.database.db, "body-limits");
});
afterAll(async () => t?.close());

const padded = (bytes: number) => ({ name: "Plane", padding: "x".repeat(bytes) });

describe("body limits", () => {
  it("refuses a JSON body over 64 KB with 413 and the error envelope", async () => {
    const res = await owner.api("POST", "/planes", padded(70 * 1024));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: { code: "payload_too_large" } });
  });

  it("accepts a body under the limit", async () => {
    expect((await owner.api("POST", "/planes", padded(30 * 1024))).status).toBe(201);
  });

  it("applies to the auth routes too", async () => {
    const res = await call(t.app, "POST", "/api/auth/sign-up/email", { body: { email: "big@example.test", password: "lantern-orbit-5521", name: "n".repeat(100 * 1024) } });
    expect(res.status).toBe(413);
  });

  it("lets a CSV import carry up to 32 MB (a 12 MB file's rows), and no more", async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ title: `Row ${i} ${"t".repeat(900)}`, project: "p".repeat(150) }));
    const accepted = await owner.api("POST", "/onboarding/import-tasks", { rows, padding: "x".repeat(20 * 1024 * 1024) });
    expect(accepted.status).toBe(200);
    const refused = await owner.api("POST", "/onboarding/import-tasks", { rows, padding: "x".repeat(32 * 1024 * 1024) });
    expect(refused.status).toBe(413);
  });
});

describe("body limits on a real socket", () => {
  let server: TestServer;
  beforeAll(async () => (server = await startTestServer()));
  afterAll(async () => server?.close());

  /** Sends headers and at most `send` bytes of a body that claims (or streams) far more. */
  const post = (headers: Record<string, string>, send: number) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL("/api/auth/sign-in/email", server.url);
      const req = httpRequest(url, { method: "POST", headers: { "content-type": "application/json", origin: server.url, ...headers } }, (res) => {
        let body = "";
        res.on("data", (d: Buffer) => (body += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      req.write("x".repeat(send));
      // Never ends the body: the answer must come without it.
    });

  it("answers a declared 300 MB body at once, without reading it", async () => {
    const res = await post({ "content-length": String(300 * 1024 * 1024) }, 1024);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: "payload_too_large" } });
  });

  it("cuts off a streamed body at the limit", async () => {
    const res = await post({ "transfer-encoding": "chunked" }, 200 * 1024);
    expect(res.status).toBe(413);
  });
});
