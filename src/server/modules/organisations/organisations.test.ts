import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Membership, Member, Organisation } from "@/shared/organisations";
import { auditLog, memberships, organisations } from "../../db/schema";
import { until } from "../../testing/until";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { call } from "../../testing/http";
import { signedInUser } from "../../testing/users";
import { createPlaneVia, createProjectVia, orgUser } from "../../testing/work-fixtures";

type User = Awaited<ReturnType<typeof signedInUser>>;
type Boot = { ok: boolean; org: Organisation | null; error: string | null };

let t: TestApp;
let named: TestApp;
const db = () => t.services.database.db;
beforeAll(async () => {
  [t, named] = await Promise.all([createTestApp(), createTestApp({ APP_NAME: "Acme HQ" })]);
});
afterAll(async () => Promise.all([t.close(), named.close()]));

const newUser = (label: string) => signedInUser(t.app, db(), label);
const bootstrap = (user: User, userId = user.id) => call(t.app, "POST", "/functions/v1/org-bootstrap", { cookie: user.cookie, body: { user_id: userId } });
const orgOf = async (user: User) => ((await bootstrap(user)).body as Boot).org!;
const membershipRows = (userId: string) => db().select().from(memberships).where(eq(memberships.userId, userId));

describe("org-bootstrap", () => {
  it("creates one free organisation named after the app, owned by the caller, and returns it again", async () => {
    const user = await newUser("boot");
    const first = await bootstrap(user);
    expect(first.status).toBe(200);
    const body = first.body as Boot;
    expect(body).toMatchObject({ ok: true, error: null, org: { name: "We Love HQ", plan: "free" } });
    expect(await membershipRows(user.id)).toEqual([expect.objectContaining({ orgId: body.org!.id, role: "owner" })]);

    const again = (await bootstrap(user)).body as Boot;
    expect(again.org!.id).toBe(body.org!.id);
    expect(await membershipRows(user.id)).toHaveLength(1);
  });

  it("names the organisation after a configured APP_NAME", async () => {
    const user = await signedInUser(named.app, named.services.database.db, "named");
    const res = await call(named.app, "POST", "/functions/v1/org-bootstrap", { cookie: user.cookie, body: { user_id: user.id } });
    expect(res.body).toMatchObject({ ok: true, org: { name: "Acme HQ" } });
  });

  it("creates exactly one organisation and membership under five concurrent calls", async () => {
    // Several users at once, so a server database would hit the race window without the lock.
    const users = await Promise.all(["race-1", "race-2", "race-3", "race-4"].map(newUser));
    const perUser = await Promise.all(users.map((user) => Promise.all(Array.from({ length: 5 }, () => bootstrap(user)))));
    for (const [i, user] of users.entries()) {
      const results = perUser[i]!;
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const ids = new Set(results.map((r) => (r.body as Boot).org!.id));
      expect(ids.size).toBe(1);
      const rows = await membershipRows(user.id);
      expect(rows).toHaveLength(1);
      expect(await db().select().from(memberships).where(eq(memberships.orgId, rows[0]!.orgId))).toHaveLength(1);
    }
  });

  it("refuses another user's id, a missing session and a bad body", async () => {
    const user = await newUser("boot-other");
    const other = await newUser("boot-victim");
    const forOther = await bootstrap(user, other.id);
    expect(forOther.status).toBe(403);
    expect(forOther.body).toMatchObject({ ok: false, error: expect.any(String) });
    expect(await membershipRows(other.id)).toHaveLength(0);

    const anonymous = await call(t.app, "POST", "/functions/v1/org-bootstrap", { body: { user_id: user.id } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ ok: false, error: expect.any(String) });

    for (const body of [{}, { user_id: 42 }, { user_id: user.id, org_name: "  " }, "{nope"]) {
      const bad = await call(t.app, "POST", "/functions/v1/org-bootstrap", { cookie: user.cookie, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body).toMatchObject({ ok: false, error: expect.any(String) });
    }
  });
});

describe("membership scoping", () => {
  let a: User, b: User, c: User;
  let orgA: Organisation, orgB: Organisation;
  beforeAll(async () => {
    [a, b, c] = await Promise.all([newUser("a"), newUser("b"), newUser("c")]);
    [orgA, orgB] = await Promise.all([orgOf(a), orgOf(b)]);
    await db().insert(memberships).values({ orgId: orgA.id, userId: c.id, role: "member" });
  });

  const list = (user: User) => call(t.app, "GET", "/api/v1/organisations", { cookie: user.cookie });
  const members = (user: User, orgId: string) => call(t.app, "GET", `/api/v1/organisations/${orgId}/members`, { cookie: user.cookie });
  const rename = (user: User, orgId: string, name: unknown) => call(t.app, "PATCH", `/api/v1/organisations/${orgId}`, { cookie: user.cookie, body: { name } });
  const nameOf = async (orgId: string) => (await db().select().from(organisations).where(eq(organisations.id, orgId)))[0]!.name;

  it("lists only the caller's own organisations", async () => {
    const res = await list(a);
    expect(res.status).toBe(200);
    const ids = (res.body as { memberships: Membership[] }).memberships.map((m) => m.org_id);
    expect(ids).toEqual([orgA.id]);
    expect((await call(t.app, "GET", "/api/v1/organisations")).status).toBe(401);
  });

  it("hides another organisation's members and refuses to rename it, as not found", async () => {
    const res = await members(a, orgB.id);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: "not_found" } });
    expect((await rename(a, orgB.id, "Taken over")).status).toBe(404);
    expect(await nameOf(orgB.id)).toBe("We Love HQ");
  });

  it("lets a member list members but not rename", async () => {
    const res = await members(c, orgA.id);
    expect(res.status).toBe(200);
    const list = (res.body as { members: Member[] }).members;
    expect(list.map((m) => [m.user_id, m.role])).toEqual([
      [a.id, "owner"],
      [c.id, "member"],
    ]);
    const refused = await rename(c, orgA.id, "Member Rename");
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: "forbidden" } });
    expect(await nameOf(orgA.id)).not.toBe("Member Rename");
  });

  it("lets an owner and a supreme_leader rename", async () => {
    const res = await rename(a, orgA.id, "  Acme Ltd  ");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ organisation: { id: orgA.id, name: "Acme Ltd" } });
    await db().update(memberships).set({ role: "supreme_leader" }).where(eq(memberships.userId, c.id));
    // Written behind the app's back: the cached role is forgotten when the trigger's notification arrives, a moment later.
    expect((await until(() => rename(c, orgA.id, "Leader Co"), (r) => r.status === 200, 2_000)).status).toBe(200);
    expect(await nameOf(orgA.id)).toBe("Leader Co");
  });

  it("refuses an invalid id and an empty name with 400", async () => {
    const badId = await members(a, "not-a-uuid");
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ error: { code: "bad_request", fields: { orgId: expect.any(String) } } });
    expect((await rename(a, "not-a-uuid", "X")).status).toBe(400);
    const empty = await rename(a, orgA.id, "   ");
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: { code: "bad_request", fields: { name: expect.any(String) } } });
    expect((await rename(a, orgA.id, "x".repeat(81))).status).toBe(400);
  });
});

