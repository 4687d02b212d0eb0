import ICAL from "ical.js";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalendarFeedStatus, CreatedCalendarFeed } from "@/shared/calendar-feed";
import { auditLog, calendarFeeds, memberships } from "../../db/schema";
import { call } from "../../testing/http";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../testing/test-app";
import { signedInUser } from "../../testing/users";
import { createPlaneVia, createProjectVia, createTaskVia, orgUser, type OrgUser } from "../../testing/work-fixtures";

let t: TestApp;
const db = () => t.services.database.db;
beforeAll(async () => {
  t = await createTestApp({ LIMIT_WRITES_PER_MINUTE: "100000" });
});
afterAll(async () => t.close());

const FEED = "/api/v1/me/calendar-feed";

async function createFeed(who: { cookie: string }): Promise<CreatedCalendarFeed> {
  const res = await call(t.app, "POST", FEED, { cookie: who.cookie });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as CreatedCalendarFeed;
}

/** What a calendar app does: GET the URL, no cookie, no Origin, maybe a validator. */
async function subscribe(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(url, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The feed read by a real parser: every event by its UID. */
function eventsOf(text: string) {
  const comp = new ICAL.Component(ICAL.parse(text));
  expect(comp.name).toBe("vcalendar");
  return new Map(comp.getAllSubcomponents("vevent").map((v) => [new ICAL.Event(v).uid, new ICAL.Event(v)]));
}

const uidOf = (taskId: string) => `task-${taskId}@${new URL(TEST_ORIGIN).host}`;

async function projectOf(u: OrgUser, name: string) {
  return createProjectVia(u, await createPlaneVia(u, `${name} plane`), name);
}

describe("the calendar subscription feed", () => {
  it("holds the caller's dated tasks as valid iCalendar, with the right times, and nothing else", async () => {
    const owner = await orgUser(t.app, db(), "cal-owner");
    const project = await projectOf(owner, "Garden");
    const mine = await createTaskVia(owner, project, "Paint, the fence; \\ then 🎉", { due_at: "2026-12-01T16:30:00.000Z", assignee_id: owner.id, description: "Two coats\nwhite" });
    const undated = await createTaskVia(owner, project, "Someday", { assignee_id: owner.id });
    const unassigned = await createTaskVia(owner, project, "Nobody's", { due_at: "2026-12-02T09:00:00.000Z" });

    expect((await call(t.app, "GET", FEED, { cookie: owner.cookie })).body).toMatchObject({ active: false, hint: null });
    const { url, feed } = await createFeed(owner);
    expect(url).toMatch(new RegExp(`^${TEST_ORIGIN}/api/v1/calendar-feeds/whq_cal_[A-Za-z0-9_-]{43}\\.ics$`));
    expect(feed).toMatchObject({ active: true, hint: url.slice(-8, -4), last_fetched_at: null });
    // Only a hash is stored.
    const [row] = await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, owner.id));
    expect(JSON.stringify(row)).not.toContain(url.split("/").pop()!.replace(".ics", ""));

    const res = await subscribe(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    expect(new Date(res.headers.get("last-modified")!).getTime()).not.toBeNaN();
    expect(res.text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const events = eventsOf(res.text);
    expect([...events.keys()]).toEqual([uidOf(mine)]);
    const e = events.get(uidOf(mine))!;
    expect(e.summary).toBe("Paint, the fence; \\ then 🎉");
    expect(e.description).toContain("Two coats\nwhite");
    expect(e.startDate.toJSDate().toISOString()).toBe("2026-12-01T16:30:00.000Z");
    expect(e.startDate.zone.tzid).toBe("UTC");
    expect(e.component.getFirstPropertyValue("url")).toBe(`${TEST_ORIGIN}/app/tasks/${mine}`);
    expect(events.has(uidOf(undated))).toBe(false);
    expect(events.has(uidOf(unassigned))).toBe(false);

    // The card learns that a calendar app read it.
    expect(((await call(t.app, "GET", FEED, { cookie: owner.cookie })).body as CalendarFeedStatus).last_fetched_at).not.toBeNull();

    // Choosing the project brings its other dated tasks in, under the same stable UIDs.
    const chose = await call(t.app, "PUT", `${FEED}/projects`, { cookie: owner.cookie, body: { project_ids: [project] } });
    expect(chose.status).toBe(200);
    expect((chose.body as CalendarFeedStatus).project_ids).toEqual([project]);
    expect([...eventsOf((await subscribe(url)).text).keys()].sort()).toEqual([uidOf(mine), uidOf(unassigned)].sort());
  });

  it("answers 304 to a current ETag, and a moved due date moves the event and the ETag", async () => {
    const owner = await orgUser(t.app, db(), "cal-etag");
    const project = await projectOf(owner, "Etag");
    const task = await createTaskVia(owner, project, "Move me", { due_at: "2026-12-03T08:00:00.000Z", assignee_id: owner.id });
    const { url } = await createFeed(owner);
    const first = await subscribe(url);
    const etag = first.headers.get("etag")!;
    const again = await subscribe(url, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");

    expect((await owner.api("PATCH", `/tasks/${task}`, { due_at: "2026-12-05T14:15:00.000Z" })).status).toBe(200);
    const moved = await subscribe(url, { "if-none-match": etag });
    expect(moved.status).toBe(200);
    expect(moved.headers.get("etag")).not.toBe(etag);
    expect(eventsOf(moved.text).get(uidOf(task))!.startDate.toJSDate().toISOString()).toBe("2026-12-05T14:15:00.000Z");

    // Losing its due date takes it out.
    expect((await owner.api("PATCH", `/tasks/${task}`, { due_at: null })).status).toBe(200);
    expect(eventsOf((await subscribe(url)).text).size).toBe(0);
  });

  it("regenerating stops the old URL at once, revoking stops every URL", async () => {
    const owner = await orgUser(t.app, db(), "cal-revoke");
    const first = await createFeed(owner);
    const second = await createFeed(owner);
    expect(second.url).not.toBe(first.url);
    expect((await subscribe(first.url)).status).toBe(404);
    expect((await subscribe(second.url)).status).toBe(200);
    // Without ".ics" too, as some apps trim it.
    expect((await subscribe(second.url.replace(/\.ics$/, ""))).status).toBe(200);

    expect((await call(t.app, "DELETE", FEED, { cookie: owner.cookie })).status).toBe(204);
    expect((await subscribe(second.url)).status).toBe(404);
    expect((await call(t.app, "DELETE", FEED, { cookie: owner.cookie })).status).toBe(204);
    expect((await call(t.app, "GET", FEED, { cookie: owner.cookie })).body).toMatchObject({ active: false });
  });

  it("records each change to the feed in the person's own audit entries, never the secret", async () => {
    const owner = await orgUser(t.app, db(), "cal-audit");
    const project = await projectOf(owner, "Audited");
    const first = await createFeed(owner);
    const second = await createFeed(owner);
    expect((await call(t.app, "PUT", `${FEED}/projects`, { cookie: owner.cookie, body: { project_ids: [project] } })).status).toBe(200);
    // Refused changes and a second revoke record nothing.
    expect((await call(t.app, "PUT", `${FEED}/projects`, { cookie: owner.cookie, body: { project_ids: ["00000000-0000-4000-8000-000000000000"] } })).status).toBe(404);
    expect((await call(t.app, "DELETE", FEED, { cookie: owner.cookie })).status).toBe(204);
    expect((await call(t.app, "DELETE", FEED, { cookie: owner.cookie })).status).toBe(204);

    const entries = await db().select().from(auditLog).where(eq(auditLog.actorUserId, owner.id)).orderBy(asc(auditLog.createdAt), asc(auditLog.id));
    const feedEntries = entries.filter((e) => e.action.startsWith("calendar_feed."));
    expect(feedEntries.map((e) => e.action)).toEqual(["calendar_feed.create", "calendar_feed.regenerate", "calendar_feed.projects_change", "calendar_feed.revoke"]);
    expect(feedEntries.every((e) => e.orgId === null && e.targetId === owner.id)).toBe(true);
    expect(feedEntries[2]!.details).toEqual({ project_ids: [project] });
    const secrets = [first.url, second.url].map((u) => u.split("/").pop()!.replace(".ics", ""));
    for (const secret of secrets) expect(JSON.stringify(feedEntries)).not.toContain(secret.slice(0, 20));
  });

  it("holds only organisations the user belongs to now: another's project is refused, a removed member's feed empties", async () => {
    const owner = await orgUser(t.app, db(), "cal-tenant-owner");
    const other = await orgUser(t.app, db(), "cal-tenant-other");
    const member = await signedInUser(t.app, db(), "cal-tenant-member");
    await db().insert(memberships).values({ orgId: owner.orgId, userId: member.id, role: "member" });
    const project = await projectOf(owner, "Shared");
    const foreign = await projectOf(other, "Foreign");
    const task = await createTaskVia(owner, project, "Member's job", { due_at: "2026-12-04T10:00:00.000Z", assignee_id: member.id });
    await createTaskVia(other, foreign, "Not yours", { due_at: "2026-12-04T10:00:00.000Z" });

    const { url } = await createFeed(member);
    const status = (await call(t.app, "GET", FEED, { cookie: member.cookie })).body as CalendarFeedStatus;
    expect(status.projects.map((p) => p.id)).toEqual([project]);
    expect((await call(t.app, "PUT", `${FEED}/projects`, { cookie: member.cookie, body: { project_ids: [foreign] } })).status).toBe(404);
    expect((await call(t.app, "PUT", `${FEED}/projects`, { cookie: member.cookie, body: { project_ids: [project] } })).status).toBe(200);
    expect([...eventsOf((await subscribe(url)).text).keys()]).toEqual([uidOf(task)]);

    await db().delete(memberships).where(and(eq(memberships.orgId, owner.orgId), eq(memberships.userId, member.id)));
    expect(eventsOf((await subscribe(url)).text).size).toBe(0);
    expect(((await call(t.app, "GET", FEED, { cookie: member.cookie })).body as CalendarFeedStatus).project_ids).toEqual([]);
  });

  it("never answers 500 to what a client can send", async () => {
    const owner = await orgUser(t.app, db(), "cal-input");
    for (const path of ["whq_cal_short", "x".repeat(150), "whq_cal_" + "A".repeat(43) + ".ics", "%E2%80%AE.ics", "..%2F..%2Fetc"]) {
      const res = await subscribe(`${TEST_ORIGIN}/api/v1/calendar-feeds/${path}`);
      expect(res.status, path).toBe(404);
    }
    expect((await call(t.app, "PUT", `${FEED}/projects`, { cookie: owner.cookie, body: { project_ids: [] } })).status).toBe(404);
    expect((await call(t.app, "PUT", `${FEED}/projects`, { cookie: owner.cookie, body: { project_ids: ["nope"] } })).status).toBe(400);
    expect((await call(t.app, "PUT", `${FEED}/projects`, { cookie: owner.cookie, body: { projects: [] } })).status).toBe(400);
    expect((await call(t.app, "GET", FEED)).status).toBe(401);
    expect((await call(t.app, "POST", FEED)).status).toBe(401);
  });
});
