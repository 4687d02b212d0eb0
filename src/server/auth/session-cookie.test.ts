import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../db/schema";
import { call } from "../testing/http";
import { createTestApp, type TestApp } from "../testing/test-app";
import { GOOD_PASSWORD, signedInUser, uniqueEmail } from "../testing/users";

const HTTPS_ORIGIN = "https://hq.example.eu";

let https: TestApp;
let http: TestApp;
beforeAll(async () => {
  [https, http] = await Promise.all([createTestApp({ APP_URL: HTTPS_ORIGIN }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([https.close(), http.close()]);
});

/** A same-origin browser request to the https app; call() speaks for the http test origin only. */
const request = (path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) => {
  const headers: Record<string, string> = { origin: HTTPS_ORIGIN, "content-type": "application/json" };
  if (init.cookie) headers.cookie = init.cookie;
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return https.app.request(`${HTTPS_ORIGIN}${path}`, { method: init.method ?? "GET", headers, body }, { incoming: { socket: { remoteAddress: "10.20.30.40" } } });
};

async function signInOverHttps() {
  const email = uniqueEmail("https");
  await https.services.auth.api.signUpEmail({ body: { email, password: GOOD_PASSWORD, name: "Secure", callbackURL: "/" } });
  await https.services.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  return request("/api/auth/sign-in/email", { method: "POST", body: { email, password: GOOD_PASSWORD } });
}

describe("the session cookie", () => {
  it("is __Host- prefixed, Secure, Path=/ and without Domain when APP_URL is https", async () => {
    const res = await signInOverHttps();
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cookie).toMatch(/^__Host-better-auth\.session_token=[^;]+;/);
    const attributes = cookie!.split(";").slice(1).map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["path=/", "secure", "httponly", "samesite=lax"]));
    expect(attributes.some((a) => a.startsWith("domain="))).toBe(false);

    const session = await request("/api/auth/get-session", { cookie: cookie!.split(";")[0] });
    expect(((await session.json()) as { user: { name: string } } | null)?.user.name).toBe("Secure");
  });

  it("is cleared under the same name on sign-out", async () => {
    const signedIn = await signInOverHttps();
    const pair = signedIn.headers.getSetCookie().find((c) => c.includes("session_token="))!.split(";")[0]!;
    const out = await request("/api/auth/sign-out", { method: "POST", body: {}, cookie: pair });
    expect(out.headers.getSetCookie().some((c) => /^__Host-better-auth\.session_token=;.*Max-Age=0/i.test(c))).toBe(true);
  });

  it("has no prefix and no Secure flag over plain http (local runs)", async () => {
    const { email } = await signedInUser(http.app, http.services.database.db, "plain");
    const res = await call(http.app, "POST", "/api/auth/sign-in/email", { body: { email, password: GOOD_PASSWORD } });
    const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cookie).toMatch(/^better-auth\.session_token=/);
    expect(cookie).not.toMatch(/;\s*secure/i);
  });
});
