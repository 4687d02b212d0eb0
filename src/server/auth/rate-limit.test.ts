import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_RATE_LIMITS } from "@/shared/constants";
import { rateLimit } from "../db/schema";
import { createTestApp, type TestApp } from "../testing/test-app";
import { call, type Call } from "../testing/http";
import { GOOD_PASSWORD, uniqueEmail } from "../testing/users";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type LimitedPath = "/sign-in/email" | "/sign-up/email" | "/request-password-reset";
const countsFor = (key: string) => t.services.database.db.select().from(rateLimit).where(like(rateLimit.key, key));

const bodyFor = (path: LimitedPath) => {
  const email = uniqueEmail("limit");
  if (path === "/request-password-reset") return { email, redirectTo: "/auth/reset-password" };
  if (path === "/sign-up/email") return { email, password: GOOD_PASSWORD, name: "Limit", callbackURL: "/" };
  return { email, password: "wrong-password-1" };
};

const attempt = (path: LimitedPath, ip: string, headers?: Record<string, string>) =>
  call(t.app, "POST", `/api/auth${path}`, { body: bodyFor(path), ip, headers });

async function attempts(path: LimitedPath, ip: string, count: number): Promise<Call[]> {
  const results: Call[] = [];
  for (let i = 0; i < count; i++) results.push(await attempt(path, ip));
  return results;
}

function expectLimited(res: Call) {
  expect(res.status).toBe(429);
  expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
  expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  expect(res.body).toMatchObject({ code: "RATE_LIMITED", message: expect.any(String) });
}

const limitedPaths: LimitedPath[] = ["/sign-in/email", "/sign-up/email", "/request-password-reset"];

describe.each(limitedPaths)("rate limit on %s", (path) => {
  const { max } = AUTH_RATE_LIMITS[path];

  it(`answers 429 with Retry-After after ${max} attempts from one address, counted in rate_limit`, async () => {
    const ip = "192.0.2.10";
    const allowed = await attempts(path, ip, max);
    expect(allowed.map((r) => r.status)).not.toContain(429);
    const [row] = await countsFor(`${ip}|${path}`);
    expect(row?.count).toBe(max);
    expectLimited(await attempt(path, ip));
  });

  it("is not reset by a client-written X-Forwarded-For", async () => {
    const ip = "192.0.2.20";
    await attempts(path, ip, max);
    expectLimited(await attempt(path, ip, { "x-forwarded-for": "203.0.113.99" }));
    expectLimited(await attempt(path, ip, { "x-forwarded-for": "203.0.113.100, 198.51.100.7" }));
    expect(await countsFor("203.0.113.%")).toHaveLength(0);
  });

  it("does not touch another socket address", async () => {
    const ip = "192.0.2.30";
    await attempts(path, ip, max + 1);
    expect((await attempt(path, "192.0.2.31")).status).not.toBe(429);
  });
});
