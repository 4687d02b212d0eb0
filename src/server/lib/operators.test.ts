import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { platformOperators, user } from "../db/schema";
import { runOperatorCommand } from "../cli/operator-command";
import { call } from "../testing/http";
import { createTestApp, type TestApp } from "../testing/test-app";
import { signedInUser, uniqueEmail } from "../testing/users";
import { isOperator } from "./operators";

// Operators stand apart from organisation roles (docs/permissions.md): the first verified account
// on a fresh install, OPERATOR_EMAILS, or npm run operator. Each test starts on a fresh database.
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const me = async (app: TestApp, cookie: string) => (await call(app.app, "GET", "/api/v1/me", { cookie })).body as { operator: boolean; email: string };

async function run(app: TestApp, args: string[], env = { OPERATOR_EMAILS: undefined as string | undefined }) {
  const lines: string[] = [];
  const code = await runOperatorCommand(app.services.database.db, env, args, (l) => lines.push(l));
  return { code, text: lines.join("\n") };
}

describe("platform operators", () => {
  it("makes the first verified account the operator on a fresh install, and nobody after it", async () => {
    t = await createTestApp();
    const db = t.services.database.db;
    // An unverified account that signed up first does not count.
    await db.insert(user).values({ id: crypto.randomUUID(), name: "Unverified", email: uniqueEmail("unverified"), emailVerified: false, createdAt: new Date(Date.now() - 60_000) });
    const first = await signedInUser(t.app, db, "first");
    const second = await signedInUser(t.app, db, "second");
    expect(await me(t, second.cookie)).toMatchObject({ operator: false, email: second.email });
    expect(await me(t, first.cookie)).toMatchObject({ operator: true, email: first.email });
    expect(await db.select({ userId: platformOperators.userId, source: platformOperators.source }).from(platformOperators)).toEqual([{ userId: first.id, source: "first_account" }]);
    expect((await call(t.app, "GET", "/api/v1/me")).status).toBe(401);
  });

  it("names operators by OPERATOR_EMAILS, verified accounts only, and then claims no first account", async () => {
    const named = uniqueEmail("named");
    t = await createTestApp({ OPERATOR_EMAILS: ` other@example.test, ${named.toUpperCase()} ` });
    const db = t.services.database.db;
    const first = await signedInUser(t.app, db, "first");
    expect((await me(t, first.cookie)).operator).toBe(false);
    // Unverified at first: not yet an operator.
    const id = crypto.randomUUID();
    await db.insert(user).values({ id, name: "Named", email: named, emailVerified: false });
    expect(await isOperator(db, t.services.env, id)).toBe(false);
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, id));
    expect(await isOperator(db, t.services.env, id)).toBe(true);
    expect(await db.select().from(platformOperators)).toEqual([]);
  });

  it("adds, lists and removes operators with npm run operator, never the last one", async () => {
    t = await createTestApp();
    const db = t.services.database.db;
    const first = await signedInUser(t.app, db, "first");
    const second = await signedInUser(t.app, db, "second");
    expect((await me(t, first.cookie)).operator).toBe(true);

    expect(await run(t, ["add", second.email.toUpperCase()])).toEqual({ code: 0, text: `${second.email} is now an operator.` });
    expect((await me(t, second.cookie)).operator).toBe(true);
    expect((await run(t, ["add", second.email])).text).toContain("already an operator");
    const listed = await run(t, ["list"]);
    expect(listed.code).toBe(0);
    expect(listed.text).toContain(first.email);
    expect(listed.text).toContain(second.email);

    expect(await run(t, ["remove", first.email])).toEqual({ code: 0, text: `${first.email} is no longer an operator.` });
    expect((await me(t, first.cookie)).operator).toBe(false);
    // The last one stays until another is named.
    expect((await run(t, ["remove", second.email])).code).toBe(1);
    expect((await me(t, second.cookie)).operator).toBe(true);

    expect((await run(t, ["add", "nobody@example.test"])).text).toContain("No account has the address");
    const unverified = uniqueEmail("unverified");
    await db.insert(user).values({ id: crypto.randomUUID(), name: "Unverified", email: unverified, emailVerified: false });
    expect(await run(t, ["add", unverified])).toMatchObject({ code: 1, text: expect.stringContaining("has not confirmed") });
    expect((await run(t, ["promote", first.email])).text).toContain("Usage:");
    // Named by the setting: removing it there is the way.
    expect((await run(t, ["remove", first.email], { OPERATOR_EMAILS: first.email })).text).toContain("OPERATOR_EMAILS");
  });
});
