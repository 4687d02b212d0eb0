import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_ACCESS_TOKENS, type AccessToken, type CreatedAccessToken } from "@/shared/access-tokens";
import { accessTokens, auditLog, memberships } from "../../db/schema";
import { call } from "../../testing/http";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { signedInUser } from "../../testing/users";
import { createPlaneVia, orgUser } from "../../testing/work-fixtures";

let t: TestApp;
const db = () => t.services.database.db;
const realNow = () => new Date();
beforeAll(async () => {
  t = await createTestApp({ LIMIT_WRITES_PER_MINUTE: "100000" });
});
afterEach(() => {
  t.services.clock.now = realNow;
});
afterAll(async () => t.close());

const TOKENS = "/api/v1/me/access-tokens";

async function createToken(who: { cookie: string }, input: { name?: string; scope: "read" | "write"; expires_in_days?: number }) {
  const res = await call(t.app, "POST", TOKENS, { cookie: who.cookie, body: { name: input.name ?? `token ${input.scope}`, scope: input.scope, expires_in_days: input.expires_in_days ?? 30 } });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as CreatedAccessToken;
}

/** A request with the token and no cookie, as a script would send it. */
const withToken = (secret: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => call(t.app, method, path, { body, headers: { authorization: `Bearer ${secret}`, ...headers } });

const tokenRow = async (id: string) => (await db().select().from(accessTokens).where(eq(accessTokens.id, id)))[0]!;
const auditOf = async (tokenId: string) =>
  db()
    .select({ action: auditLog.action, actor: auditLog.actorUserId, orgId: auditLog.orgId, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, "access_token"), eq(auditLog.targetId, tokenId)))
    .orderBy(auditLog.createdAt);

