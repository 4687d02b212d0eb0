import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChatAction } from "@/shared/chat";
import type { TelegramTestResult } from "@/shared/messaging";
import { memberships, messagingLinks, tasks } from "../../../db/schema";
import { sendChat } from "../../../testing/chat-sse";
import { drainQueue } from "../../../testing/drain-queue";
import { startGoogleStandIn, type GoogleStandIn } from "../../../testing/google-stand-in";
import { call } from "../../../testing/http";
import { startLlmStandIn, type LlmStandIn } from "../../../testing/llm-stand-ins";
import { startTelegramStandIn, type TelegramStandIn } from "../../../testing/telegram-stand-in";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { signedInUser } from "../../../testing/users";
import { createPlaneVia, createProjectVia, createTaskVia, orgUser, type OrgUser } from "../../../testing/work-fixtures";
import { GOOGLE_CALENDAR_QUEUE } from "../../google-calendar/sync-queue";
import { handleCalendarJob } from "../../google-calendar/sync-task";
import { requireMembership } from "../../organisations/require-membership";
import { runTool } from "./run-tool";

const TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";
const CLIENT_ID = "outreach.apps.googleusercontent.com";
let t: TestApp;
let llm: LlmStandIn;
let tg: TelegramStandIn;
let g: GoogleStandIn;
let owner: OrgUser;
let other: OrgUser;
let member: { id: string; cookie: string; email: string };
let unlinked: { id: string; cookie: string; email: string };
let projectId: string;
const db = () => t.services.database.db;

/** The model's next move, picked from the user's words: each scripted phrase calls one tool, then it sums up. */
const lastUserText = (body: { messages?: Record<string, unknown>[] }) => {
  const content = (body.messages ?? []).filter((m) => m.role === "user").at(-1)?.content;
  return typeof content === "string" ? content : JSON.stringify(content);
};
const hasToolResult = (body: { messages?: Record<string, unknown>[] }) => (body.messages ?? []).some((m) => m.role === "tool");
let nextCall: { name: string; arguments: Record<string, unknown> } | null = null;

async function ask(who: OrgUser, tool: { name: string; arguments: Record<string, unknown> }): Promise<ChatAction> {
  nextCall = tool;
  const reply = await sendChat(t.app, `${who.base}/chat/messages`, who.cookie, { message: `please do ${tool.name}`, agent_id: "llm" });
  return reply.data<ChatAction>("action")!;
}

beforeAll(async () => {
  llm = await startLlmStandIn((req) => {
    if (hasToolResult(req.body)) return { text: "Done." };
    lastUserText(req.body);
    return nextCall ? { toolCalls: [nextCall] } : { text: "Nothing to do." };
  });
  tg = await startTelegramStandIn();
  tg.addBot(TOKEN, "outreach_bot");
  g = await startGoogleStandIn({ clientId: CLIENT_ID });
  t = await createTestApp({ LIMIT_WRITES_PER_MINUTE: "100000", OPENAI_API_KEY: "sk-outreach", OPENAI_BASE_URL: llm.url, TELEGRAM_API_BASE: tg.url, GOOGLE_OAUTH_CLIENT_ID: CLIENT_ID, GOOGLE_OAUTH_AUTH_BASE: g.url, GOOGLE_OAUTH_TOKEN_URL: g.url, GOOGLE_CALENDAR_API_BASE: g.apiBase });
  owner = await orgUser(t.app, db(), "out-owner");
  other = await orgUser(t.app, db(), "out-other");
  const m = await signedInUser(t.app, db(), "out-member");
  const u = await signedInUser(t.app, db(), "out-unlinked");
  member = { ...m, email: (await db().query.user.findFirst({ where: (x, { eq: is }) => is(x.id, m.id) }))!.email };
  unlinked = { ...u, email: (await db().query.user.findFirst({ where: (x, { eq: is }) => is(x.id, u.id) }))!.email };
  await db().insert(memberships).values([
    { orgId: owner.orgId, userId: m.id, role: "member" },
    { orgId: owner.orgId, userId: u.id, role: "member" },
  ]);
  expect(((await owner.api("PUT", "/telegram", { bot_token: TOKEN })).body as TelegramTestResult).ok).toBe(true);
  // The member linked their chat (the linking itself is telegram.test.ts's).
  await db().insert(messagingLinks).values({ orgId: owner.orgId, userId: m.id, channel: "telegram", chatId: "7001" });
  // The other organisation's owner linked a chat in their own organisation.
  await db().insert(messagingLinks).values({ orgId: other.orgId, userId: other.id, channel: "telegram", chatId: "7002" });
  projectId = await createProjectVia(owner, await createPlaneVia(owner, "Outreach"), "Garden");
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
  await tg?.close();
  await g?.close();
});

