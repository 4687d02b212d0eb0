import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devOutbox, memberships, notificationSettings, tasks, user } from "../../db/schema";
import { call } from "../../testing/http";
import { drainTaskEvents } from "../../testing/task-events";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { signedInUser } from "../../testing/users";
import { createPlaneVia, createProjectVia, createTaskVia, field, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { inboxDepsOf } from "../../workers";
import { sendDigest } from "./digest";
import { runTaskTick, taskTickDepsOf } from "./task-scheduler";

let t: TestApp;
let owner: OrgUser;
type Person = { id: string; cookie: string; email: string; api: OrgUser["api"] };
let ada: Person;
let bea: Person;
let projectId: string;
const db = () => t.services.database.db;

async function member(label: string): Promise<Person> {
  const m = await signedInUser(t.app, db(), label);
  await db().insert(memberships).values({ orgId: owner.orgId, userId: m.id, role: "member" });
  return { ...m, api: (method, path, body) => call(t.app, method, `${owner.base}${path}`, { cookie: m.cookie, body }) };
}
const inbox = async (p: { api: OrgUser["api"] }) => (await p.api("GET", "/notifications")).body as { notifications: { id: string; kind: string; task_title: string; actor_name: string; read: boolean }[]; unread: number };
const mailsTo = async (email: string) => db().select().from(devOutbox).where(eq(devOutbox.to, email)).orderBy(desc(devOutbox.createdAt));

beforeAll(async () => {
  t = await createTestApp({ LIMIT_WRITES_PER_MINUTE: "100000" });
  owner = await orgUser(t.app, db(), "inbox-owner");
  [ada, bea] = await Promise.all([member("inbox-ada"), member("inbox-bea")]);
  projectId = await createProjectVia(owner, await createPlaneVia(owner, "Inbox"), "Inbox");
});
afterAll(async () => t?.close());

describe("the inbox", () => {
  it("assigned, mentioned and commented reach the right people, never the actor; read and read all", async () => {
    const id = await createTaskVia(owner, projectId, "Ship it", { assignee_id: ada.id });
    await drainTaskEvents(t);
    expect((await inbox(ada)).notifications[0]).toMatchObject({ kind: "assigned", task_title: "Ship it", read: false });
    // Bea is mentioned; Ada (assignee) and the owner (author) hear of the comment; Bea writes nothing.
    await bea.api("POST", `/tasks/${id}/comments`, { body: "Hi @Ada", mentions: [ada.id] });
    await owner.api("POST", `/tasks/${id}/comments`, { body: "cc @Bea", mentions: [bea.id, "not-a-member"] });
    await drainTaskEvents(t);
    expect((await inbox(ada)).notifications.map((n) => n.kind)).toEqual(["commented", "mentioned", "assigned"]);
    expect((await inbox(bea)).notifications.map((n) => n.kind)).toEqual(["mentioned"]);
    expect((await inbox(owner)).notifications.map((n) => n.kind)).toEqual(["commented"]);
    // Read one, then all; the count follows.
    const first = (await inbox(ada)).notifications[0]!;
    expect(field<number>(await ada.api("POST", "/notifications/read", { ids: [first.id] }), "unread")).toBe(2);
    expect(field<number>(await ada.api("GET", "/notifications/unread"), "unread")).toBe(2);
    expect(field<number>(await ada.api("POST", "/notifications/read", { all: true }), "unread")).toBe(0);
    expect((await ada.api("POST", "/notifications/read", { ids: [] })).status).toBe(400);
    // Someone else's notification cannot be marked by me.
    const beaN = (await inbox(bea)).notifications[0]!;
    await ada.api("POST", "/notifications/read", { ids: [beaN.id] });
    expect((await inbox(bea)).unread).toBe(1);
  });

  it("mails at once with one-click unsubscribe (RFC 8058) that works", async () => {
    await createTaskVia(owner, projectId, "Mail me", { assignee_id: bea.id });
    await drainTaskEvents(t);
    const [mail] = await mailsTo(bea.email);
    expect(mail!.subject).toContain("Mail me");
    const url = /<(.+)>/.exec(mail!.headers!["List-Unsubscribe"]!)![1]!;
    expect(mail!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.text).toContain(url);
    const path = url.replace(/^https?:\/\/[^/]+/, "");
    // A link scanner's GET changes nothing; the mail client's POST turns task mail off.
    expect((await call(t.app, "GET", path)).status).toBe(200);
    expect((await db().select().from(notificationSettings).where(eq(notificationSettings.userId, bea.id)))[0]?.emailMode ?? "instant").toBe("instant");
    const oneClick = await t.app.request(`http://localhost:3999${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(oneClick.status).toBe(200);
    expect((await db().select().from(notificationSettings).where(eq(notificationSettings.userId, bea.id)))[0]!.emailMode).toBe("off");
    expect((await call(t.app, "GET", "/api/v1/me/task-email", { cookie: bea.cookie })).body).toMatchObject({ settings: { email_mode: "off" } });
    await createTaskVia(owner, projectId, "Not mailed", { assignee_id: bea.id });
    await drainTaskEvents(t);
    expect((await mailsTo(bea.email)).some((m) => m.subject.includes("Not mailed"))).toBe(false);
    expect((await inbox(bea)).notifications.some((n) => n.task_title === "Not mailed")).toBe(true);
    // A token that was not made here unsubscribes nobody.
    expect((await call(t.app, "POST", `/api/v1/unsubscribe?token=${"x".repeat(20)}.abc`)).status).toBe(404);
    expect((await call(t.app, "POST", "/api/v1/unsubscribe")).status).toBe(400);
  });

  it("a daily digest gathers what was not mailed, at the user's hour in their zone", async () => {
    const put = await call(t.app, "PUT", "/api/v1/me/task-email", { cookie: ada.cookie, body: { email_mode: "daily", digest_hour: 9, time_zone: "Europe/Berlin" } });
    expect(put.status).toBe(200);
    expect((await call(t.app, "PUT", "/api/v1/me/task-email", { cookie: ada.cookie, body: { digest_hour: 24 } })).status).toBe(400);
    expect((await call(t.app, "PUT", "/api/v1/me/task-email", { cookie: ada.cookie, body: { time_zone: "Mars/Olympus" } })).status).toBe(400);
    const [settings] = await db().select().from(notificationSettings).where(eq(notificationSettings.userId, ada.id));
    // 09:00 in Berlin is 07:00 or 08:00 UTC, whichever the season.
    expect([7, 8]).toContain(settings!.nextDigestAt!.getUTCHours());
    const before = (await mailsTo(ada.email)).length;
    await createTaskVia(owner, projectId, "Digest one", { assignee_id: ada.id });
    await createTaskVia(owner, projectId, "Digest two", { assignee_id: ada.id });
    await drainTaskEvents(t);
    expect((await mailsTo(ada.email)).length).toBe(before);
    expect(await sendDigest(inboxDepsOf(t.services), ada.id)).toBe(true);
    const [digest] = await mailsTo(ada.email);
    expect(digest!.text).toContain("Digest one");
    expect(digest!.text).toContain("Digest two");
    expect(digest!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(await sendDigest(inboxDepsOf(t.services), ada.id)).toBe(false);
  });

  it("the minute tick queues due reminders once and makes due repeats", async () => {
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    const id = await createTaskVia(owner, projectId, "Due soon", { assignee_id: bea.id, due_at: soon, reminder_minutes: 60 });
    await drainTaskEvents(t);
    const ticked = await runTaskTick(taskTickDepsOf(t.services));
    expect(ticked.reminders).toBeGreaterThanOrEqual(1);
    expect((await runTaskTick(taskTickDepsOf(t.services))).reminders).toBe(0);
    await drainTaskEvents(t);
    expect((await inbox(bea)).notifications.filter((n) => n.kind === "due_soon" && n.task_title === "Due soon")).toHaveLength(1);
    const past = await createTaskVia(owner, projectId, "Daily standup", { due_at: new Date(Date.now() - 3600_000).toISOString(), repeat: { rule: "FREQ=DAILY", tz: "Europe/Berlin" } });
    expect((await runTaskTick(taskTickDepsOf(t.services))).repeats).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(tasks).where(eq(tasks.id, past));
    expect(row!.nextTaskId).not.toBeNull();
    expect((await runTaskTick(taskTickDepsOf(t.services))).repeats).toBe(0);
    void id;
    void user;
  });
});
