import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TelegramStatus, TelegramTestResult } from "@/shared/messaging";
import { connections, memberships, messagingLinks, notificationSettings, tasks, user } from "../../db/schema";
import { drainQueue } from "../../testing/drain-queue";
import { call } from "../../testing/http";
import { drainTaskEvents } from "../../testing/task-events";
import { startTelegramStandIn, type TelegramStandIn } from "../../testing/telegram-stand-in";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { signedInUser } from "../../testing/users";
import { createPlaneVia, createProjectVia, createTaskVia, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { workersOf } from "../../workers";
import { MESSAGING_NOTIFY_QUEUE } from "../messaging/notify";
import { TELEGRAM_UPDATES_QUEUE } from "./telegram-worker";

let t: TestApp;
let tg: TelegramStandIn;
let owner: OrgUser;
let other: OrgUser;
let member: { id: string; cookie: string; api: OrgUser["api"] };
let projectId: string;
const TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";
const OTHER_TOKEN = "987654321:BBHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";
const db = () => t.services.database.db;

/** Runs the Telegram and chat-notice jobs waiting, through the real workers. */
async function drain(): Promise<void> {
  const workers = workersOf(t.services);
  for (const queue of [TELEGRAM_UPDATES_QUEUE, MESSAGING_NOTIFY_QUEUE]) {
    const worker = workers.find((w) => w.queue === queue)!;
    await drainQueue(t, queue, (data, id) => worker.handle({ id, data } as Parameters<typeof worker.handle>[0]));
  }
}

/** Posts an update to our webhook as Telegram does: no session, the secret header only. */
async function deliver(orgId: string, token: string, update: object, secret?: string | null) {
  const hook = tg.webhookOf(token);
  const given = secret === null ? undefined : (secret ?? hook?.secret_token);
  return post(`/api/v1/hooks/telegram/${orgId}`, update, given);
}
/** As Telegram's servers post: no Origin, no cookie. */
async function post(path: string, body: unknown, secret?: string) {
  const headers: Record<string, string> = { "content-type": "application/json", ...(secret ? { "x-telegram-bot-api-secret-token": secret } : {}) };
  const res = await t.app.request(`http://localhost:3999${path}`, { method: "POST", headers, body: JSON.stringify(body) }, { incoming: { socket: { remoteAddress: "149.154.167.1" } } });
  return { status: res.status, body: await res.json().catch(() => null) };
}
const say = async (orgId: string, token: string, chatId: string, text: string, lang = "en") => {
  const res = await deliver(orgId, token, tg.textUpdate(chatId, text, lang));
  expect(res.status).toBe(200);
  await drain();
  return tg.sent.filter((m) => m.chat_id === chatId).at(-1)?.text ?? "";
};

beforeAll(async () => {
  tg = await startTelegramStandIn();
  tg.addBot(TOKEN, "whq_test_bot");
  tg.addBot(OTHER_TOKEN, "other_org_bot");
  t = await createTestApp({ TELEGRAM_API_BASE: tg.url, LIMIT_WRITES_PER_MINUTE: "100000" });
  owner = await orgUser(t.app, db(), "tg-owner");
  other = await orgUser(t.app, db(), "tg-other");
  const m = await signedInUser(t.app, db(), "tg-member");
  await db().insert(memberships).values({ orgId: owner.orgId, userId: m.id, role: "member" });
  member = { ...m, api: (method, path, body) => call(t.app, method, `${owner.base}${path}`, { cookie: m.cookie, body }) };
  projectId = await createProjectVia(owner, await createPlaneVia(owner, "Telegram"), "Garden");
});
afterAll(async () => {
  await t?.close();
  await tg?.close();
});

describe("Telegram", () => {
  it("a bad token is refused by getMe (401) and the card says error, never connected", async () => {
    const res = await owner.api("PUT", "/telegram", { bot_token: "111111111:WrongWrongWrongWrongWrongWrong" });
    expect(res.status).toBe(200);
    const body = res.body as TelegramTestResult;
    expect(body.ok).toBe(false);
    expect(body.message).toContain("refused the bot token");
    expect(body.status).toMatchObject({ connected: false, last_error: expect.stringContaining("401") });
    expect((await owner.api("PUT", "/telegram", { bot_token: "not a token" })).status).toBe(400);
    // Only an owner connects.
    expect((await member.api("PUT", "/telegram", { bot_token: TOKEN })).status).toBe(403);
  });

  it("connecting calls getMe, registers our webhook with a secret, and shows the bot's name", async () => {
    const res = await owner.api("PUT", "/telegram", { bot_token: TOKEN });
    const body = res.body as TelegramTestResult;
    expect(body).toMatchObject({ ok: true, message: "Connected to @whq_test_bot", status: { connected: true, bot_username: "whq_test_bot", last_error: null } });
    expect(body.status.masked_token).not.toContain("AAHdq");
    const hook = tg.webhookOf(TOKEN)!;
    expect(hook.url).toBe(`http://localhost:3999/api/v1/hooks/telegram/${owner.orgId}`);
    expect(hook.secret_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The token is sealed at rest.
    const [row] = await db().select().from(connections).where(and(eq(connections.orgId, owner.orgId), eq(connections.provider, "telegram")));
    expect(JSON.stringify(row!.authJson)).not.toContain(TOKEN);
    expect(row!.status).toBe("connected");
    const test = (await owner.api("POST", "/telegram/test")).body as TelegramTestResult;
    expect(test.ok).toBe(true);
    // The other organisation connects its own bot.
    expect(((await other.api("PUT", "/telegram", { bot_token: OTHER_TOKEN })).body as TelegramTestResult).ok).toBe(true);
  });

  it("forged webhooks are refused, replays ignored, junk is a 400", async () => {
    const update = tg.textUpdate("555", "/today");
    expect((await deliver(owner.orgId, TOKEN, update, "forged-secret")).status).toBe(401);
    expect((await deliver(owner.orgId, TOKEN, update, null)).status).toBe(401);
    // Another organisation's secret does not open this one's webhook.
    expect((await deliver(owner.orgId, TOKEN, update, tg.webhookOf(OTHER_TOKEN)!.secret_token)).status).toBe(401);
    expect((await deliver(owner.orgId, TOKEN, { nope: true })).status).toBe(400);
    expect((await post("/api/v1/hooks/telegram/not-a-uuid", update, "x")).status).toBe(400);
    const before = tg.sent.length;
    expect((await deliver(owner.orgId, TOKEN, update)).status).toBe(200);
    expect((await deliver(owner.orgId, TOKEN, update)).status).toBe(200);
    await drain();
    // Answered once ("not linked"), however often Telegram delivered it.
    expect(tg.sent.length - before).toBe(1);
    expect(tg.sent.at(-1)).toMatchObject({ chat_id: "555", text: expect.stringContaining("not linked") });
    const status = ((await owner.api("GET", "/telegram")).body as { telegram: TelegramStatus }).telegram;
    expect(status.last_event_at).not.toBeNull();
  });

  it("a member links their chat with a one-time code; another organisation's code links nothing", async () => {
    const { code } = (await member.api("POST", "/telegram/link-code")).body as { code: string };
    const otherCode = ((await other.api("POST", "/telegram/link-code")).body as { code: string }).code;
    // The other organisation's code, sent to this organisation's bot, does not link.
    expect(await say(owner.orgId, TOKEN, "4242", `/start ${otherCode}`)).toContain("not valid");
    expect(await say(owner.orgId, TOKEN, "4242", `/start ${code}`)).toContain("Linked");
    // Used once: a second chat cannot reuse it.
    expect(await say(owner.orgId, TOKEN, "4343", `/start ${code}`)).toContain("not valid");
    const links = await db().select().from(messagingLinks).where(eq(messagingLinks.userId, member.id));
    expect(links).toMatchObject([{ orgId: owner.orgId, channel: "telegram", chatId: "4242" }]);
    expect(((await member.api("GET", "/telegram")).body as { telegram: TelegramStatus }).telegram.me_linked).toBe(true);
    // The same chat id in the other organisation is nobody there.
    expect(await say(other.orgId, OTHER_TOKEN, "4242", "/today")).toContain("not linked");
  });

  it("/task creates a task in the member's project, /today lists it, in the member's language", async () => {
    const reply = await say(owner.orgId, TOKEN, "4242", "/task Buy paint friday high");
    expect(reply).toContain("Buy paint");
    const [task] = await db().select().from(tasks).where(and(eq(tasks.orgId, owner.orgId), eq(tasks.title, "Buy paint")));
    expect(task).toMatchObject({ priority: "high", authorId: member.id, projectId });
    expect(task!.dueAt!.getUTCDay()).toBe(5);
    await createTaskVia(owner, projectId, "Water plants", { due_at: new Date(Date.now() + 60_000).toISOString(), assignee_id: member.id });
    await drainTaskEvents(t);
    await drain();
    expect(await say(owner.orgId, TOKEN, "4242", "/today")).toContain("Water plants");
    await db().update(user).set({ locale: "de" }).where(eq(user.id, member.id));
    expect(await say(owner.orgId, TOKEN, "4242", "/hilfe")).toContain("legt eine Aufgabe an");
    await db().update(user).set({ locale: "fr" }).where(eq(user.id, member.id));
    expect(await say(owner.orgId, TOKEN, "4242", "/help")).toContain("crée une tâche");
    await db().update(user).set({ locale: "en" }).where(eq(user.id, member.id));
  });

  it("/today is the member's own day, in the zone their settings keep, and the notice links the task page", async () => {
    // An instant that is today where the member lives but another day in UTC.
    const now = new Date();
    const east = now.getUTCHours() >= 11;
    const zone = east ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const due = new Date(east ? midnight + 25 * 3_600_000 : midnight - 3_600_000);
    await createTaskVia(owner, projectId, "Ring the far office", { due_at: due.toISOString(), assignee_id: member.id });
    await drainTaskEvents(t);
    await drain();
    expect(tg.sent.at(-1)?.text).toMatch(new RegExp(`/app/tasks/[0-9a-f-]{36}$`));
    expect(await say(owner.orgId, TOKEN, "4242", "/today")).not.toContain("Ring the far office");
    await db().insert(notificationSettings).values({ userId: member.id, timeZone: zone }).onConflictDoUpdate({ target: notificationSettings.userId, set: { timeZone: zone } });
    expect(await say(owner.orgId, TOKEN, "4242", "/today")).toContain("Ring the far office");
  });

  it("an assignment reaches the linked chat through the queue; a blocked chat is the card's last error", async () => {
    await createTaskVia(owner, projectId, "Paint fence", { assignee_id: member.id });
    await drainTaskEvents(t);
    await drain();
    expect(tg.sent.at(-1)).toMatchObject({ token: TOKEN, chat_id: "4242", text: expect.stringContaining('assigned you "Paint fence"') });
    tg.blockChat("4242");
    await createTaskVia(owner, projectId, "Paint shed", { assignee_id: member.id });
    await drainTaskEvents(t);
    await drain();
    const status = ((await owner.api("GET", "/telegram")).body as { telegram: TelegramStatus }).telegram;
    expect(status.last_error).toContain("blocked by the user");
  });

  it("two owners connecting two bots at once leave one bot, connected, and no webhook of ours on the other", async () => {
    const slow = "555000111:SLOWdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";
    const fast = "555000222:FASTdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";
    tg.addBot(slow, "slow_bot");
    tg.addBot(fast, "fast_bot");
    tg.delayGetMe(slow, 400);
    const racer = await orgUser(t.app, db(), "tg-race");
    const first = racer.api("PUT", "/telegram", { bot_token: slow });
    await new Promise((r) => setTimeout(r, 100));
    const second = await racer.api("PUT", "/telegram", { bot_token: fast });
    expect(second.status).toBe(200);
    expect((await first).status).toBe(200);
    const status = ((await racer.api("GET", "/telegram")).body as { telegram: TelegramStatus }).telegram;
    expect(status).toMatchObject({ connected: true, bot_username: "fast_bot" });
    expect(tg.webhookOf(slow)).toBeUndefined();
    expect(tg.webhookOf(fast)?.url).toContain(racer.orgId);
    // The bot kept is the one the webhook secret belongs to: its updates are taken.
    expect((await deliver(racer.orgId, fast, tg.textUpdate("9090", "/help"))).status).toBe(200);
  });

  it("the other organisation's owner cannot read or touch this organisation's Telegram", async () => {
    for (const [method, path] of [["GET", "/telegram"], ["POST", "/telegram/test"], ["DELETE", "/telegram"], ["POST", "/telegram/link-code"]] as const) {
      expect((await call(t.app, method, `${owner.base}${path}`, { cookie: other.cookie })).status).toBe(404);
    }
  });

  it("disconnecting calls deleteWebhook and unlinks everyone; old webhook calls are refused", async () => {
    const secret = tg.webhookOf(TOKEN)!.secret_token;
    const status = ((await owner.api("DELETE", "/telegram")).body as { telegram: TelegramStatus }).telegram;
    expect(status).toMatchObject({ connected: false, linked_members: 0, masked_token: null });
    expect(tg.webhookOf(TOKEN)).toBeUndefined();
    expect(await db().select().from(messagingLinks).where(eq(messagingLinks.orgId, owner.orgId))).toEqual([]);
    expect((await deliver(owner.orgId, TOKEN, tg.textUpdate("4242", "/today"), secret)).status).toBe(401);
    expect((await member.api("POST", "/telegram/link-code")).status).toBe(409);
  });
});
