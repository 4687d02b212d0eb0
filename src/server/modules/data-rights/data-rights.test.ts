import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataExport } from "@/shared/data-rights";
import { account, auditLog, chatMessages, conversations, dataExports, devOutbox, memberships, organisations, session, user } from "../../db/schema";
import { call } from "../../testing/http";
import { startProviderStandIn, type ProviderStandIn } from "../../testing/provider-stand-ins";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { until } from "../../testing/until";
import { GOOD_PASSWORD, signedInUser } from "../../testing/users";
import { createPlaneVia, createProjectVia, createTaskVia, field, orgUser } from "../../testing/work-fixtures";
import { cellsMentioning, download, unzipText } from "./data-rights-fixtures";
import { needsDecision, NOT_SECRET_COLUMNS, SECRET_COLUMNS, SKIPPED_TABLES } from "./export-columns";
import { erasedPseudonym } from "./pseudonym";
import { runDataExport } from "./run-export";
import { listTables } from "./schema-walk";

let t: TestApp;
let standIn: ProviderStandIn;
const db = () => t.services.database.db;
const run = (id: string, maxBytes = 64 * 1024 * 1024) => runDataExport({ db: db(), appName: "We Love HQ", now: () => new Date(), maxBytes }, id);

beforeAll(async () => {
  standIn = await startProviderStandIn();
  t = await createTestApp({ LIMIT_WRITES_PER_MINUTE: "100000", OPENAI_BASE_URL: standIn.url, ANTHROPIC_BASE_URL: standIn.url, N8N_BASE: standIn.url });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

describe("secret columns", () => {
  it("has a decision for every column that could hold a secret, in every table", async () => {
    const undecided: string[] = [];
    for (const [table, columns] of await listTables(db())) {
      for (const column of columns) {
        if (!needsDecision(column)) continue;
        const decided = SECRET_COLUMNS[table]?.includes(column.name) || NOT_SECRET_COLUMNS[table]?.includes(column.name);
        if (!decided) undecided.push(`${table}.${column.name}`);
      }
    }
    // A new column here: add it to SECRET_COLUMNS (left out of exports) or NOT_SECRET_COLUMNS (read and judged harmless).
    expect(undecided).toEqual([]);
  });
});

/** An organisation with a bit of everything: work, a sealed API key, a chat, audit entries. */
async function plantedOrganisation(label: string) {
  const owner = await orgUser(t.app, db(), label);
  const planeId = await createPlaneVia(owner, `Plane ${label}`);
  const projectId = await createProjectVia(owner, planeId, `Project ${label}`);
  await createTaskVia(owner, projectId, `Task ${label}`);
  const apiKey = `sk-valid-${crypto.randomUUID()}`;
  expect((await owner.api("POST", "/connections", { provider: "openai", api_key: apiKey })).status).toBe(201);
  const [conversation] = await db().insert(conversations).values({ orgId: owner.orgId, userId: owner.id, title: `Chat ${label}` }).returning();
  await db().insert(chatMessages).values({ conversationId: conversation!.id, orgId: owner.orgId, role: "user", content: `Hello from ${label}` });
  const [sessionRow] = await db().select({ token: session.token }).from(session).where(eq(session.userId, owner.id));
  const [accountRow] = await db().select({ hash: account.password }).from(account).where(eq(account.userId, owner.id));
  return { owner, apiKey, sessionToken: sessionRow!.token, passwordHash: accountRow!.hash! };
}

async function finishedExport(path: string, cookie: string): Promise<DataExport> {
  const started = await call(t.app, "POST", path, { cookie });
  expect(started.status).toBe(202);
  const queued = field<DataExport>(started, "export");
  expect(queued).toMatchObject({ status: "queued", progress: 0 });
  await run(queued.id);
  return field<DataExport>(await call(t.app, "GET", `/api/v1/me/exports/${queued.id}`, { cookie }), "export");
}

describe("organisation export", () => {
  it("holds every table of the organisation as JSON and CSV, and no secret", async () => {
    const { owner, apiKey, sessionToken, passwordHash } = await plantedOrganisation("orgexp");
    const done = await finishedExport(`${owner.base}/exports`, owner.cookie);
    expect(done).toMatchObject({ status: "done", progress: 100, scope: "org", org_id: owner.orgId });

    const file = await download(t.app, `/api/v1/me/exports/${done.id}/download`, owner.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/zip");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="we-love-hq-organisation-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipText(file.bytes);
    const orgTables = [...(await listTables(db()))].filter(([name, cols]) => !SKIPPED_TABLES.has(name) && cols.some((c) => c.name === "org_id")).map(([name]) => name);
    for (const table of [...orgTables, "organisations", "members"]) {
      expect(files, table).toHaveProperty(`${table}.json`);
      expect(files, table).toHaveProperty(`${table}.csv`);
    }
    expect(files["README.txt"]).toContain("Secrets are left out");
    expect(JSON.parse(files["tasks.json"]!)).toEqual([expect.objectContaining({ title: "Task orgexp", org_id: owner.orgId })]);
    expect(files["chat_messages.csv"]).toContain("Hello from orgexp");
    expect(JSON.parse(files["connections.json"]!)[0]).not.toHaveProperty("auth_json");
    expect(JSON.parse(files["audit_log.json"]!).map((e: { action: string }) => e.action)).toContain("connection.create");

    const everything = Object.values(files).join("\n") + Buffer.from(file.bytes).toString("latin1");
    const [sealed] = await db().execute(sql`select auth_json::text as a from connections where org_id = ${owner.orgId}`).then((r) => (r as unknown as { rows: { a: string }[] }).rows);
    for (const secret of [apiKey, sessionToken, passwordHash, JSON.parse(sealed!.a).apiKey as string]) expect(everything).not.toContain(secret);
  });

  it("answers a second request with the export under way, and lets only the requester download", async () => {
    const { owner } = await plantedOrganisation("once");
    const coOwner = await signedInUser(t.app, db(), "once-co");
    await db().insert(memberships).values({ orgId: owner.orgId, userId: coOwner.id, role: "owner" });
    const first = field<DataExport>(await owner.api("POST", "/exports"), "export");
    const second = field<DataExport>(await owner.api("POST", "/exports"), "export");
    expect(second.id).toBe(first.id);
    const theirs = field<DataExport>(await call(t.app, "POST", `${owner.base}/exports`, { cookie: coOwner.cookie }), "export");
    expect(theirs.id).not.toBe(first.id);

    expect((await download(t.app, `/api/v1/me/exports/${first.id}/download`, owner.cookie)).status).toBe(409);
    await run(first.id);
    expect((await download(t.app, `/api/v1/me/exports/${first.id}/download`, coOwner.cookie)).status).toBe(404);
    expect((await call(t.app, "GET", `/api/v1/me/exports/${first.id}`, { cookie: coOwner.cookie })).status).toBe(404);
    expect((await download(t.app, `/api/v1/me/exports/${first.id}/download`, owner.cookie)).status).toBe(200);
    // Demoted since asking: the organisation's data is no longer theirs to take.
    await db().update(memberships).set({ role: "member" }).where(and(eq(memberships.orgId, owner.orgId), eq(memberships.userId, owner.id)));
    // Written behind the app's back: the cache forgets the role when the trigger's notification arrives, a moment later.
    expect((await until(() => download(t.app, `/api/v1/me/exports/${first.id}/download`, owner.cookie), (r) => r.status !== 200, 2_000)).status).toBe(403);
  });

  it("refuses a member (403) and another organisation (404), and bad ids (400/404)", async () => {
    const { owner } = await plantedOrganisation("refuse");
    const other = await orgUser(t.app, db(), "refuse-other");
    const member = await signedInUser(t.app, db(), "refuse-member");
    await db().insert(memberships).values({ orgId: owner.orgId, userId: member.id, role: "member" });
    expect((await call(t.app, "POST", `${owner.base}/exports`, { cookie: member.cookie })).status).toBe(403);
    expect((await call(t.app, "POST", `${owner.base}/exports`, { cookie: other.cookie })).status).toBe(404);
    expect((await call(t.app, "GET", "/api/v1/me/exports/not-a-uuid", { cookie: owner.cookie })).status).toBe(400);
    expect((await call(t.app, "GET", `/api/v1/me/exports/${crypto.randomUUID()}/download`, { cookie: owner.cookie })).status).toBe(404);
    expect((await call(t.app, "POST", "/api/v1/me/exports")).status).toBe(401);
  });
});

describe("personal export", () => {
  it("holds the profile, memberships, sessions without tokens, audit entries and chats", async () => {
    const { owner, sessionToken, passwordHash } = await plantedOrganisation("mine");
    const done = await finishedExport("/api/v1/me/exports", owner.cookie);
    expect(done).toMatchObject({ status: "done", scope: "user", org_id: null });
    const listed = field<DataExport[]>(await call(t.app, "GET", "/api/v1/me/exports", { cookie: owner.cookie }), "exports");
    expect(listed.map((e) => e.id)).toContain(done.id);
    const file = await download(t.app, `/api/v1/me/exports/${done.id}/download`, owner.cookie);
    const files = unzipText(file.bytes);
    expect(JSON.parse(files["user.json"]!)).toEqual([expect.objectContaining({ id: owner.id })]);
    expect(JSON.parse(files["memberships.json"]!)).toEqual([expect.objectContaining({ org_id: owner.orgId, role: "owner" })]);
    const sessions = JSON.parse(files["session.json"]!) as Record<string, unknown>[];
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions[0]).not.toHaveProperty("token");
    expect(files["audit_log.csv"]).toContain("connection.create");
    expect(files["chat_messages.json"]).toContain("Hello from mine");
    const everything = Object.values(files).join("\n");
    expect(everything).not.toContain(sessionToken);
    expect(everything).not.toContain(passwordHash);
  });
});

describe("erasing an account", () => {
  it("deletes the user, their sole-owned organisations and every row naming them; the audit log keeps a pseudonym", async () => {
    const { owner: erased } = await plantedOrganisation("erase");
    const [me] = await db().select({ email: user.email }).from(user).where(eq(user.id, erased.id));
    const shared = await orgUser(t.app, db(), "erase-shared");
    await db().insert(memberships).values({ orgId: shared.orgId, userId: erased.id, role: "owner" });
    await shared.api("PATCH", `/members/${erased.id}`, { role: "member" });
    const mine = field<DataExport>(await call(t.app, "POST", "/api/v1/me/exports", { cookie: erased.cookie }), "export");
    await run(mine.id);

    const preview = await call(t.app, "GET", "/api/v1/me/erasure", { cookie: erased.cookie });
    expect(preview.body).toEqual({ organisations: [{ id: erased.orgId, name: expect.any(String), members: 1 }] });

    const wrongPassword = await call(t.app, "DELETE", "/api/v1/me", { cookie: erased.cookie, body: { password: "not-it-at-all", confirmed_org_ids: [erased.orgId] } });
    expect(wrongPassword.status).toBe(403);
    expect(wrongPassword.body).toMatchObject({ error: { fields: { password: "The password is not correct" } } });
    const staleList = await call(t.app, "DELETE", "/api/v1/me", { cookie: erased.cookie, body: { password: GOOD_PASSWORD, confirmed_org_ids: [] } });
    expect(staleList.status).toBe(409);
    expect((await call(t.app, "DELETE", "/api/v1/me", { cookie: erased.cookie, body: { password: GOOD_PASSWORD } })).status).toBe(400);

    const done = await call(t.app, "DELETE", "/api/v1/me", { cookie: erased.cookie, body: { password: GOOD_PASSWORD, confirmed_org_ids: [erased.orgId] } });
    expect(done.status).toBe(204);
    expect(done.headers.getSetCookie().join("\n")).toMatch(/better-auth\.session_token=; Path=\/; Max-Age=0/);

    expect(await cellsMentioning(db(), [erased.id, me!.email])).toEqual([]);
    expect(await db().select().from(organisations).where(eq(organisations.id, erased.orgId))).toEqual([]);
    expect(await db().select().from(dataExports).where(eq(dataExports.id, mine.id))).toEqual([]);
    const pseudonym = erasedPseudonym(t.services.env.SECRET_KEY, erased.id);
    const kept = await db().select().from(auditLog).where(eq(auditLog.actorUserId, pseudonym));
    expect(kept.map((e) => e.action)).toEqual(expect.arrayContaining(["organisation.delete", "account.erase"]));
    const sharedLog = await db().select().from(auditLog).where(and(eq(auditLog.orgId, shared.orgId), eq(auditLog.targetId, pseudonym)));
    expect(sharedLog.map((e) => e.action)).toContain("member.role_change");
    expect(kept.every((e) => e.ip === null)).toBe(true);

    expect((await call(t.app, "GET", "/api/v1/organisations", { cookie: erased.cookie })).status).toBe(401);
    const signIn = await call(t.app, "POST", "/api/auth/sign-in/email", { body: { email: me!.email, password: GOOD_PASSWORD } });
    expect(signIn.status).toBe(401);
    expect((await shared.api("GET", "/members")).status).toBe(200);
  });

  it("counts wrong passwords against the sign-in lockout", async () => {
    const u = await signedInUser(t.app, db(), "erase-guess");
    for (let i = 0; i < 10; i++) expect((await call(t.app, "DELETE", "/api/v1/me", { cookie: u.cookie, body: { password: `guess-${i}`, confirmed_org_ids: [] } })).status).toBe(403);
    const locked = await call(t.app, "DELETE", "/api/v1/me", { cookie: u.cookie, body: { password: GOOD_PASSWORD, confirmed_org_ids: [] } });
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).not.toBeNull();
    expect(await db().select().from(user).where(eq(user.id, u.id))).toHaveLength(1);
  });

  it("needs a session", async () => {
    expect((await call(t.app, "DELETE", "/api/v1/me", { body: { password: "x", confirmed_org_ids: [] } })).status).toBe(401);
    expect((await call(t.app, "GET", "/api/v1/me/erasure")).status).toBe(401);
  });
});

describe("deleting an organisation", () => {
  it("needs an owner and the exact name, then leaves no row of the organisation", async () => {
    const { owner } = await plantedOrganisation("orgdel");
    const member = await signedInUser(t.app, db(), "orgdel-member");
    await db().insert(memberships).values({ orgId: owner.orgId, userId: member.id, role: "member" });
    const [org] = await db().select({ name: organisations.name }).from(organisations).where(eq(organisations.id, owner.orgId));
    expect((await call(t.app, "DELETE", owner.base, { cookie: member.cookie, body: { confirmName: org!.name } })).status).toBe(403);
    const stranger = await orgUser(t.app, db(), "orgdel-stranger");
    expect((await call(t.app, "DELETE", owner.base, { cookie: stranger.cookie, body: { confirmName: org!.name } })).status).toBe(404);
    const wrong = await owner.api("DELETE", "", { confirmName: "something else" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: { fields: { confirmName: expect.any(String) } } });
    expect((await owner.api("DELETE", "", { confirmName: org!.name })).status).toBe(204);
    expect(await cellsMentioning(db(), [owner.orgId])).toEqual(["audit_log.target_id (1)"]);
    expect((await call(t.app, "GET", `${owner.base}/planes`, { cookie: member.cookie })).status).toBe(404);
    expect((await call(t.app, "GET", "/api/v1/organisations", { cookie: member.cookie })).status).toBe(200);
    // The member is told, in their language; the owner who deleted it is not.
    const [told] = await db().select().from(devOutbox).where(and(eq(devOutbox.to, member.email), sql`subject like '%deleted%'`));
    expect(told).toMatchObject({ subject: `“${org!.name}” was deleted on We Love HQ` });
    expect(told!.text).toContain("An owner deleted the organisation");
    const [ownerRow] = await db().select({ email: user.email }).from(user).where(eq(user.id, owner.id));
    expect((await db().select().from(devOutbox).where(and(eq(devOutbox.to, ownerRow!.email), sql`subject like '%deleted%'`))).length).toBe(0);
  });

  it("tells the members of an organisation that went with its only owner's account, in their language", async () => {
    const { owner } = await plantedOrganisation("erasemail");
    const member = await signedInUser(t.app, db(), "erasemail-member");
    await db().update(user).set({ locale: "de" }).where(eq(user.id, member.id));
    await db().insert(memberships).values({ orgId: owner.orgId, userId: member.id, role: "member" });
    const erased = await call(t.app, "DELETE", "/api/v1/me", { cookie: owner.cookie, body: { password: GOOD_PASSWORD, confirmed_org_ids: [owner.orgId] } });
    expect(erased.status).toBe(204);
    const [told] = await db().select().from(devOutbox).where(and(eq(devOutbox.to, member.email), sql`subject like '%gelöscht%'`));
    expect(told!.subject).toMatch(/^„.+“ wurde bei We Love HQ gelöscht$/);
    expect(told!.text).toContain("weil ihre einzige Inhaberin oder ihr einziger Inhaber das eigene Konto gelöscht hat");
  });
});

describe("the audit viewer", () => {
  it("filters by actor, action and dates, and exports the same as CSV", async () => {
    const { owner } = await plantedOrganisation("auditv");
    const member = await signedInUser(t.app, db(), "auditv-member");
    await db().insert(memberships).values({ orgId: owner.orgId, userId: member.id, role: "member" });
    await owner.api("PATCH", `/members/${member.id}`, { role: "owner" });
    const byAction = await owner.api("GET", "/audit?action=member.");
    expect((byAction.body as { entries: { action: string }[] }).entries.map((e) => e.action)).toEqual(["member.role_change"]);
    const byActor = await owner.api("GET", `/audit?actor=${member.id}`);
    expect((byActor.body as { entries: unknown[] }).entries).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await owner.api("GET", `/audit?from=${today}&to=${today}&limit=1`);
    expect((inRange.body as { next_cursor: string | null }).next_cursor).not.toBeNull();
    expect((await owner.api("GET", "/audit?from=2026-02-30")).status).toBe(400);
    expect((await owner.api("GET", "/audit?from=2026-03-02&to=2026-03-01")).status).toBe(400);
    expect((await owner.api("GET", "/audit?from=2000-01-01&to=2000-01-02")).body).toMatchObject({ entries: [] });

    const csv = await download(t.app, `${owner.base}/audit/export?action=member.role_change`, owner.cookie);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-log-/);
    const lines = new TextDecoder().decode(csv.bytes).trim().split("\r\n");
    expect(lines[0]).toBe("created_at,actor_user_id,actor_name,action,target_type,target_id,ip,details");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("member.role_change");
    expect((await call(t.app, "GET", `${owner.base}/audit/export`, { cookie: member.cookie })).status).toBe(200);
    await db().update(memberships).set({ role: "member" }).where(and(eq(memberships.orgId, owner.orgId), eq(memberships.userId, member.id)));
    expect((await until(() => call(t.app, "GET", `${owner.base}/audit/export`, { cookie: member.cookie }), (r) => r.status !== 200, 2_000)).status).toBe(403);
  });
});
