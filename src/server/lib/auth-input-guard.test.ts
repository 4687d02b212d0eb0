import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../testing/http";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../testing/test-app";
import { GOOD_PASSWORD } from "../testing/users";
import { isOwnRedirect } from "./auth-input-guard";

describe("isOwnRedirect", () => {
  it("accepts paths on this site and absolute URLs on its origin", () => {
    for (const ok of ["/", "/auth/reset-password", "/a?b=c#d", `${TEST_ORIGIN}/x`]) expect(isOwnRedirect(ok, TEST_ORIGIN), ok).toBe(true);
  });

  it("refuses other sites, protocol-relative paths, and what is not a URL at all", () => {
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "garbage", "%", "\t\n", "", "javascript:alert(1)", "http://localhost:3998/x"]) {
      expect(isOwnRedirect(bad, TEST_ORIGIN), bad).toBe(false);
    }
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("what better-auth takes on trust", () => {
  it("answer 400, not 500 or a redirect elsewhere, for a callbackURL that is not ours", async () => {
    for (const bad of ["garbage", "%25", "%09%0A", "%2F%2Fevil.example", "https%3A%2F%2Fevil.example"]) {
      const res = await call(t.app, "GET", `/api/auth/verify-email?token=nope&callbackURL=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ error: { fields: { callbackURL: expect.any(String) } } });
    }
  });

  it("answer 400, not 500, for an email longer than any deliverable address", async () => {
    const email = `${"ab12".repeat(2000)}@example.test`;
    for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/auth/request-password-reset"]) {
      const res = await call(t.app, "POST", path, { body: { email, password: GOOD_PASSWORD, name: "Long", callbackURL: "/" } });
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ error: { fields: { email: expect.any(String) } } });
    }
  });

  it("let a path on this site through to better-auth", async () => {
    const res = await call(t.app, "GET", "/api/auth/verify-email?token=nope&callbackURL=%2F");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?error=INVALID_TOKEN");
  });
});
