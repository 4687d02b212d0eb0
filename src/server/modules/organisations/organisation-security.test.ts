import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, memberships } from "../../db/schema";
import { call } from "../../testing/http";
import { useTestApp } from "../../testing/suite-app";
import { enableTwoFactor } from "../../testing/two-factor";
import { until } from "../../testing/until";
import { GOOD_PASSWORD, signedInUser } from "../../testing/users";
import { orgUser } from "../../testing/work-fixtures";

const t = useTestApp({ LIMIT_WRITES_PER_MINUTE: "100000" });
const db = () => t.services.database.db;

async function orgWithMember(label: string) {
  const owner = await orgUser(t.app, db(), `${label}-owner`);
  const member = await signedInUser(t.app, db(), `${label}-member`);
  await db().insert(memberships).values({ orgId: owner.orgId, userId: member.id, role: "member" });
  return { owner, member };
}
const security = (base: string, cookie: string) => call(t.app, "GET", `${base}/security`, { cookie });
const setRequired = (base: string, cookie: string, body: unknown) => call(t.app, "PUT", `${base}/security`, { cookie, body });

describe("an organisation that requires two-factor sign-in", () => {
  it("keeps its owner's two-factor on until the requirement is off (no owner locks themselves out); a member may switch theirs off", async () => {
    const { owner, member } = await orgWithMember("sec-keep");
    const ownerOn = await enableTwoFactor(t.app, owner.cookie);
    const memberOn = await enableTwoFactor(t.app, member.cookie);
    expect((await setRequired(owner.base, ownerOn.cookie, { require_two_factor: true, version: 0 })).status).toBe(200);
    const disable = (cookie: string, lang = "en") => call(t.app, "POST", "/api/auth/two-factor/disable", { cookie, body: { password: GOOD_PASSWORD }, headers: { "Accept-Language": lang } });

    const refused = await disable(ownerOn.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "TWO_FACTOR_REQUIRED_BY_ORGANISATION", message: expect.stringMatching(/^An organisation you own requires two-factor sign-in/) });
    expect((await disable(ownerOn.cookie, "de")).body).toMatchObject({ message: expect.stringMatching(/^Eine Organisation, deren Eigentümer Sie sind/) });
    expect((await disable(ownerOn.cookie, "fr")).body).toMatchObject({ message: expect.stringMatching(/^Une organisation dont vous êtes propriétaire/) });
    expect((await call(t.app, "GET", "/api/auth/get-session", { cookie: ownerOn.cookie })).body).toMatchObject({ user: { twoFactorEnabled: true } });

    expect((await disable(memberOn.cookie)).status).toBe(200);
    expect((await setRequired(owner.base, ownerOn.cookie, { require_two_factor: false, version: 1 })).status).toBe(200);
    expect((await disable(ownerOn.cookie)).status).toBe(200);
  });

  it("cannot be asked for by an owner without their own two-factor, nor by a member", async () => {
    const { owner, member } = await orgWithMember("sec-own");
    const refused = await setRequired(owner.base, owner.cookie, { require_two_factor: true, version: 0 });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: "forbidden", message: expect.stringMatching(/your own account first/) } });
    expect((await setRequired(owner.base, member.cookie, { require_two_factor: true, version: 0 })).status).toBe(403);
    expect((await security(owner.base, owner.cookie)).body).toEqual({ security: { require_two_factor: false, version: 0, updated_at: null } });
  });

  it("blocks a member without two-factor with 403 two_factor_required, and lets them in once theirs is on", async () => {
    const { owner, member } = await orgWithMember("sec-block");
    const ownerOn = await enableTwoFactor(t.app, owner.cookie);
    const on = await setRequired(owner.base, ownerOn.cookie, { require_two_factor: true, version: 0 });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ security: { require_two_factor: true, version: 1 } });
    // The owner (two-factor on) goes on working.
    expect((await call(t.app, "GET", `${owner.base}/members`, { cookie: ownerOn.cookie })).status).toBe(200);

    for (const path of ["/members", "/planes", "/security"]) {
      const blocked = await call(t.app, "GET", `${owner.base}${path}`, { cookie: member.cookie });
      expect(blocked.status).toBe(403);
      expect(blocked.body).toMatchObject({ error: { code: "two_factor_required", message: expect.stringMatching(/requires two-factor/) } });
    }
    // Their organisation list and their own settings stay reachable.
    expect((await call(t.app, "GET", "/api/v1/organisations", { cookie: member.cookie })).status).toBe(200);
    expect((await call(t.app, "GET", "/api/auth/get-session", { cookie: member.cookie })).status).toBe(200);
    // A stranger still learns nothing.
    const stranger = await signedInUser(t.app, db(), "sec-stranger");
    expect((await call(t.app, "GET", `${owner.base}/members`, { cookie: stranger.cookie })).status).toBe(404);

    const memberOn = await enableTwoFactor(t.app, member.cookie);
    expect((await call(t.app, "GET", `${owner.base}/members`, { cookie: memberOn.cookie })).status).toBe(200);

    const [audited] = await db().select({ details: auditLog.details }).from(auditLog).where(and(eq(auditLog.orgId, owner.orgId), eq(auditLog.action, "organisation.security_change")));
    expect(audited?.details).toEqual({ requireTwoFactor: true });
  });

  it("applies to the functions that name the organisation in their body, too", async () => {
    const owner = await orgUser(t.app, db(), "sec-fn-owner");
    const coOwner = await signedInUser(t.app, db(), "sec-fn-co-owner");
    await db().insert(memberships).values({ orgId: owner.orgId, userId: coOwner.id, role: "owner" });
    const ownerOn = await enableTwoFactor(t.app, owner.cookie);
    expect((await setRequired(owner.base, ownerOn.cookie, { require_two_factor: true, version: 0 })).status).toBe(200);

    const calls = [
      ["/functions/v1/agent-dispatch", { org_id: owner.orgId, message: "Summarise the week" }],
      ["/functions/v1/conn-upsert", { org_id: owner.orgId, provider: "openai", auth_json: null, status: "disconnected" }],
    ] as const;
    for (const [path, body] of calls) {
      const blocked = await call(t.app, "POST", path, { cookie: coOwner.cookie, body });
      expect(blocked.status, path).toBe(403);
      expect(blocked.body, path).toMatchObject({ ok: false, code: "two_factor_required" });
    }
    // The owner with two-factor on is let through (the dispatch is queued).
    expect((await call(t.app, "POST", calls[0][0], { cookie: ownerOn.cookie, body: calls[0][1] })).status).toBe(200);
  });

  it("applies to a member whose membership the session cache already holds, at once, and lifts as promptly", async () => {
    const { owner, member } = await orgWithMember("sec-cached");
    const members = () => call(t.app, "GET", `${owner.base}/members`, { cookie: member.cookie });
    // Read before: the membership (with the rule, off) is now in memory.
    expect((await members()).status).toBe(200);
    expect((await members()).status).toBe(200);
    const ownerOn = await enableTwoFactor(t.app, owner.cookie);
    expect((await setRequired(owner.base, ownerOn.cookie, { require_two_factor: true, version: 0 })).status).toBe(200);
    expect((await until(members, (r) => r.status === 403)).status).toBe(403);
    expect((await setRequired(owner.base, ownerOn.cookie, { require_two_factor: false, version: 1 })).status).toBe(200);
    expect((await until(members, (r) => r.status === 200)).status).toBe(200);
  });

  it("refuses a change naming an old version, and lifts the block when turned off", async () => {
    const { owner, member } = await orgWithMember("sec-version");
    const ownerOn = await enableTwoFactor(t.app, owner.cookie);
    expect((await setRequired(owner.base, ownerOn.cookie, { require_two_factor: true, version: 0 })).status).toBe(200);
    const stale = await setRequired(owner.base, ownerOn.cookie, { require_two_factor: false, version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: { code: "conflict" } });
    const off = await setRequired(owner.base, ownerOn.cookie, { require_two_factor: false, version: 1 });
    expect(off.body).toMatchObject({ security: { require_two_factor: false, version: 2 } });
    expect((await call(t.app, "GET", `${owner.base}/members`, { cookie: member.cookie })).status).toBe(200);
  });

  it("answers bad input with 400", async () => {
    const { owner } = await orgWithMember("sec-bad");
    for (const body of [{}, { require_two_factor: "yes", version: 0 }, { require_two_factor: true, version: -1 }, "not json"]) {
      expect((await setRequired(owner.base, owner.cookie, body)).status).toBe(400);
    }
  });

  it("takes two owners' simultaneous changes in turn: one wins, the other is told", async () => {
    const { owner } = await orgWithMember("sec-race");
    const second = await signedInUser(t.app, db(), "sec-race-second");
    await db().insert(memberships).values({ orgId: owner.orgId, userId: second.id, role: "owner" });
    const [a, b] = await Promise.all([enableTwoFactor(t.app, owner.cookie), enableTwoFactor(t.app, second.cookie)]);
    const results = await Promise.all([setRequired(owner.base, a.cookie, { require_two_factor: true, version: 0 }), setRequired(owner.base, b.cookie, { require_two_factor: true, version: 0 })]);
    const statuses = results.map((r) => r.status).sort();
    // Both asked for the same value: the second finds it already so (200) or the version moved (409).
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    expect((await security(owner.base, a.cookie)).body).toMatchObject({ security: { require_two_factor: true, version: 1 } });
  });
});
