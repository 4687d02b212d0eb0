import { createHash } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GoogleCalendarStatus } from "@/shared/google-calendar";
import { auditLog, googleCalendarConnections, googleCalendarEvents, googleOauthStates, memberships } from "../../db/schema";
import { drainQueue } from "../../testing/drain-queue";
import { startGoogleStandIn, type GoogleStandIn } from "../../testing/google-stand-in";
import { call } from "../../testing/http";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { signedInUser } from "../../testing/users";
import { createPlaneVia, createProjectVia, createTaskVia, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { handleCalendarJob } from "./sync-task";
import { GOOGLE_CALENDAR_QUEUE } from "./sync-queue";

const CLIENT_ID = "whq-test.apps.googleusercontent.com";
const ME = "/api/v1/me/google-calendar";
let t: TestApp;
let g: GoogleStandIn;
let owner: OrgUser;
let other: OrgUser;
let member: { id: string; cookie: string };
let projectId: string;
let otherProjectId: string;
const db = () => t.services.database.db;
const deps = () => ({ db: db(), env: t.services.env, box: t.services.secrets, now: t.services.clock.now, queue: t.services.queue, logger: t.services.logger });

/** Runs the sync jobs waiting (a connect's backfill queues task jobs: run until none is left). Answers the jobs' data. */
async function drain(): Promise<unknown[]> {
  const ran: unknown[] = [];
  for (let round = 0; round < 5; round++) {
    const n = await drainQueue(t, GOOGLE_CALENDAR_QUEUE, async (data, id) => {
      ran.push(data);
      await handleCalendarJob(deps(), data, id);
    });
    if (n === 0) break;
  }
  return ran;
}

const status = async (who: { cookie: string }) => ((await call(t.app, "GET", ME, { cookie: who.cookie })).body as { google_calendar: GoogleCalendarStatus }).google_calendar;
const outcomeOf = (location: string | null) => new URL(location ?? "http://x/").searchParams.get("google_calendar");

/** The connect button: our redirect to Google, Google's auto-approval, and the callback. Answers each step. */
async function authorize(who: { cookie: string }) {
  const start = await call(t.app, "GET", `${ME}/connect`, { cookie: who.cookie });
  expect(start.status).toBe(302);
  const consent = await fetch(start.headers.get("location")!, { redirect: "manual" });
  expect(consent.status).toBe(302);
  return { authUrl: new URL(start.headers.get("location")!), callback: new URL(consent.headers.get("location")!) };
}
const callback = async (who: { cookie?: string }, url: URL) => {
  const res = await call(t.app, "GET", `${url.pathname}${url.search}`, { cookie: who.cookie });
  expect(res.status).toBe(302);
  return outcomeOf(res.headers.get("location"));
};
async function connect(who: { cookie: string }): Promise<string> {
  const { callback: url } = await authorize(who);
  expect(await callback(who, url)).toBe("connected");
  await drain();
  return (await status(who)).calendar!;
}

beforeAll(async () => {
  g = await startGoogleStandIn({ clientId: CLIENT_ID });
  t = await createTestApp({ LIMIT_WRITES_PER_MINUTE: "100000", GOOGLE_OAUTH_CLIENT_ID: CLIENT_ID, GOOGLE_OAUTH_CLIENT_SECRET: "shh-client-secret", GOOGLE_OAUTH_AUTH_BASE: g.url, GOOGLE_OAUTH_TOKEN_URL: g.url, GOOGLE_CALENDAR_API_BASE: g.apiBase });
  owner = await orgUser(t.app, db(), "gcal-owner");
  other = await orgUser(t.app, db(), "gcal-other");
  member = await signedInUser(t.app, db(), "gcal-member");
  await db().insert(memberships).values({ orgId: owner.orgId, userId: member.id, role: "member" });
  projectId = await createProjectVia(owner, await createPlaneVia(owner, "Calendar"), "Garden");
  otherProjectId = await createProjectVia(other, await createPlaneVia(other, "Elsewhere"), "Other garden");
});
afterAll(async () => {
  await t?.close();
  await g?.close();
});

describe("Google Calendar: OAuth with PKCE", () => {
  it("without a client id the card says it is not set up, and connect sends nobody to Google", async () => {
    const bare = await createTestApp({});
    try {
      const u = await signedInUser(bare.app, bare.services.database.db, "gcal-bare");
      const s = ((await call(bare.app, "GET", ME, { cookie: u.cookie })).body as { google_calendar: GoogleCalendarStatus }).google_calendar;
      expect(s).toMatchObject({ configured: false, state: "not_connected" });
      const res = await call(bare.app, "GET", `${ME}/connect`, { cookie: u.cookie });
      expect(res.status).toBe(302);
      expect(outcomeOf(res.headers.get("location"))).toBe("not_configured");
    } finally {
      await bare.close();
    }
    expect((await call(t.app, "GET", `${ME}/connect`)).status).toBe(401);
  });

  it("the authorisation URL asks for calendar.events, offline, consent, with an S256 challenge; the state is stored hashed", async () => {
    const start = await call(t.app, "GET", `${ME}/connect`, { cookie: member.cookie });
    const url = new URL(start.headers.get("location")!);
    expect(url.origin + url.pathname).toBe(`${g.url}/o/oauth2/v2/auth`);
    const q = url.searchParams;
    expect(Object.fromEntries(q)).toMatchObject({ client_id: CLIENT_ID, redirect_uri: `${TEST_ORIGIN}/api/v1/oauth/google-calendar/callback`, response_type: "code", scope: "https://www.googleapis.com/auth/calendar.events", access_type: "offline", prompt: "consent", code_challenge_method: "S256" });
    expect(q.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await db().select().from(googleOauthStates).where(eq(googleOauthStates.userId, member.id));
    const stored = rows.map((r) => r.stateHash);
    expect(stored).toContain(createHash("sha256").update(q.get("state")!).digest("base64url"));
    expect(JSON.stringify(rows)).not.toContain(q.get("state")!);
    expect(rows.every((r) => r.expiresAt.getTime() - Date.now() <= 10 * 60 * 1000 + 1000)).toBe(true);
  });

  it("a wrong code_verifier is refused (invalid_grant): a code only opens with the verifier of its own state", async () => {
    const first = await authorize(member);
    const second = await authorize(member);
    // The code of the first authorisation with the second's state: our verifier is the second's, Google refuses it.
    const mixed = new URL(first.callback);
    mixed.searchParams.set("state", second.callback.searchParams.get("state")!);
    expect(await callback(member, mixed)).toBe("exchange_failed");
    expect((await status(member)).state).toBe("not_connected");
    // And straight at /token: a wrong verifier is invalid_grant.
    const fresh = await authorize(member);
    const res = await fetch(`${g.url}/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ grant_type: "authorization_code", code: fresh.callback.searchParams.get("code")!, code_verifier: "x".repeat(43), client_id: CLIENT_ID, redirect_uri: fresh.authUrl.searchParams.get("redirect_uri")! }).toString() });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe("invalid_grant");
  });

  it("forged, replayed, expired and another user's states are refused with a clear outcome", async () => {
    const forged = new URL(`${TEST_ORIGIN}/api/v1/oauth/google-calendar/callback?code=4/abc&state=forged-state`);
    expect(await callback(member, forged)).toBe("invalid_state");
    // Another user's state: refused, and spent (it cannot be used by its owner afterwards either).
    const owners = await authorize(owner);
    expect(await callback(member, owners.callback)).toBe("other_user");
    expect(await callback(owner, owners.callback)).toBe("invalid_state");
    // Without a session: back to the card, asking to sign in.
    expect(await callback({}, (await authorize(member)).callback)).toBe("signed_out");
    // Expired: the state is older than 10 minutes.
    const late = await authorize(member);
    await db().update(googleOauthStates).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(googleOauthStates.userId, member.id));
    expect(await callback(member, late.callback)).toBe("expired");
    // Denied at Google.
    g.denyNext();
    expect(await callback(member, (await authorize(member)).callback)).toBe("denied");
    // Junk in the query is a redirect with a reason, never a 500.
    const junk = await call(t.app, "GET", `/api/v1/oauth/google-calendar/callback?state=${"x".repeat(300)}`, { cookie: member.cookie });
    expect(junk.status).toBe(302);
    expect((await status(member)).state).toBe("not_connected");
  });

  it("connecting stores both tokens sealed, reads the primary calendar, and a replayed callback does nothing", async () => {
    const { callback: url } = await authorize(member);
    expect(await callback(member, url)).toBe("connected");
    expect(await callback(member, url)).toBe("invalid_state");
    const s = await status(member);
    expect(s).toMatchObject({ configured: true, state: "connected", calendar: expect.stringMatching(/@example\.test$/) });
    const [row] = await db().select().from(googleCalendarConnections).where(eq(googleCalendarConnections.userId, member.id));
    expect(row!.accessToken).toMatch(/^enc:v1:/);
    expect(row!.refreshToken).toMatch(/^enc:v1:/);
    await drain();
  });
});

describe("Google Calendar: sync", () => {
  let account: string;
  const eventsOf = () => g.events(account);

  it("a dated task assigned to the member becomes an event; a due change moves it; undated, unassigned or deleted removes it", async () => {
    account = (await status(member)).calendar!;
    const due = "2026-12-03T09:00:00.000Z";
    const taskId = await createTaskVia(owner, projectId, "Prune the roses", { assignee_id: member.id, due_at: due });
    await drain();
    expect(eventsOf()).toHaveLength(1);
    expect(eventsOf()[0]).toMatchObject({ summary: "Prune the roses", start: { dateTime: due }, end: { dateTime: "2026-12-03T09:30:00.000Z" } });
    const [mapped] = await db().select().from(googleCalendarEvents).where(eq(googleCalendarEvents.taskId, taskId));
    expect(mapped).toMatchObject({ userId: member.id, orgId: owner.orgId, eventId: eventsOf()[0]!.id });

    expect((await owner.api("PATCH", `/tasks/${taskId}`, { due_at: "2026-12-05T14:00:00.000Z" })).status).toBe(200);
    await drain();
    expect(eventsOf().map((e) => e.start.dateTime)).toEqual(["2026-12-05T14:00:00.000Z"]);

    expect((await owner.api("PATCH", `/tasks/${taskId}`, { due_at: null })).status).toBe(200);
    await drain();
    expect(eventsOf()).toHaveLength(0);
    expect((await owner.api("PATCH", `/tasks/${taskId}`, { due_at: due })).status).toBe(200);
    await drain();
    expect(eventsOf()).toHaveLength(1);

    expect((await owner.api("PATCH", `/tasks/${taskId}`, { assignee_id: owner.id })).status).toBe(200);
    await drain();
    expect(eventsOf()).toHaveLength(0);
    expect((await owner.api("PATCH", `/tasks/${taskId}`, { assignee_id: member.id })).status).toBe(200);
    await drain();
    expect(eventsOf()).toHaveLength(1);

    expect((await owner.api("DELETE", `/tasks/${taskId}`)).status).toBeLessThan(300);
    await drain();
    expect(eventsOf()).toHaveLength(0);
    expect(await db().select().from(googleCalendarEvents).where(eq(googleCalendarEvents.taskId, taskId))).toHaveLength(0);
  });

  it("a job delivered twice (even with its map row lost between) makes one event", async () => {
    const taskId = await createTaskVia(owner, projectId, "Water the beds", { assignee_id: member.id, due_at: "2026-12-07T08:00:00.000Z" });
    const jobs = await drain();
    expect(eventsOf().filter((e) => e.summary === "Water the beds")).toHaveLength(1);
    const job = jobs.find((j) => (j as { task_id?: string }).task_id === taskId)!;
    await handleCalendarJob(deps(), job, "again-1");
    await db().delete(googleCalendarEvents).where(eq(googleCalendarEvents.taskId, taskId));
    await handleCalendarJob(deps(), job, "again-2");
    expect(eventsOf().filter((e) => e.summary === "Water the beds")).toHaveLength(1);
    expect(await db().select().from(googleCalendarEvents).where(eq(googleCalendarEvents.taskId, taskId))).toHaveLength(1);
  });

  it("an expired token is refreshed before use, and a 401 refreshes and retries", async () => {
    const before = g.tokenCalls.refresh_token ?? 0;
    await db().update(googleCalendarConnections).set({ accessExpiresAt: new Date(Date.now() - 1000) }).where(eq(googleCalendarConnections.userId, member.id));
    await createTaskVia(owner, projectId, "Rake leaves", { assignee_id: member.id, due_at: "2026-12-08T08:00:00.000Z" });
    await drain();
    expect(g.tokenCalls.refresh_token).toBe(before + 1);
    expect(eventsOf().some((e) => e.summary === "Rake leaves")).toBe(true);
    // The stored token still looks alive, but Google no longer takes it: 401, refresh, retry.
    g.expireAccessTokens();
    await createTaskVia(owner, projectId, "Sweep paths", { assignee_id: member.id, due_at: "2026-12-09T08:00:00.000Z" });
    await drain();
    expect(g.tokenCalls.refresh_token).toBe(before + 2);
    expect(eventsOf().some((e) => e.summary === "Sweep paths")).toBe(true);
    expect((await status(member)).state).toBe("connected");
  });

  it("another organisation's user never sees or moves these events, and their tasks never reach this calendar", async () => {
    const otherAccount = await connect(other);
    const count = eventsOf().length;
    const theirs = await createTaskVia(other, otherProjectId, "Their own task", { assignee_id: other.id, due_at: "2026-12-10T08:00:00.000Z" });
    await drain();
    expect(g.events(otherAccount).map((e) => e.summary)).toEqual(["Their own task"]);
    expect(eventsOf()).toHaveLength(count);
    // A member of another organisation cannot be assigned here, so nothing of this organisation reaches them.
    expect((await owner.api("POST", "/tasks", { project_id: projectId, title: "Smuggled", assignee_id: other.id, due_at: "2026-12-11T08:00:00.000Z" })).status).toBeGreaterThanOrEqual(400);
    // A sync job naming this organisation with their task id touches nothing.
    await handleCalendarJob(deps(), { kind: "task", org_id: owner.orgId, task_id: theirs }, "cross-org");
    expect(g.events(otherAccount)).toHaveLength(1);
    expect(eventsOf()).toHaveLength(count);
    // And they cannot change this organisation's task behind the event.
    const [mine] = await db().select().from(googleCalendarEvents).where(eq(googleCalendarEvents.userId, member.id)).limit(1);
    expect((await other.api("PATCH", `/tasks/${mine!.taskId}`, { due_at: null })).status).toBe(404);
    expect((await call(t.app, "PATCH", `${owner.base}/tasks/${mine!.taskId}`, { cookie: other.cookie, body: { due_at: null } })).status).toBe(404);
    await drain();
    expect(eventsOf()).toHaveLength(count);
  });

  it("a refresh answered invalid_grant marks the connection for reconnecting; nothing more is sent", async () => {
    g.revokeGrants(account);
    g.expireAccessTokens();
    await createTaskVia(owner, projectId, "Plant bulbs", { assignee_id: member.id, due_at: "2026-12-12T08:00:00.000Z" });
    await drain();
    expect(eventsOf().some((e) => e.summary === "Plant bulbs")).toBe(false);
    const s = await status(member);
    expect(s).toMatchObject({ state: "reconnect", last_error: expect.stringContaining("invalid_grant") });
    // Connecting again fixes it, and the backfill brings the missed task in.
    const again = await connect(member);
    expect((await status(member)).state).toBe("connected");
    expect(g.events(again).some((e) => e.summary === "Plant bulbs")).toBe(true);
    account = again;
  });

  it("disconnecting revokes the grant at Google, then forgets the tokens and the event map", async () => {
    const revokedBefore = g.revoked.length;
    const res = await call(t.app, "DELETE", ME, { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect((res.body as { google_calendar: GoogleCalendarStatus }).google_calendar).toMatchObject({ state: "not_connected", synced_events: 0 });
    expect(g.revoked.length).toBe(revokedBefore + 1);
    expect(g.revoked.at(-1)).toMatch(/^1\/\//);
    expect(await db().select().from(googleCalendarConnections).where(eq(googleCalendarConnections.userId, member.id))).toHaveLength(0);
    expect(await db().select().from(googleCalendarEvents).where(eq(googleCalendarEvents.userId, member.id))).toHaveLength(0);
    // No more jobs for this organisation's task changes once nobody in it is connected.
    await createTaskVia(owner, projectId, "After disconnect", { assignee_id: member.id, due_at: "2026-12-13T08:00:00.000Z" });
    expect(await drain()).toHaveLength(0);
    // Each connect and the disconnect are the member's own audit entries; a second disconnect records nothing.
    expect((await call(t.app, "DELETE", ME, { cookie: member.cookie })).status).toBe(200);
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.actorUserId, member.id), like(auditLog.action, "google_calendar.%")));
    expect(entries.filter((e) => e.action === "google_calendar.disconnect")).toHaveLength(1);
    expect(entries.filter((e) => e.action === "google_calendar.connect").length).toBeGreaterThanOrEqual(1);
    expect(entries.every((e) => e.orgId === null && e.targetId === member.id)).toBe(true);
    expect(JSON.stringify(entries)).not.toMatch(/1\/\/|ya29/);
  });
});
