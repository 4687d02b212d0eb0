import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, memberships } from "../../db/schema";
import { call } from "../../testing/http";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { signedInUser } from "../../testing/users";
import { orgUser, type OrgUser } from "../../testing/work-fixtures";

let t: TestApp;
const db = () => t.services.database.db;
beforeAll(async () => {
  t = await createTestApp({ LIMIT_WRITES_PER_MINUTE: "100000" });
});
afterAll(async () => t.close());

/** An organisation with its owner and one more user in it, with the role given. */
async function orgWith(label: string, role: string) {
  const owner = await orgUser(t.app, db(), `${label}-owner`);
  const other = await signedInUser(t.app, db(), `${label}-other`);
  await db().insert(memberships).values({ orgId: owner.orgId, userId: other.id, role });
  const as = (who: { cookie: string }) => (method: string, path: string, body?: unknown) => call(t.app, method, `${owner.base}${path}`, { cookie: who.cookie, body });
  return { owner, other, ownerApi: as(owner), otherApi: as(other) };
}
const roleOf = async (o: OrgUser, userId: string) =>
  (await db().select({ role: memberships.role }).from(memberships).where(and(eq(memberships.orgId, o.orgId), eq(memberships.userId, userId))))[0]?.role ?? null;

describe("changing a member's role", () => {
  it("lets an owner promote and demote a member, audited, and refuses a member", async () => {
    const { owner, other, ownerApi, otherApi } = await orgWith("role", "member");
    expect((await otherApi("PATCH", `/members/${owner.id}`, { role: "member" })).status).toBe(403);
    const promoted = await ownerApi("PATCH", `/members/${other.id}`, { role: "owner" });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ member: { user_id: other.id, role: "owner" } });
    expect((await ownerApi("PATCH", `/members/${other.id}`, { role: "member" })).status).toBe(200);
    expect(await roleOf(owner, other.id)).toBe("member");
    const audited = await db().select({ action: auditLog.action, details: auditLog.details }).from(auditLog).where(and(eq(auditLog.orgId, owner.orgId), eq(auditLog.targetId, other.id))).orderBy(auditLog.createdAt);
    expect(audited).toEqual([
      { action: "member.role_change", details: { from: "member", to: "owner" } },
      { action: "member.role_change", details: { from: "owner", to: "member" } },
    ]);
  });

  it("never demotes the last owner, and counts supreme_leader as an owner", async () => {
    const { owner, other, ownerApi } = await orgWith("last", "supreme_leader");
    expect((await ownerApi("PATCH", `/members/${owner.id}`, { role: "member" })).status).toBe(200);
    const last = await call(t.app, "PATCH", `${owner.base}/members/${other.id}`, { cookie: other.cookie, body: { role: "member" } });
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ error: { code: "conflict", message: "An organisation needs an owner: make someone else an owner first" } });
    expect(await roleOf(owner, other.id)).toBe("supreme_leader");
  });

  it("answers bad input and unknown members clearly", async () => {
    const { ownerApi } = await orgWith("bad", "member");
    const bad = await ownerApi("PATCH", `/members/someone`, { role: "emperor" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { fields: { role: "Choose member or owner" } } });
    expect((await ownerApi("PATCH", `/members/nobody-here`, { role: "owner" })).status).toBe(404);
  });

  it("tells a stranger nothing", async () => {
    const { other } = await orgWith("stranger", "member");
    const outsider = await orgUser(t.app, db(), "outsider");
    const { owner } = await orgWith("stranger2", "member");
    const res = await call(t.app, "PATCH", `${owner.base}/members/${other.id}`, { cookie: outsider.cookie, body: { role: "owner" } });
    expect(res.status).toBe(404);
  });
});

describe("removing and leaving", () => {
  it("lets an owner remove a member, who then learns nothing of the organisation", async () => {
    const { owner, other, ownerApi, otherApi } = await orgWith("remove", "member");
    expect((await otherApi("DELETE", `/members/${owner.id}`)).status).toBe(403);
    expect((await ownerApi("DELETE", `/members/${other.id}`)).status).toBe(204);
    expect(await roleOf(owner, other.id)).toBeNull();
    expect((await otherApi("GET", "/members")).status).toBe(404);
  });

  it("lets a member leave, but never the last owner", async () => {
    const { owner, other, ownerApi, otherApi } = await orgWith("leave", "member");
    const stays = await ownerApi("DELETE", "/membership");
    expect(stays.status).toBe(409);
    expect((await ownerApi("DELETE", `/members/${owner.id}`)).status).toBe(409);
    expect((await otherApi("DELETE", "/membership")).status).toBe(204);
    expect(await roleOf(owner, other.id)).toBeNull();
    expect(await roleOf(owner, owner.id)).toBe("owner");
  });

  it("keeps one owner when two owners demote each other at the same moment", async () => {
    const { owner, other, ownerApi, otherApi } = await orgWith("race", "owner");
    const results = await Promise.all([ownerApi("PATCH", `/members/${other.id}`, { role: "member" }), otherApi("PATCH", `/members/${owner.id}`, { role: "member" })]);
    // The loser is refused either as the last owner (409) or, if it was demoted before its check ran, as a member (403).
    const [first, second] = results.map((r) => r.status).sort();
    expect(first).toBe(200);
    expect([403, 409]).toContain(second);
    const roles = [await roleOf(owner, owner.id), await roleOf(owner, other.id)];
    expect(roles.filter((r) => r === "owner")).toHaveLength(1);
  });

  it("keeps one owner when two owners both leave at the same moment", async () => {
    const { owner, other, ownerApi, otherApi } = await orgWith("race-leave", "owner");
    const results = await Promise.all([ownerApi("DELETE", "/membership"), otherApi("DELETE", "/membership")]);
    expect(results.map((r) => r.status).sort()).toEqual([204, 409]);
    const left = [await roleOf(owner, owner.id), await roleOf(owner, other.id)].filter((r) => r !== null);
    expect(left).toEqual(["owner"]);
  });
});
