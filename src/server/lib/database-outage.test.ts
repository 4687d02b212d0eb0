import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";
import { call } from "../testing/http";
import { signedInUser } from "../testing/users";
import { isDatabaseUnavailable } from "./database-errors";

let live: TestApp;
let broken: TestApp;
let cookie: string;
beforeAll(async () => {
  [live, broken] = await Promise.all([createTestApp(), createTestApp()]);
  // A real session cookie: the same secret signs it for both apps, so only the database differs.
  ({ cookie } = await signedInUser(live.app, live.services.database.db, "outage"));
  await broken.close();
});
afterAll(async () => live.close());

describe("when the database is gone", () => {
  it("answers 503 with the error shape, never 500, on API and auth routes", async () => {
    const cases = [
      call(broken.app, "GET", "/api/v1/organisations", { cookie }),
      call(broken.app, "POST", "/api/auth/sign-in/email", { body: { email: "a@example.test", password: "whatever-123" } }),
      call(broken.app, "POST", "/functions/v1/org-bootstrap", { cookie, body: { user_id: "x" } }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.status).toBe(503);
      expect(JSON.stringify(res.body)).toContain("unavailable");
    }
  });
});

describe("isDatabaseUnavailable", () => {
  it("finds a lost connection anywhere in the cause chain", () => {
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: Object.assign(new Error("x"), { code: "ECONNREFUSED" }) }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("PGlite is closed"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable("nope")).toBe(false);
  });
});
