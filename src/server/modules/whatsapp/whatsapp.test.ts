import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WhatsappStatus, WhatsappTestResult } from "@/shared/messaging";
import { connections, memberships, messagingLinks, tasks } from "../../db/schema";
import { drainQueue } from "../../testing/drain-queue";
import { call } from "../../testing/http";
import { drainTaskEvents } from "../../testing/task-events";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { signedInUser } from "../../testing/users";
import { startWhatsappStandIn, type WhatsappStandIn } from "../../testing/whatsapp-stand-in";
import { createPlaneVia, createProjectVia, createTaskVia, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { workersOf } from "../../workers";
import { MESSAGING_NOTIFY_QUEUE } from "../messaging/notify";
import { WHATSAPP_UPDATES_QUEUE } from "./whatsapp-worker";

let t: TestApp;
let wa: WhatsappStandIn;
let owner: OrgUser;
let other: OrgUser;
let member: { id: string; cookie: string; api: OrgUser["api"] };
let projectId: string;
const NUMBER = { id: "106540352242922", token: "EAAGm0PX4ZCpsBAWhatsappOwnerToken0001", appSecret: "a1b2c3d4e5f60718293a4b5c6d7e8f90", display: "+1 555-0100" };
const OTHER = { id: "206540352242922", token: "EAAGm0PX4ZCpsBAWhatsappOtherToken0002", appSecret: "f0e9d8c7b6a50413928170a1b2c3d4e5", display: "+44 7700 900100" };
/** Two more numbers for the races between connects. */
const SLOW = { id: "306540352242922", token: "EAAGm0PX4ZCpsBAWhatsappSlowToken0003", appSecret: "3a4b5c6d7e8f90a1b2c3d4e5f6071829", display: "+1 555-0133" };
const FAST = { id: "406540352242922", token: "EAAGm0PX4ZCpsBAWhatsappFastToken0004", appSecret: "4b5c6d7e8f90a1b2c3d4e5f60718293a", display: "+1 555-0144" };
const MEMBER_WA = "4915112345678";
const db = () => t.services.database.db;
const hook = (orgId: string) => `http://localhost:3999/api/v1/hooks/whatsapp/${orgId}`;

/** Runs the WhatsApp and chat-notice jobs waiting, through the real workers. */
async function drain(): Promise<void> {
  const workers = workersOf(t.services);
  for (const queue of [WHATSAPP_UPDATES_QUEUE, MESSAGING_NOTIFY_QUEUE]) {
    const worker = workers.find((w) => w.queue === queue)!;
    await drainQueue(t, queue, (data, id) => worker.handle({ id, data } as Parameters<typeof worker.handle>[0]));
  }
}

/** Posts a delivery to our webhook as Meta does: no session, signed with `appSecret` (null: unsigned). */
async function post(orgId: string, payload: object, sign: { appSecret?: string; signature?: string | null } = {}) {
  const body = JSON.stringify(payload);
  const { createHmac } = await import("node:crypto");
  const signature = sign.signature !== undefined ? sign.signature : `sha256=${createHmac("sha256", sign.appSecret ?? NUMBER.appSecret).update(body).digest("hex")}`;
  const headers: Record<string, string> = { "content-type": "application/json", ...(signature ? { "x-hub-signature-256": signature } : {}) };
  const res = await t.app.request(hook(orgId), { method: "POST", headers, body }, { incoming: { socket: { remoteAddress: "173.252.88.1" } } });
  return { status: res.status, body: await res.json().catch(() => null) };
}
const lastTo = (waId: string) => wa.sent.filter((m) => m.to === waId).at(-1);
const say = async (waId: string, text: string, orgId = owner.orgId, number = NUMBER) => {
  const res = await post(orgId, wa.textDelivery(number.id, waId, text).payload, { appSecret: number.appSecret });
  expect(res.status).toBe(200);
  await drain();
  const last = lastTo(waId);
  return last?.type === "text" ? last.text : "";
};
const status = async (api = owner.api) => ((await api("GET", "/whatsapp")).body as { whatsapp: WhatsappStatus }).whatsapp;
const connect = (api: OrgUser["api"], n: typeof NUMBER, template: string | null = "task_notice") => api("PUT", "/whatsapp", { phone_number_id: n.id, access_token: n.token, app_secret: n.appSecret, template_name: template });
const assign = async (title: string) => {
  await createTaskVia(owner, projectId, title, { assignee_id: member.id });
  await drainTaskEvents(t);
  await drain();
};

beforeAll(async () => {
  wa = await startWhatsappStandIn();
  wa.addNumber(NUMBER.id, NUMBER);
  wa.addNumber(OTHER.id, OTHER);
  for (const n of [SLOW, FAST]) wa.addNumber(n.id, n);
  t = await createTestApp({ WHATSAPP_API_BASE: wa.url, LIMIT_WRITES_PER_MINUTE: "100000" });
  owner = await orgUser(t.app, db(), "wa-owner");
  other = await orgUser(t.app, db(), "wa-other");
  const m = await signedInUser(t.app, db(), "wa-member");
  await db().insert(memberships).values({ orgId: owner.orgId, userId: m.id, role: "member" });
  member = { ...m, api: (method, path, body) => call(t.app, method, `${owner.base}${path}`, { cookie: m.cookie, body }) };
  projectId = await createProjectVia(owner, await createPlaneVia(owner, "WhatsApp"), "Garden");
});
afterAll(async () => {
  await t?.close();
  await wa?.close();
});

describe("WhatsApp", () => {
  it("a wrong token or app secret is refused by the Graph API and the card says error, never connected", async () => {
    const wrongToken = (await connect(owner.api, { ...NUMBER, token: "EAAGm0PX4ZCpsBAWrongWrongWrongWrong" })).body as WhatsappTestResult;
    expect(wrongToken).toMatchObject({ ok: false, status: { connected: false, last_error: expect.stringContaining("code 190") } });
    expect(wrongToken.message).toContain("refused the access token");
    const wrongSecret = (await connect(owner.api, { ...NUMBER, appSecret: "00000000000000000000000000000000" })).body as WhatsappTestResult;
    expect(wrongSecret).toMatchObject({ ok: false, message: expect.stringContaining("appsecret_proof") });
    expect((await owner.api("PUT", "/whatsapp", { phone_number_id: "abc", access_token: "x", app_secret: "y" })).status).toBe(400);
    // Only an owner connects.
    expect((await connect(member.api, NUMBER)).status).toBe(403);
  });

  it("connecting reads the number through the Graph API; the card shows it, the webhook and (to owners) the verify token", async () => {
    const body = (await connect(owner.api, NUMBER)).body as WhatsappTestResult;
    expect(body).toMatchObject({ ok: true, message: "Connected to +1 555-0100 (Test Business)", status: { connected: true, phone_number: "+1 555-0100", template_name: "task_notice", last_error: null, webhook_url: hook(owner.orgId) } });
    expect(body.status.verify_token).toMatch(/^[A-Za-z0-9_-]{30,}$/);
    expect(body.status.masked_token).not.toContain("Whatsapp");
    expect((await status(member.api)).verify_token).toBeNull();
    const [row] = await db().select().from(connections).where(and(eq(connections.orgId, owner.orgId), eq(connections.provider, "whatsapp")));
    const stored = JSON.stringify(row!.authJson);
    for (const secret of [NUMBER.token, NUMBER.appSecret, body.status.verify_token!]) expect(stored).not.toContain(secret);
    expect(((await owner.api("POST", "/whatsapp/test")).body as WhatsappTestResult).ok).toBe(true);
    // Saving again keeps the verify token Meta already has.
    expect(((await connect(owner.api, NUMBER)).body as WhatsappTestResult).status.verify_token).toBe(body.status.verify_token);
    expect(((await connect(other.api, OTHER)).body as WhatsappTestResult).ok).toBe(true);
  });

  it("answers Meta's verification only with the organisation's verify token", async () => {
    const mine = (await status()).verify_token!;
    const theirs = (await status(other.api)).verify_token!;
    const verify = async (token: string, mode = "subscribe") => {
      const res = await t.app.request(`${hook(owner.orgId)}?${new URLSearchParams({ "hub.mode": mode, "hub.verify_token": token, "hub.challenge": "1158201444" }).toString()}`);
      return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
    };
    expect(await verify(mine)).toEqual({ status: 200, type: expect.stringContaining("text/plain"), text: "1158201444" });
    expect((await verify("wrong")).status).toBe(403);
    expect((await verify(theirs)).status).toBe(403);
    expect((await verify(mine, "unsubscribe")).status).toBe(403);
    expect((await t.app.request(hook(owner.orgId))).status).toBe(403);
  });

  it("forged or unsigned deliveries are 401, another organisation's secret too; a replayed message id is answered once", async () => {
    const { payload, id } = wa.textDelivery(NUMBER.id, "555000111", "/today");
    expect((await post(owner.orgId, payload, { signature: "sha256=" + "0".repeat(64) })).status).toBe(401);
    expect((await post(owner.orgId, payload, { signature: null })).status).toBe(401);
    expect((await post(owner.orgId, payload, { appSecret: OTHER.appSecret })).status).toBe(401);
    expect((await post(owner.orgId, { nope: true })).status).toBe(400);
    expect((await post(owner.orgId, payload, { signature: "x" })).status).toBe(401);
    expect((await t.app.request("http://localhost:3999/api/v1/hooks/whatsapp/not-a-uuid", { method: "POST", body: "{}" })).status).toBe(400);
    const before = wa.sent.length;
    expect((await post(owner.orgId, payload)).status).toBe(200);
    expect((await post(owner.orgId, wa.textDelivery(NUMBER.id, "555000111", "/today", { id }).payload)).status).toBe(200);
    await drain();
    expect(wa.sent.length - before).toBe(1);
    expect(lastTo("555000111")).toMatchObject({ type: "text", phone_number_id: NUMBER.id, text: expect.stringContaining("send link CODE") });
    // Signed right but for another organisation's number: nothing is answered from ours.
    expect((await post(owner.orgId, wa.textDelivery(OTHER.id, "555000222", "/today").payload)).status).toBe(200);
    await drain();
    expect(lastTo("555000222")).toBeUndefined();
    expect((await status()).last_event_at).not.toBeNull();
  });

  it("a member links their number with a one-time code; another organisation's code links nothing", async () => {
    const { code, link } = (await member.api("POST", "/whatsapp/link-code")).body as { code: string; link: string };
    expect(link).toBe(`https://wa.me/15550100?text=link%20${code}`);
    const otherCode = ((await other.api("POST", "/whatsapp/link-code")).body as { code: string }).code;
    expect(await say(MEMBER_WA, `link ${otherCode}`)).toContain("not valid");
    expect(await say(MEMBER_WA, `link ${code}`)).toContain("Linked");
    expect(await say("4930000000", `/start ${code}`)).toContain("not valid");
    const links = await db().select().from(messagingLinks).where(eq(messagingLinks.userId, member.id));
    expect(links).toMatchObject([{ orgId: owner.orgId, channel: "whatsapp", chatId: MEMBER_WA, lastInboundAt: expect.any(Date) }]);
    expect(await status(member.api)).toMatchObject({ me_linked: true, linked_members: 1 });
    // The same number writing to the other organisation's number is nobody there.
    expect(await say(MEMBER_WA, "/today", other.orgId, OTHER)).toContain("not linked");
  });

  it("/task creates a task as the member and answers in the chat", async () => {
    expect(await say(MEMBER_WA, "/task Buy paint friday high")).toContain("Buy paint");
    const [task] = await db().select().from(tasks).where(and(eq(tasks.orgId, owner.orgId), eq(tasks.title, "Buy paint")));
    expect(task).toMatchObject({ priority: "high", authorId: member.id, projectId });
  });

  it("a notice inside the 24-hour window is text; outside it is the owner's template; without one it is the card's last error", async () => {
    await assign("Paint fence");
    expect(lastTo(MEMBER_WA)).toMatchObject({ type: "text", text: expect.stringContaining('assigned you "Paint fence"') });

    await db().update(messagingLinks).set({ lastInboundAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(messagingLinks.chatId, MEMBER_WA));
    await assign("Paint shed");
    const template = lastTo(MEMBER_WA);
    expect(template).toMatchObject({ type: "template", name: "task_notice", language: "en" });
    expect(template?.type === "template" && template.parameters[0]).toMatch(/assigned you "Paint shed"\. · Open: http/);

    // WhatsApp says the window closed although we saw a message lately: the template goes instead.
    await db().update(messagingLinks).set({ lastInboundAt: new Date() }).where(eq(messagingLinks.chatId, MEMBER_WA));
    wa.closeWindow(MEMBER_WA);
    await assign("Paint gate");
    expect(lastTo(MEMBER_WA)).toMatchObject({ type: "template", parameters: [expect.stringContaining("Paint gate")] });

    await connect(owner.api, NUMBER, null);
    await db().update(messagingLinks).set({ lastInboundAt: null }).where(eq(messagingLinks.chatId, MEMBER_WA));
    const before = wa.sent.length;
    await assign("Paint door");
    expect(wa.sent.length).toBe(before);
    expect((await status()).last_error).toContain("no approved template is set");
  });

  it("a failed delivery Meta reports is the card's last error", async () => {
    expect((await post(owner.orgId, wa.failedStatus(NUMBER.id, MEMBER_WA, { code: 131026, title: "Message undeliverable", details: "Receiver is incapable of receiving this message" }))).status).toBe(200);
    expect((await status()).last_error).toBe("WhatsApp could not deliver a message: Message undeliverable: Receiver is incapable of receiving this message (code 131026)");
  });

  it("two owners connecting two numbers at once leave one number, connected with its own name: the replaced connect writes nothing", async () => {
    const [slow, fast] = [SLOW, FAST];
    const racer = await orgUser(t.app, db(), "wa-race");
    // The first connect's read is held at the Graph API until the second connect has finished.
    const held = wa.holdRead(slow.id);
    const first = connect(racer.api, slow);
    await held.arrived;
    const second = (await connect(racer.api, fast)).body as WhatsappTestResult;
    expect(second).toMatchObject({ ok: true, status: { connected: true, phone_number: fast.display } });
    held.release();
    expect((await first).status).toBe(200);
    const after = await status(racer.api);
    expect(after).toMatchObject({ connected: true, phone_number: fast.display, phone_number_id: fast.id });
    // The number kept is the one whose app secret signs deliveries: its messages are taken.
    const res = await post(racer.orgId, wa.textDelivery(fast.id, "555000333", "/today").payload, { appSecret: fast.appSecret });
    expect(res.status).toBe(200);
  });

  it("a test whose credentials were disconnected while the Graph API answered writes nothing", async () => {
    const racer = await orgUser(t.app, db(), "wa-race-test");
    expect(((await connect(racer.api, FAST)).body as WhatsappTestResult).ok).toBe(true);
    const heldTest = wa.holdRead(FAST.id);
    const test = racer.api("POST", "/whatsapp/test");
    await heldTest.arrived;
    await racer.api("DELETE", "/whatsapp");
    heldTest.release();
    expect((await test).body).toMatchObject({ ok: false, status: { connected: false } });
    expect(await status(racer.api)).toMatchObject({ connected: false, phone_number: null, last_error: null });
  });

  it("the other organisation's owner cannot read or touch this organisation's WhatsApp", async () => {
    for (const [method, path] of [["GET", "/whatsapp"], ["POST", "/whatsapp/test"], ["DELETE", "/whatsapp"], ["POST", "/whatsapp/link-code"], ["PUT", "/whatsapp"]] as const) {
      expect((await call(t.app, method, `${owner.base}${path}`, { cookie: other.cookie, body: method === "PUT" ? { phone_number_id: OTHER.id, access_token: OTHER.token, app_secret: OTHER.appSecret } : undefined })).status).toBe(404);
    }
  });

  it("disconnecting unlinks everyone and forgets the secrets; old deliveries and verifications are refused", async () => {
    const token = (await status()).verify_token!;
    const s = ((await owner.api("DELETE", "/whatsapp")).body as { whatsapp: WhatsappStatus }).whatsapp;
    expect(s).toMatchObject({ connected: false, linked_members: 0, masked_token: null, verify_token: null });
    expect(await db().select().from(messagingLinks).where(eq(messagingLinks.orgId, owner.orgId))).toEqual([]);
    expect((await post(owner.orgId, wa.textDelivery(NUMBER.id, MEMBER_WA, "/today").payload)).status).toBe(401);
    expect((await t.app.request(`${hook(owner.orgId)}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1`)).status).toBe(403);
    expect((await member.api("POST", "/whatsapp/link-code")).status).toBe(409);
  });
});
