import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TelegramStatus, WhatsappStatus } from "@/shared/messaging";
import { memberships, messagingLinks, queueJobs } from "../../db/schema";
import { drainTaskEvents } from "../../testing/task-events";
import { startTelegramStandIn, type TelegramStandIn } from "../../testing/telegram-stand-in";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { signedInUser } from "../../testing/users";
import { startWhatsappStandIn, type WhatsappStandIn } from "../../testing/whatsapp-stand-in";
import { createPlaneVia, createProjectVia, createTaskVia, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { workersOf } from "../../workers";
import { NOTICE_BACKOFF, NOTICE_MAX_ATTEMPTS, noticeRetryDelayMs } from "./notice-retry";
import { MESSAGING_NOTIFY_QUEUE, queueChatNotice } from "./notify";

// A member with Telegram and WhatsApp linked; the stand-ins fail the next sends as the services do.
let t: TestApp;
let tg: TelegramStandIn;
let wa: WhatsappStandIn;
let owner: OrgUser;
let projectId: string;
const TOKEN = "555000111:RETRYqTcvCH1vGWJxfSeofSAs0K5PALDsaw";
const NUMBER = { id: "306540352242922", token: "EAAGm0PX4ZCpsBAWhatsappRetryToken0003", appSecret: "0a1b2c3d4e5f60718293a4b5c6d7e8f9", display: "+1 555-0199" };
const db = () => t.services.database.db;
const worker = () => workersOf(t.services).find((w) => w.queue === MESSAGING_NOTIFY_QUEUE)!;
const handle = (data: unknown, id: string) => worker().handle({ id, data, attempt: 1, signal: new AbortController().signal });

type Member = { id: string; chat: string; waId: string };
let chats = 0;
/**
 * A new member of the owner's organisation with a chat on each channel. The links are seeded (the
 * linking itself is telegram.test.ts's and whatsapp.test.ts's); the WhatsApp one wrote just now, so
 * notices go as text inside the 24-hour window.
 */
async function newMember(label: string): Promise<Member> {
  const m = await signedInUser(t.app, db(), label);
  await db().insert(memberships).values({ orgId: owner.orgId, userId: m.id, role: "member" });
  const n = ++chats;
  const member = { id: m.id, chat: String(61_000 + n), waId: `49151000000${String(n).padStart(2, "0")}` };
  await db().insert(messagingLinks).values([
    { orgId: owner.orgId, userId: m.id, channel: "telegram", chatId: member.chat },
    { orgId: owner.orgId, userId: m.id, channel: "whatsapp", chatId: member.waId, lastInboundAt: new Date() },
  ]);
  return member;
}

/** Assigns a task to the member: its notice is queued, not yet run. Answers the task's id. */
async function assign(member: Member, title: string): Promise<string> {
  const id = await createTaskVia(owner, projectId, title, { assignee_id: member.id });
  await drainTaskEvents(t);
  return id;
}
/**
 * One round of the notice queue through the real worker, whatever each job's run_after (as if that
 * time had passed). Each job is held active while it runs and deleted after, as the runner does: a
 * retry queued by a running retry must not meet its own job's singleton key.
 */
async function round(): Promise<number> {
  const taken = await db().update(queueJobs).set({ state: "active" }).where(and(eq(queueJobs.queue, MESSAGING_NOTIFY_QUEUE), eq(queueJobs.state, "queued"))).returning();
  for (const job of taken.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    await handle(job.data, job.id);
    await db().delete(queueJobs).where(eq(queueJobs.id, job.id));
  }
  return taken.length;
}
const onTelegram = (member: Member, title: string) => tg.sent.filter((m) => m.chat_id === member.chat && m.text.includes(title)).length;
const onWhatsapp = (member: Member, title: string) => wa.sent.filter((m) => m.to === member.waId && m.type === "text" && m.text.includes(title)).length;
const waiting = () => db().select().from(queueJobs).where(and(eq(queueJobs.queue, MESSAGING_NOTIFY_QUEUE), eq(queueJobs.state, "queued")));
const telegramCard = async () => ((await owner.api("GET", "/telegram")).body as { telegram: TelegramStatus }).telegram;
const whatsappCard = async () => ((await owner.api("GET", "/whatsapp")).body as { whatsapp: WhatsappStatus }).whatsapp;

beforeAll(async () => {
  tg = await startTelegramStandIn();
  tg.addBot(TOKEN, "retry_bot");
  wa = await startWhatsappStandIn();
  wa.addNumber(NUMBER.id, NUMBER);
  t = await createTestApp({ TELEGRAM_API_BASE: tg.url, WHATSAPP_API_BASE: wa.url, LIMIT_WRITES_PER_MINUTE: "100000" });
  owner = await orgUser(t.app, db(), "retry-owner");
  expect((await owner.api("PUT", "/telegram", { bot_token: TOKEN })).status).toBe(200);
  expect((await owner.api("PUT", "/whatsapp", { phone_number_id: NUMBER.id, access_token: NUMBER.token, app_secret: NUMBER.appSecret, template_name: null })).status).toBe(200);
  projectId = await createProjectVia(owner, await createPlaneVia(owner, "Retries"), "Retries");
});
afterAll(async () => {
  await t?.close();
  await tg?.close();
  await wa?.close();
});

describe("chat notices tried again", () => {
  it("the wait: Telegram's retry_after when it gives one, else backoff doubling from 15-30 s up to 30 min", () => {
    expect(noticeRetryDelayMs(1, { retryAfterMs: 7_000 }, () => 1)).toBe(7_000);
    expect(noticeRetryDelayMs(4, { retryAfterMs: 2_000 }, () => 1)).toBe(2_000);
    expect(noticeRetryDelayMs(1, {}, () => 1)).toBe(NOTICE_BACKOFF.baseMs);
    expect(noticeRetryDelayMs(1, {}, () => 0)).toBe(NOTICE_BACKOFF.baseMs / 2);
    expect(noticeRetryDelayMs(3, {}, () => 1)).toBe(4 * NOTICE_BACKOFF.baseMs);
    expect(noticeRetryDelayMs(20, {}, () => 1)).toBe(NOTICE_BACKOFF.capMs);
    // A wait of hours would bring a stale notice: an hour at most.
    expect(noticeRetryDelayMs(1, { retryAfterMs: 5 * 3_600_000 })).toBe(3_600_000);
  });

  it("Telegram fails once with a 500: tried again on Telegram alone and delivered once; WhatsApp, which took it at once, has exactly one", async () => {
    const m = await newMember("retry-once");
    await assign(m, "Mend the gate");
    tg.failNextSends(1, { status: 500 });
    expect(await round()).toBe(1);
    expect([onTelegram(m, "Mend the gate"), onWhatsapp(m, "Mend the gate")]).toEqual([0, 1]);
    const [retry] = await waiting();
    expect(retry?.data).toMatchObject({ user_id: m.id, retry: { channel: "telegram", attempt: 2 } });
    // Trying again soon is no error to show the owner.
    expect((await telegramCard()).last_error).toBeNull();
    expect(await round()).toBe(1);
    expect([onTelegram(m, "Mend the gate"), onWhatsapp(m, "Mend the gate")]).toEqual([1, 1]);
    expect(await waiting()).toEqual([]);
  });

  it("no answer at all (the connection dropped) is tried again too, on WhatsApp as on Telegram", async () => {
    const m = await newMember("retry-drop");
    await assign(m, "Oil the hinges");
    tg.failNextSends(1, { dropConnection: true });
    wa.failNextSends(1, { dropConnection: true });
    await round();
    expect((await waiting()).map((j) => (j.data as { retry: { channel: string } }).retry.channel).sort()).toEqual(["telegram", "whatsapp"]);
    await round();
    expect([onTelegram(m, "Oil the hinges"), onWhatsapp(m, "Oil the hinges")]).toEqual([1, 1]);
  });

  it("a 429 waits the retry_after Telegram gives; WhatsApp's rate limit (a 400 with code 130429) is tried again too", async () => {
    const m = await newMember("retry-429");
    await assign(m, "Sweep the yard");
    tg.failNextSends(1, { status: 429, retryAfter: 7 });
    wa.failNextSends(1, { status: 400, code: 130429, message: "(#130429) Rate limit hit" });
    const before = t.services.clock.now().getTime();
    await round();
    const after = t.services.clock.now().getTime();
    const jobs = await waiting();
    const telegram = jobs.find((j) => (j.data as { retry: { channel: string } }).retry.channel === "telegram")!;
    expect(telegram.runAfter.getTime()).toBeGreaterThanOrEqual(before + 7_000);
    expect(telegram.runAfter.getTime()).toBeLessThanOrEqual(after + 7_000);
    const whatsapp = jobs.find((j) => (j.data as { retry: { channel: string } }).retry.channel === "whatsapp")!;
    expect(whatsapp.runAfter.getTime()).toBeGreaterThanOrEqual(before + NOTICE_BACKOFF.baseMs / 2);
    expect(whatsapp.runAfter.getTime()).toBeLessThanOrEqual(after + NOTICE_BACKOFF.baseMs);
    await round();
    expect([onTelegram(m, "Sweep the yard"), onWhatsapp(m, "Sweep the yard")]).toEqual([1, 1]);
  });

  it("a refusal for good (Telegram's 403, WhatsApp's 400) is not tried again and is the card's last error", async () => {
    const m = await newMember("retry-403");
    await assign(m, "Fix the roof");
    tg.failNextSends(1, { status: 403, description: "Forbidden: bot was blocked by the user" });
    wa.failNextSends(1, { status: 400, code: 131026, message: "Message undeliverable" });
    await round();
    expect(await waiting()).toEqual([]);
    expect((await telegramCard()).last_error).toContain("bot was blocked by the user");
    expect((await whatsappCard()).last_error).toContain("code 131026");
    expect([onTelegram(m, "Fix the roof"), onWhatsapp(m, "Fix the roof")]).toEqual([0, 0]);
  });

  it(`after ${NOTICE_MAX_ATTEMPTS} tries it gives up, and the last refusal is the card's last error`, async () => {
    const m = await newMember("retry-exhausted");
    await assign(m, "Paint the barn");
    tg.failNextSends(NOTICE_MAX_ATTEMPTS, { status: 502, description: "Bad Gateway: the retries ran out" });
    let rounds = 0;
    while ((await round()) > 0) {
      rounds++;
      if (rounds < NOTICE_MAX_ATTEMPTS) expect((await telegramCard()).last_error ?? "").not.toContain("the retries ran out");
    }
    expect(rounds).toBe(NOTICE_MAX_ATTEMPTS);
    expect((await telegramCard()).last_error).toContain("Bad Gateway: the retries ran out");
    expect([onTelegram(m, "Paint the barn"), onWhatsapp(m, "Paint the barn")]).toEqual([0, 1]);
  });

  it("a notice job or a retry job delivered twice (one after the other, or at once) sends once per channel", async () => {
    const m = await newMember("retry-twice");
    await assign(m, "Stack the wood");
    const [first] = await waiting();
    tg.failNextSends(1, { status: 503, description: "Service Unavailable" });
    // The first job runs twice: WhatsApp takes it once; Telegram failed once and is queued once.
    await Promise.all([handle(first!.data, first!.id), handle(first!.data, first!.id)]);
    await handle(first!.data, first!.id);
    await db().delete(queueJobs).where(eq(queueJobs.id, first!.id));
    expect(onWhatsapp(m, "Stack the wood")).toBe(1);
    const retries = await waiting();
    expect(retries).toHaveLength(1);
    const [retry] = retries;
    await Promise.all([handle(retry!.data, retry!.id), handle(retry!.data, retry!.id)]);
    await handle(retry!.data, retry!.id);
    expect([onTelegram(m, "Stack the wood"), onWhatsapp(m, "Stack the wood")]).toEqual([1, 1]);
    await db().delete(queueJobs).where(eq(queueJobs.id, retry!.id));
    expect(await waiting()).toEqual([]);
  });

  it("the same notice queued again after it went (its event redelivered) is not sent again", async () => {
    const m = await newMember("retry-requeued");
    const taskId = await assign(m, "Rake the leaves");
    const [first] = await waiting();
    await round();
    expect([onTelegram(m, "Rake the leaves"), onWhatsapp(m, "Rake the leaves")]).toEqual([1, 1]);
    const notice = first!.data as { notice_id: string };
    expect(notice.notice_id).toBeTruthy();
    await queueChatNotice(db(), t.services.queue, { kind: "assigned", org_id: owner.orgId, user_id: m.id, task_id: taskId, actor_id: owner.id }, notice.notice_id);
    expect(await round()).toBe(1);
    expect([onTelegram(m, "Rake the leaves"), onWhatsapp(m, "Rake the leaves")]).toEqual([1, 1]);
  });

  it("a member removed from the organisation before the retry hears nothing more", async () => {
    const m = await newMember("retry-removed");
    await assign(m, "Clean the gutters");
    tg.failNextSends(1, { status: 500 });
    await round();
    expect(await waiting()).toHaveLength(1);
    expect((await owner.api("DELETE", `/members/${m.id}`)).status).toBe(204);
    expect(await round()).toBe(1);
    expect(onTelegram(m, "Clean the gutters")).toBe(0);
    expect(await waiting()).toEqual([]);
  });

  it("a task deleted before the retry: nothing is sent", async () => {
    const m = await newMember("retry-deleted");
    const taskId = await assign(m, "Prune the hedge");
    tg.failNextSends(1, { status: 500 });
    await round();
    expect(await waiting()).toHaveLength(1);
    expect((await owner.api("DELETE", `/tasks/${taskId}`)).status).toBe(200);
    expect(await round()).toBe(1);
    expect(onTelegram(m, "Prune the hedge")).toBe(0);
    expect(await waiting()).toEqual([]);
  });
});
