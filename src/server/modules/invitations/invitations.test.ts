import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, devOutbox, invitations, memberships, user } from "../../db/schema";
import { call } from "../../testing/http";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { GOOD_PASSWORD, latestLink, signedInUser, uniqueEmail } from "../../testing/users";
import { orgUser, type OrgUser } from "../../testing/work-fixtures";
import { hashInvitationToken } from "./invitation-token";

let t: TestApp;
const db = () => t.services.database.db;
beforeAll(async () => {
  t = await createTestApp({ LIMIT_WRITES_PER_MINUTE: "100000" });
});
afterAll(async () => t.close());

/** The token from the newest invitation mail to this address (the link carries it in its fragment). */
async function tokenFor(email: string): Promise<string> {
  const link = new URL(await latestLink(db(), email));
  expect(link.pathname).toBe("/invite");
  return new URLSearchParams(link.hash.slice(1)).get("token")!;
}
const invite = (o: OrgUser, email: string, role = "member") => o.api("POST", "/invitations", { email, role });
const preview = (token: string) => call(t.app, "POST", "/api/v1/invitations/preview", { body: { token } });
const accept = (cookie: string, token: string) => call(t.app, "POST", "/api/v1/invitations/accept", { cookie, body: { token } });
const roleOf = async (orgId: string, userId: string) =>
  (await db().select({ role: memberships.role }).from(memberships).where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId))))[0]?.role ?? null;

const emailOf = async (userId: string) => (await db().select({ email: user.email }).from(user).where(eq(user.id, userId)))[0]!.email;

/** Signs up with a chosen address (the invited one), confirms it and signs in. */
async function signUpAs(email: string) {
  expect((await call(t.app, "POST", "/api/auth/sign-up/email", { body: { email, password: GOOD_PASSWORD, name: "Invited Person", callbackURL: "/" } })).status).toBe(200);
  const link = new URL(await latestLink(db(), email));
  await call(t.app, "GET", link.pathname + link.search);
  const signIn = await call(t.app, "POST", "/api/auth/sign-in/email", { body: { email, password: GOOD_PASSWORD } });
  return { id: (signIn.body as { user: { id: string } }).user.id, cookie: signIn.cookie, email };
}

describe("inviting", () => {
  it("mails a link whose token is stored only as a hash, lists it pending, and audits it", async () => {
    const owner = await orgUser(t.app, db(), "inv-create", "Acme Invites");
    const email = uniqueEmail("invitee");
    const res = await invite(owner, `  ${email.toUpperCase()} `, "owner");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ invitation: { email, role: "owner", invited_by_name: "Test inv-create" } });
    const token = await tokenFor(email);
    const [row] = await db().select().from(invitations).where(eq(invitations.email, email));
    expect(row!.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 24 * 3600 * 1000);
    const listed = await owner.api("GET", "/invitations");
    expect(listed.body).toMatchObject({ invitations: [{ email, role: "owner" }] });
    const p = await preview(token);
    expect(p.status).toBe(200);
    expect(p.body).toEqual({ invitation: { org_name: "Acme Invites", inviter_name: "Test inv-create", role: "owner", email, expires_at: row!.expiresAt.toISOString(), state: "pending" } });
    const audited = await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.orgId, owner.orgId));
    expect(audited.map((a) => a.action)).toContain("invitation.create");
  });

  it("refuses bad input, an existing member, and a member who is not an owner", async () => {
    const owner = await orgUser(t.app, db(), "inv-bad");
    const bad = await owner.api("POST", "/invitations", { email: "not-an-email", role: "emperor" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { fields: { email: "Enter a valid email address", role: "Choose member or owner" } } });
    const member = await signedInUser(t.app, db(), "inv-bad-member");
    await db().insert(memberships).values({ orgId: owner.orgId, userId: member.id, role: "member" });
    const dup = await invite(owner, member.email.toUpperCase());
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ error: { code: "conflict", message: `${member.email} is already a member of this organisation` } });
    const asMember = await call(t.app, "POST", `${owner.base}/invitations`, { cookie: member.cookie, body: { email: uniqueEmail("x"), role: "member" } });
    expect(asMember.status).toBe(403);
    expect((await call(t.app, "GET", `${owner.base}/invitations`, { cookie: member.cookie })).status).toBe(403);
  });

  it("re-inviting the same address refreshes the one pending invitation; the old link stops working", async () => {
    const owner = await orgUser(t.app, db(), "inv-again");
    const email = uniqueEmail("again");
    await invite(owner, email, "member");
    const first = await tokenFor(email);
    await new Promise((r) => setTimeout(r, 5));
    await invite(owner, email, "owner");
    const second = await tokenFor(email);
    expect(second).not.toBe(first);
    const rows = await db().select().from(invitations).where(eq(invitations.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe("owner");
    expect((await preview(first)).status).toBe(404);
    expect((await preview(second)).body).toMatchObject({ invitation: { role: "owner", state: "pending" } });
    expect((await owner.api("GET", "/invitations")).body).toMatchObject({ invitations: [{ email }] });
  });
});