describe("the organisation's audit log", () => {
  it("records a rename and an export, and every organisation entry with the caller's address", async () => {
    const owner = await newUser("audited");
    const org = await orgOf(owner);
    const path = `/api/v1/organisations/${org.id}`;
    expect((await call(t.app, "PATCH", path, { cookie: owner.cookie, body: { name: "Renamed Ltd" }, ip: "203.0.113.7" })).status).toBe(200);
    expect((await call(t.app, "POST", `${path}/exports`, { cookie: owner.cookie, ip: "203.0.113.8" })).status).toBe(202);
    expect((await call(t.app, "POST", `${path}/labels`, { cookie: owner.cookie, body: { name: "Urgent", color: "#ff0000" }, ip: "203.0.113.9" })).status).toBe(201);
    const rows = await db().select().from(auditLog).where(eq(auditLog.orgId, org.id));
    expect(rows.map((r) => [r.action, r.ip, r.actorUserId]).sort()).toEqual([
      ["label.create", "203.0.113.9", owner.id],
      ["organisation.export", "203.0.113.8", owner.id],
      ["organisation.rename", "203.0.113.7", owner.id],
    ]);
    expect(rows.find((r) => r.action === "organisation.rename")!.details).toEqual({ from: org.name, to: "Renamed Ltd" });
    // The same name again changes nothing, so it records nothing.
    await call(t.app, "PATCH", path, { cookie: owner.cookie, body: { name: "Renamed Ltd" } });
    expect(await db().select().from(auditLog).where(eq(auditLog.orgId, org.id))).toHaveLength(3);
  });

  it("records a deleted project and plane, with their names", async () => {
    const owner = await orgUser(t.app, db(), "audited-work");
    const plane = await createPlaneVia(owner, "Doomed plane");
    const project = await createProjectVia(owner, plane, "Doomed project");
    expect((await owner.api("DELETE", `/projects/${project}`)).status).toBeLessThan(300);
    expect((await owner.api("DELETE", `/planes/${plane}?projects=delete`)).status).toBeLessThan(300);
    const rows = await db().select().from(auditLog).where(eq(auditLog.orgId, owner.orgId));
    expect(rows.map((r) => [r.action, r.targetId, r.details.name, r.ip === null]).sort()).toEqual([
      ["plane.delete", plane, "Doomed plane", false],
      ["project.delete", project, "Doomed project", false],
    ]);
  });
});
