import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../testing/http";
import { createTestApp, type TestApp } from "../testing/test-app";
import { GOOD_PASSWORD, uniqueEmail } from "../testing/users";
import { createPlaneVia, createProjectVia, orgUser, type OrgUser } from "../testing/work-fixtures";
import { findBadText, UNSTORABLE_TEXT } from "./text-guard";

describe("findBadText", () => {
  it("finds NUL and lone surrogates at any depth, in values and keys, naming the path", () => {
    expect(findBadText({ rows: [{ title: "ok" }, { title: "a\u0000b" }] })).toEqual({ path: "rows.1.title", message: UNSTORABLE_TEXT });
    expect(findBadText({ q: "\uD800" })?.path).toBe("q");
    expect(findBadText({ q: "x\uDFFF" })?.path).toBe("q");
    expect(findBadText({ a: { "k\u0000": 1 } })?.path).toBe("a.k\uFFFD");
    expect(findBadText("\u0000")?.path).toBe("_");
  });

  it("lets well-formed text through: emoji, RTL marks, combining marks, zero width", () => {
    expect(findBadText({ t: "😀🏳️‍🌈 \u202Eevil \u200B e\u0301 𝕏 \uFEFF" })).toBeUndefined();
    expect(findBadText([1, true, null, { n: 1e308 }])).toBeUndefined();
  });

  it("refuses nesting deeper than any payload of ours, without recursing", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(findBadText(deep)?.message).toMatch(/deep/);
  });
});

let t: TestApp;
let u: OrgUser;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp();
  u = await orgUser(t.app, t.services.database.db, "guard");
  projectId = await createProjectVia(u, await createPlaneVia(u, "Guarded"), "Guarded Project");
});
afterAll(async () => t.close());

const fieldsOf = (body: unknown) => (body as { error: { fields?: Record<string, string> } }).error.fields;

describe("the text guard on every route", () => {
  it("answers 400 naming a body field at any depth", async () => {
    const task = await u.api("POST", "/tasks", { project_id: projectId, title: "a\u0000b" });
    expect(task.status).toBe(400);
    expect(fieldsOf(task.body)).toEqual({ title: UNSTORABLE_TEXT });
    const rows = await u.api("POST", "/onboarding/import-tasks", { rows: [{ title: "ok", project: "Guarded Project" }, { title: "x\uD800", project: "p" }] });
    expect(fieldsOf(rows.body)).toEqual({ "rows.1.title": UNSTORABLE_TEXT });
  });

  it("answers 400 naming a query field or a path parameter", async () => {
    const q = await u.api("GET", "/tasks?q=a%00b");
    expect(q.status).toBe(400);
    expect(fieldsOf(q.body)).toEqual({ q: UNSTORABLE_TEXT });
    const param = await call(t.app, "GET", `/api/v1/organisations/${u.orgId}/tasks/%00`, { cookie: u.cookie });
    expect(param.status).toBe(400);
    expect(fieldsOf(param.body)).toEqual({ taskId: UNSTORABLE_TEXT });
  });

  it("keeps the /functions/v1 shape", async () => {
    const res = await call(t.app, "POST", "/functions/v1/org-bootstrap", { cookie: u.cookie, body: { user_id: u.id, org_name: "\u0000" } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, code: "bad_request" });
  });

  it("guards better-auth's JSON bodies and still hands it the body intact", async () => {
    const refused = await call(t.app, "POST", "/api/auth/sign-up/email", { body: { email: uniqueEmail("nul"), password: GOOD_PASSWORD, name: "N\u0000" } });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused.body)).toEqual({ name: UNSTORABLE_TEXT });
    const email = uniqueEmail("intact");
    const accepted = await call(t.app, "POST", "/api/auth/sign-up/email", { body: { email, password: GOOD_PASSWORD, name: "Zoë 😀", callbackURL: "/" } });
    expect(accepted.status).toBe(200);
    expect((accepted.body as { user: { name: string; email: string } }).user).toMatchObject({ name: "Zoë 😀", email });
  });
});
