import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../db/schema";
import { createTestApp, type TestApp } from "../testing/test-app";
import { call } from "../testing/http";
import { GOOD_PASSWORD, latestLink, signedInUser, uniqueEmail } from "../testing/users";

let t: TestApp;
let ada: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  ada = await signedInUser(t.app, t.services.database.db, "policy");
});
afterAll(async () => t.close());

const db = () => t.services.database.db;
const codeOf = (body: unknown) => (body as { code?: string }).code;

const signUp = (password: string, name = "Ada") =>
  call(t.app, "POST", "/api/auth/sign-up/email", { body: { email: uniqueEmail("policy"), password, name, callbackURL: "/" } });
const changePassword = (newPassword: string) =>
  call(t.app, "POST", "/api/auth/change-password", { cookie: ada.cookie, body: { currentPassword: GOOD_PASSWORD, newPassword } });
async function resetPassword(newPassword: string) {
  await call(t.app, "POST", "/api/auth/request-password-reset", { body: { email: ada.email, redirectTo: "/auth/reset-password" } });
  const token = new URLSearchParams(new URL(await latestLink(db(), ada.email)).hash.slice(1)).get("token");
  return call(t.app, "POST", "/api/auth/reset-password", { body: { token, newPassword } });
}

const paths = { "sign-up": signUp, "reset-password": resetPassword, "change-password": changePassword };

describe.each(Object.entries(paths))("password rules on %s", (_, submit) => {
  it.each(["password", "qwertyuiop", "Password123"])("refuses the common password %s", async (password) => {
    const res = await submit(password);
    expect(res.status).toBe(400);
    expect(codeOf(res.body)).toBe("PASSWORD_TOO_COMMON");
  });

  it("refuses 9 characters and 129, with no composition rules besides", async () => {
    expect(codeOf((await submit("nine-char")).body)).toBe("PASSWORD_TOO_SHORT");
    expect(codeOf((await submit(`long-${"x".repeat(124)}`)).body)).toBe("PASSWORD_TOO_LONG");
  });
});

describe("a password within the rules", () => {
  it("is accepted at 10 characters of lower-case letters and at 128 characters", async () => {
    expect((await signUp("plumorbits")).status).toBe(200);
    expect((await signUp(`long-${"x".repeat(123)}`)).status).toBe(200);
    expect((await changePassword("harbour-violet-3141")).status).toBe(200);
    const back = await call(t.app, "POST", "/api/auth/change-password", { cookie: ada.cookie, body: { currentPassword: "harbour-violet-3141", newPassword: GOOD_PASSWORD } });
    expect(back.status).toBe(200);
  });
});

describe("the user's name", () => {
  it("is trimmed and at most 100 characters on sign-up", async () => {
    const long = await signUp(GOOD_PASSWORD, "x".repeat(101));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: "NAME_TOO_LONG", message: "Name must be at most 100 characters." });
    expect(codeOf((await signUp(GOOD_PASSWORD, "   ")).body)).toBe("NAME_REQUIRED");

    const email = uniqueEmail("trim");
    await call(t.app, "POST", "/api/auth/sign-up/email", { body: { email, password: GOOD_PASSWORD, name: `  ${"y".repeat(100)}  `, callbackURL: "/" } });
    const [row] = await db().select().from(user).where(eq(user.email, email));
    expect(row?.name).toBe("y".repeat(100));
  });

  it("is refused past 100 characters on update-user and left as it was", async () => {
    const huge = await call(t.app, "POST", "/api/auth/update-user", { cookie: ada.cookie, body: { name: "z".repeat(101) } });
    expect(huge.status).toBe(400);
    expect(codeOf(huge.body)).toBe("NAME_TOO_LONG");
    expect(codeOf((await call(t.app, "POST", "/api/auth/update-user", { cookie: ada.cookie, body: { name: " \t " } })).body)).toBe("NAME_REQUIRED");
    const ok = await call(t.app, "POST", "/api/auth/update-user", { cookie: ada.cookie, body: { name: "  Ada Lovelace " } });
    expect(ok.status).toBe(200);
    const [row] = await db().select().from(user).where(eq(user.id, ada.id));
    expect(row?.name).toBe("Ada Lovelace");
  });
});