describe("creating and listing tokens", () => {
  it("shows the secret once, keeps only its hash, lists without it, and audits the creation", async () => {
    const owner = await orgUser(t.app, db(), "pat-create");
    const created = await createToken(owner, { name: "CI deploys", scope: "read", expires_in_days: 90 });
    expect(created.secret).toMatch(/^whq_pat_[A-Za-z0-9_-]{43}$/);
    expect(created.token).toMatchObject({ name: "CI deploys", scope: "read", hint: created.secret.slice(-4), last_used_at: null });
    const days = (Date.parse(created.token.expires_at) - Date.parse(created.token.created_at)) / 86_400_000;
    expect(days).toBe(90);

    const row = await tokenRow(created.token.id);
    expect(row.tokenHash).toBe(createHash("sha256").update(created.secret).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(created.secret);

    const list = await call(t.app, "GET", TOKENS, { cookie: owner.cookie });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
    expect((list.body as { tokens: AccessToken[] }).tokens).toEqual([created.token]);

    expect(await auditOf(created.token.id)).toEqual([{ action: "access_token.create", actor: owner.id, orgId: null, details: { name: "CI deploys", scope: "read", expires_at: created.token.expires_at } }]);
  });

  it("refuses bad input clearly, and a signed-out caller", async () => {
    const user = await signedInUser(t.app, db(), "pat-bad");
    const bad = await call(t.app, "POST", TOKENS, { cookie: user.cookie, body: { name: " ", scope: "admin", expires_in_days: 7 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: "bad_request", fields: { name: "Name is required", scope: "Choose read or write", expires_in_days: "Choose 30, 90 or 365 days" } } });
    expect((await call(t.app, "POST", TOKENS, { cookie: user.cookie, body: "{not json" })).status).toBe(400);
    expect((await call(t.app, "GET", TOKENS)).status).toBe(401);
    expect((await call(t.app, "DELETE", `${TOKENS}/not-a-uuid`, { cookie: user.cookie })).status).toBe(400);
  });

  it("never lets one user see or revoke another's token", async () => {
    const [a, b] = await Promise.all([signedInUser(t.app, db(), "pat-a"), signedInUser(t.app, db(), "pat-b")]);
    const created = await createToken(a, { scope: "write" });
    expect((await call(t.app, "GET", TOKENS, { cookie: b.cookie })).body).toEqual({ tokens: [] });
    expect((await call(t.app, "DELETE", `${TOKENS}/${created.token.id}`, { cookie: b.cookie })).status).toBe(404);
    expect((await tokenRow(created.token.id)).revokedAt).toBeNull();
  });

  it(`holds the limit of ${MAX_ACCESS_TOKENS} active tokens under concurrent creates`, async () => {
    const user = await signedInUser(t.app, db(), "pat-limit");
    const filler = Array.from({ length: MAX_ACCESS_TOKENS - 1 }, (_, i) => ({ userId: user.id, name: `filler ${i}`, tokenHash: `filler-${user.id}-${i}`, hint: "xxxx", scope: "read", expiresAt: new Date(Date.now() + 86_400_000) }));
    await db().insert(accessTokens).values(filler);
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => call(t.app, "POST", TOKENS, { cookie: user.cookie, body: { name: `race ${i}`, scope: "read", expires_in_days: 30 } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });
});

describe("calling /api/v1 with a token", () => {
  it("lets a read token read and refuses its writes with token_scope", async () => {
    const owner = await orgUser(t.app, db(), "pat-read");
    const { secret } = await createToken(owner, { scope: "read" });
    const planes = await withToken(secret, "GET", `${owner.base}/planes`);
    expect(planes.status).toBe(200);
    expect((await withToken(secret, "GET", "/api/v1/organisations")).status).toBe(200);
    const write = await withToken(secret, "POST", `${owner.base}/planes`, { name: "Nope" });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ error: { code: "token_scope" } });
    expect((await withToken(secret, "DELETE", `${owner.base}/membership`)).status).toBe(403);
  });

  it("lets a write token write, even from another origin, while a cookie from there is still refused", async () => {
    const owner = await orgUser(t.app, db(), "pat-write");
    const { secret } = await createToken(owner, { scope: "write" });
    const created = await withToken(secret, "POST", `${owner.base}/planes`, { name: "Made by a script" }, { origin: "https://elsewhere.example" });
    expect(created.status).toBe(201);
    const viaCookie = await call(t.app, "POST", `${owner.base}/planes`, { cookie: owner.cookie, body: { name: "CSRF" }, headers: { origin: "https://elsewhere.example" } });
    expect(viaCookie.status).toBe(403);
    // A token that is not ours does not open the guard either.
    const foreign = await call(t.app, "POST", `${owner.base}/planes`, { cookie: owner.cookie, body: { name: "CSRF" }, headers: { origin: "https://elsewhere.example", authorization: "Bearer abc" } });
    expect(foreign.status).toBe(403);
  });

  it("applies the same tenancy and role rules as a session", async () => {
    const owner = await orgUser(t.app, db(), "pat-role-owner");
    const stranger = await orgUser(t.app, db(), "pat-role-stranger");
    const member = await signedInUser(t.app, db(), "pat-role-member");
    await db().insert(memberships).values({ orgId: owner.orgId, userId: member.id, role: "member" });
    const planeId = await createPlaneVia(owner, "Owned");
    const memberToken = (await createToken(member, { scope: "write" })).secret;
    const strangerToken = (await createToken(stranger, { scope: "write" })).secret;

    expect((await withToken(memberToken, "GET", `${owner.base}/planes`)).status).toBe(200);
    expect((await withToken(memberToken, "POST", `${owner.base}/planes`, { name: "By a member" })).status).toBe(201);
    // plane.delete and audit.read are the owner's.
    expect((await withToken(memberToken, "DELETE", `${owner.base}/planes/${planeId}`)).body).toMatchObject({ error: { code: "forbidden" } });
    expect((await withToken(memberToken, "GET", `${owner.base}/audit`)).status).toBe(403);
    // Another organisation's member learns nothing.
    expect((await withToken(strangerToken, "GET", `${owner.base}/planes`)).status).toBe(404);
    expect((await withToken(strangerToken, "GET", `${owner.base}/planes/${planeId}`)).status).toBe(404);
  });

  it("answers 401 for a revoked, expired, unknown or malformed token, never falling back to the cookie", async () => {
    const owner = await orgUser(t.app, db(), "pat-dead");
    const revoked = await createToken(owner, { scope: "write" });
    expect((await withToken(revoked.secret, "GET", `${owner.base}/planes`)).status).toBe(200);
    expect((await call(t.app, "DELETE", `${TOKENS}/${revoked.token.id}`, { cookie: owner.cookie })).status).toBe(204);
    const afterRevoke = await withToken(revoked.secret, "GET", `${owner.base}/planes`);
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body).toMatchObject({ error: { code: "unauthorized", message: "This access token has been revoked" } });
    // Revoking again is fine, and listed no more.
    expect((await call(t.app, "DELETE", `${TOKENS}/${revoked.token.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await call(t.app, "GET", TOKENS, { cookie: owner.cookie })).body).toEqual({ tokens: [] });

    const expiring = await createToken(owner, { scope: "read", expires_in_days: 30 });
    t.services.clock.now = () => new Date(Date.now() + 31 * 86_400_000);
    const expired = await withToken(expiring.secret, "GET", `${owner.base}/planes`);
    expect(expired.body).toMatchObject({ error: { code: "unauthorized", message: "This access token has expired" } });
    t.services.clock.now = realNow;

    const unknown = `whq_pat_${"A".repeat(43)}`;
    for (const secret of [unknown, "whq_pat_short", "not-ours", "whq_pat_" + "é".repeat(43)]) {
      const res = await call(t.app, "GET", `${owner.base}/planes`, { cookie: owner.cookie, headers: { authorization: `Bearer ${secret}` } });
      expect(res.status).toBe(401);
    }
    expect((await call(t.app, "GET", `${owner.base}/planes`, { cookie: owner.cookie, headers: { authorization: "Basic Zm9vOmJhcg==" } })).status).toBe(200);
  });

  it("cannot create, list or revoke tokens, nor delete the account, even with the write scope", async () => {
    const user = await signedInUser(t.app, db(), "pat-mint");
    const { secret, token } = await createToken(user, { scope: "write" });
    for (const [method, path] of [
      ["POST", TOKENS],
      ["GET", TOKENS],
      ["DELETE", `${TOKENS}/${token.id}`],
      ["DELETE", "/api/v1/me"],
    ] as const) {
      const res = await withToken(secret, method, path, method === "POST" ? { name: "child", scope: "write", expires_in_days: 365 } : undefined);
      expect(res.status).toBe(403);
    }
    expect(await db().select({ id: accessTokens.id }).from(accessTokens).where(eq(accessTokens.userId, user.id))).toHaveLength(1);
    expect((await tokenRow(token.id)).revokedAt).toBeNull();
  });

  it("records the last use at most once a minute and audits the first use of each hour", async () => {
    const owner = await orgUser(t.app, db(), "pat-use");
    const { secret, token } = await createToken(owner, { scope: "read" });
    const start = Date.now();
    t.services.clock.now = () => new Date(start);
    await Promise.all(Array.from({ length: 5 }, () => withToken(secret, "GET", `${owner.base}/planes`)));
    expect((await tokenRow(token.id)).lastUsedAt?.getTime()).toBe(start);
    t.services.clock.now = () => new Date(start + 30_000);
    await withToken(secret, "GET", `${owner.base}/planes`);
    expect((await tokenRow(token.id)).lastUsedAt?.getTime()).toBe(start);
    t.services.clock.now = () => new Date(start + 61_000);
    await withToken(secret, "GET", `${owner.base}/planes`);
    expect((await tokenRow(token.id)).lastUsedAt?.getTime()).toBe(start + 61_000);
    const listed = (await call(t.app, "GET", TOKENS, { cookie: owner.cookie })).body as { tokens: AccessToken[] };
    expect(listed.tokens[0]!.last_used_at).toBe(new Date(start + 61_000).toISOString());

    const uses = async () => (await auditOf(token.id)).filter((a) => a.action === "access_token.use");
    expect(await uses()).toEqual([{ action: "access_token.use", actor: owner.id, orgId: null, details: { name: token.name, scope: "read", method: "GET", route: "/api/v1/organisations/:orgId/planes" } }]);
    t.services.clock.now = () => new Date(start + 61 * 60_000);
    await withToken(secret, "GET", "/api/v1/organisations");
    expect(await uses()).toHaveLength(2);
  });
});