describe("accepting", () => {
  it("lets a new account sign up with the invited address and join, telling the inviter", async () => {
    const owner = await orgUser(t.app, db(), "inv-new");
    const email = uniqueEmail("newcomer");
    await invite(owner, email);
    const token = await tokenFor(email);
    const me = await signUpAs(email);
    const res = await accept(me.cookie, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ org_id: owner.orgId, role: "member" });
    expect(await roleOf(owner.orgId, me.id)).toBe("member");
    expect((await call(t.app, "GET", `${owner.base}/members`, { cookie: me.cookie })).status).toBe(200);
    expect((await owner.api("GET", "/invitations")).body).toEqual({ invitations: [] });
    expect((await preview(token)).body).toMatchObject({ invitation: { state: "accepted" } });
    const audited = await db().select({ action: auditLog.action, actor: auditLog.actorUserId }).from(auditLog).where(and(eq(auditLog.orgId, owner.orgId), eq(auditLog.action, "invitation.accept")));
    expect(audited).toEqual([{ action: "invitation.accept", actor: me.id }]);
    const mails = await db().select().from(devOutbox).where(eq(devOutbox.to, await emailOf(owner.id)));
    expect(mails.map((m) => m.subject)).toContainEqual(expect.stringMatching(/^“Invited Person” joined /));
  });

  it("lets an existing account join a second organisation", async () => {
    const owner = await orgUser(t.app, db(), "inv-existing");
    const other = await orgUser(t.app, db(), "inv-existing-other");
    const email = await emailOf(other.id);
    await invite(owner, email, "owner");
    const res = await accept(other.cookie, await tokenFor(email));
    expect(res.status).toBe(200);
    expect(await roleOf(owner.orgId, other.id)).toBe("owner");
    const list = await call(t.app, "GET", "/api/v1/organisations", { cookie: other.cookie });
    expect((list.body as { memberships: unknown[] }).memberships).toHaveLength(2);
  });

  it("refuses the wrong account with both addresses named", async () => {
    const owner = await orgUser(t.app, db(), "inv-wrong");
    const email = uniqueEmail("intended");
    await invite(owner, email);
    const stranger = await signedInUser(t.app, db(), "inv-wrong-stranger");
    const res = await accept(stranger.cookie, await tokenFor(email));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { code: "forbidden", message: `This invitation is for ${email}, you are signed in as ${stranger.email}.` } });
    expect(await roleOf(owner.orgId, stranger.id)).toBeNull();
  });

  it("answers expired with 410, revoked with 410, used with 409, unknown with 404, signed out with 401", async () => {
    const owner = await orgUser(t.app, db(), "inv-states");
    const email = uniqueEmail("states");
    await invite(owner, email);
    const token = await tokenFor(email);
    const me = await signUpAs(email);
    expect((await call(t.app, "POST", "/api/v1/invitations/accept", { body: { token } })).status).toBe(401);
    expect((await accept(me.cookie, "x".repeat(43))).status).toBe(404);
    expect((await accept(me.cookie, "short")).status).toBe(400);

    await db().update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.email, email));
    const expired = await accept(me.cookie, token);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ error: { code: "gone", message: "This invitation has expired. Ask for a new invitation." } });
    expect((await preview(token)).body).toMatchObject({ invitation: { state: "expired" } });
    expect((await owner.api("GET", "/invitations")).body).toEqual({ invitations: [] });

    // Inviting again after expiry gives a fresh week.
    await invite(owner, email);
    const fresh = await tokenFor(email);
    const [pending] = await owner.api("GET", "/invitations").then((r) => (r.body as { invitations: { id: string }[] }).invitations);
    expect((await owner.api("DELETE", `/invitations/${pending!.id}`)).status).toBe(204);
    expect((await owner.api("DELETE", `/invitations/${pending!.id}`)).status).toBe(404);
    expect((await accept(me.cookie, fresh)).status).toBe(410);
    expect((await preview(fresh)).body).toMatchObject({ invitation: { state: "revoked" } });
    const actions = (await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.orgId, owner.orgId))).map((a) => a.action);
    expect(actions).toContain("invitation.revoke");

    await invite(owner, email);
    const third = await tokenFor(email);
    expect((await accept(me.cookie, third)).status).toBe(200);
    const used = await accept(me.cookie, third);
    expect(used.status).toBe(409);
    expect(used.body).toMatchObject({ error: { message: "This invitation has already been used." } });
  });

  it("makes one membership when one token is accepted twice at once", async () => {
    const owner = await orgUser(t.app, db(), "inv-race");
    const email = uniqueEmail("race");
    await invite(owner, email);
    const token = await tokenFor(email);
    const me = await signUpAs(email);
    const results = await Promise.all([accept(me.cookie, token), accept(me.cookie, token), accept(me.cookie, token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const rows = await db().select().from(memberships).where(and(eq(memberships.orgId, owner.orgId), eq(memberships.userId, me.id)));
    expect(rows).toHaveLength(1);
  });
});

describe("tenancy", () => {
  it("tells another organisation's owner nothing, and never revokes across organisations", async () => {
    const owner = await orgUser(t.app, db(), "inv-ten");
    const other = await orgUser(t.app, db(), "inv-ten-other");
    await invite(owner, uniqueEmail("ten"));
    const [pending] = await owner.api("GET", "/invitations").then((r) => (r.body as { invitations: { id: string }[] }).invitations);
    expect((await call(t.app, "GET", `${owner.base}/invitations`, { cookie: other.cookie })).status).toBe(404);
    expect((await call(t.app, "DELETE", `${owner.base}/invitations/${pending!.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await other.api("DELETE", `/invitations/${pending!.id}`)).status).toBe(404);
    expect((await other.api("DELETE", "/invitations/not-a-uuid")).status).toBe(400);
    expect((await owner.api("GET", "/invitations")).body).toMatchObject({ invitations: [{ id: pending!.id }] });
  });
});