describe("send_message_to_member", () => {
  it("the model sends a text to a linked member on their chat, naming who sent it", async () => {
    const action = await ask(owner, { name: "send_message_to_member", arguments: { person: member.email, text: "The greenhouse door is open" } });
    expect(action).toMatchObject({ tool: "send_message_to_member", state: "done" });
    const sent = tg.sent.filter((s) => s.chat_id === "7001");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("The greenhouse door is open");
    expect(sent[0]!.text).toMatch(/^Message from .+ \(via We Love HQ\):/);
  });

  it("says clearly when the member has no linked chat, and sends nothing", async () => {
    const before = tg.sent.length;
    const action = await ask(owner, { name: "send_message_to_member", arguments: { person: unlinked.email, text: "Hello" } });
    expect(action).toMatchObject({ state: "failed", detail: expect.stringContaining("has not linked a chat") });
    expect(tg.sent.length).toBe(before);
  });

  it("a member of another organisation cannot be messaged, and their chat hears nothing", async () => {
    const before = tg.sent.length;
    const action = await ask(owner, { name: "send_message_to_member", arguments: { person: (await db().query.user.findFirst({ where: (x, { eq: is }) => is(x.id, other.id) }))!.email, text: "Psst" } });
    expect(action).toMatchObject({ state: "failed", detail: expect.stringContaining("No member of this organisation matches") });
    expect(tg.sent.length).toBe(before);
    expect(tg.sent.some((s) => s.chat_id === "7002")).toBe(false);
  });

  it("stays within the organisation's agent budget: a used-up budget sends nothing", async () => {
    const ctx = { db: db(), scope: await requireMembership(db(), owner.id, owner.orgId), now: () => new Date(), queue: t.services.queue, tz: "UTC", env: { ...t.services.env, LIMIT_AGENT_RUNS_PER_MINUTE: 1 }, box: t.services.secrets };
    const before = tg.sent.length;
    // The send above was counted in this minute's window already, so a budget of one is used up.
    const outcome = await runTool(ctx, { name: "send_message_to_member", args: { person: member.email, text: "One more" } });
    expect(outcome.action).toMatchObject({ state: "failed", detail: expect.stringContaining("agent runs") });
    expect(tg.sent.length).toBe(before);
  });

  it("the n8n agent's path (agent-chat) has the same tools", async () => {
    nextCall = { name: "send_message_to_member", arguments: { person: member.email, text: "Via agent-chat" } };
    const res = await call(t.app, "POST", "/functions/v1/agent-chat", { cookie: owner.cookie, body: { message: "message the member", orgId: owner.orgId, agentId: "llm" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ response: { actions: [{ tool: "send_message_to_member", state: "done" }] } });
    expect(tg.sent.filter((s) => s.chat_id === "7001").at(-1)!.text).toContain("Via agent-chat");
    expect((llm.requests.at(-1)!.body.tools ?? []).map((x) => (x as { function?: { name: string } }).function?.name ?? (x as { name?: string }).name)).toEqual(expect.arrayContaining(["send_message_to_member", "create_calendar_event"]));
  });
});

describe("create_calendar_event", () => {
  async function drain() {
    const deps = { db: db(), env: t.services.env, box: t.services.secrets, now: t.services.clock.now, queue: t.services.queue, logger: t.services.logger };
    for (let i = 0; i < 5; i++) if ((await drainQueue(t, GOOGLE_CALENDAR_QUEUE, (data, id) => handleCalendarJob(deps, data, id))) === 0) break;
  }

  it("without Google Calendar it sets the due time and says the event is in the feed", async () => {
    const taskId = await createTaskVia(owner, projectId, "Order seeds");
    const action = await ask(owner, { name: "create_calendar_event", arguments: { task: "Order seeds", when: "2026-12-14T10:00:00+01:00" } });
    expect(action).toMatchObject({ tool: "create_calendar_event", state: "done" });
    const [row] = await db().select().from(tasks).where(eq(tasks.id, taskId));
    expect(row!.dueAt!.toISOString()).toBe("2026-12-14T09:00:00.000Z");
    expect(row!.assigneeId).toBe(owner.id);
    const last = JSON.stringify(llm.requests.at(-1)!.body.messages);
    expect(last).toContain("calendar feed");
  });

  it("with Google Calendar connected the sync puts the event in the owner's calendar", async () => {
    const start = await call(t.app, "GET", "/api/v1/me/google-calendar/connect", { cookie: owner.cookie });
    const consent = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    const done = await call(t.app, "GET", `${back.pathname}${back.search}`, { cookie: owner.cookie });
    expect(done.headers.get("location")).toContain("google_calendar=connected");
    await drain();
    const account = ((await call(t.app, "GET", "/api/v1/me/google-calendar", { cookie: owner.cookie })).body as { google_calendar: { calendar: string } }).google_calendar.calendar;
    await createTaskVia(owner, projectId, "Mulch beds");
    const action = await ask(owner, { name: "create_calendar_event", arguments: { task: "Mulch beds", when: "2026-12-15T08:30:00Z" } });
    expect(action.state).toBe("done");
    expect(JSON.stringify(llm.requests.at(-1)!.body.messages)).toContain("Google Calendar");
    await drain();
    expect(g.events(account).filter((e) => e.summary === "Mulch beds").map((e) => e.start.dateTime)).toEqual(["2026-12-15T08:30:00.000Z"]);
  });

  it("a task of another organisation cannot be scheduled", async () => {
    const theirs = await createTaskVia(other, await createProjectVia(other, await createPlaneVia(other, "Theirs"), "Their garden"), "Their task");
    const action = await ask(owner, { name: "create_calendar_event", arguments: { task: theirs, when: "2026-12-16T08:00:00Z" } });
    expect(action.state).toBe("failed");
    const [row] = await db().select().from(tasks).where(eq(tasks.id, theirs));
    expect(row!.dueAt).toBeNull();
  });
});
