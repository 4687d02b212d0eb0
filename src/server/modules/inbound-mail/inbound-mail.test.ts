import { and, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, inboundMails, tasks } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createProjectVia, createTaskVia, field, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { replyAddressOf } from "./inbound-address";
import { startInboundReceiver, type InboundReceiver } from "./smtp-receiver";

const DOMAIN = "in.example.test";
const MAX = 20_000;
let t: TestApp;
let receiver: InboundReceiver;
let owner: OrgUser;
let other: OrgUser;
let projectId: string;
let address: string;
let otherAddress: string;

/** A real SMTP client into our receiver; resolves with the server's answer, or rejects with its refusal. */
function send(mail: { from: string; to: string; subject: string; text?: string; html?: string; messageId?: string }) {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: receiver.port, secure: false, ignoreTLS: true });
  return transport.sendMail(mail).finally(() => transport.close());
}

const projectMail = async (u: OrgUser, id: string) => field<{ address: string }>(await u.api("POST", `/inbound-mail/projects/${id}/address`), "project_mail").address;

beforeAll(async () => {
  t = await createTestApp({ INBOUND_MAIL_DOMAIN: DOMAIN, INBOUND_SMTP_PORT: "0" });
  receiver = await startInboundReceiver({ db: t.services.database.db, queue: t.services.queue, secret: t.services.env.SECRET_KEY, now: () => new Date(), perHour: 1_000, host: "127.0.0.1", port: 0, domain: DOMAIN, maxBytes: MAX, logger: t.services.logger });
  owner = await orgUser(t.app, t.services.database.db, "mail-owner");
  other = await orgUser(t.app, t.services.database.db, "mail-other");
  projectId = await createProjectVia(owner, await createPlaneVia(owner, "Mail"), "Inbox");
  address = await projectMail(owner, projectId);
  otherAddress = await projectMail(other, await createProjectVia(other, await createPlaneVia(other, "Other"), "Theirs"));
}, 60_000);

afterAll(async () => {
  await receiver?.stop();
  await t?.close();
});

const tasksTitled = (title: string) => t.services.database.db.select().from(tasks).where(eq(tasks.title, title));

describe("mail to task over SMTP", () => {
  it("makes a task from a member's mail, with the text as description and the member as author", async () => {
    expect(address).toMatch(new RegExp(`^p-[0-9a-f]{30}@${DOMAIN.replace(/\./g, "\\.")}$`));
    const me = (await t.services.database.db.query.user.findFirst({ where: (u, { eq: e }) => e(u.id, owner.id) }))!;
    await send({ from: me.email, to: address, subject: "Buy paint", html: "<p>Two <b>litres</b></p><script>alert(1)</script>" });
    const [task] = await tasksTitled("Buy paint");
    expect(task?.projectId).toBe(projectId);
    expect(task?.authorId).toBe(owner.id);
    expect(task?.description).toContain("Two");
    expect(task?.description).not.toMatch(/<script|<b>|alert/);
    const status = field<{ connected: boolean; last_mail: { outcome: string } }>(await owner.api("GET", "/inbound-mail"), "status");
    expect(status).toMatchObject({ connected: true, last_mail: { outcome: "task" } });
  });

  it("makes one task of a mail delivered twice (same Message-ID)", async () => {
    const me = (await t.services.database.db.query.user.findFirst({ where: (u, { eq: e }) => e(u.id, owner.id) }))!;
    const mail = { from: me.email, to: address, subject: "Twice delivered", text: "once", messageId: "<twice-1@sender.example>" };
    await Promise.all([send(mail), send(mail)]);
    await send(mail);
    expect(await tasksTitled("Twice delivered")).toHaveLength(1);
  });

  it("refuses a mail over the size limit with 552 and stores nothing", async () => {
    const me = (await t.services.database.db.query.user.findFirst({ where: (u, { eq: e }) => e(u.id, owner.id) }))!;
    await expect(send({ from: me.email, to: address, subject: "Too big", text: "x".repeat(MAX * 2) })).rejects.toMatchObject({ responseCode: 552 });
    expect(await tasksTitled("Too big")).toHaveLength(0);
    expect(await t.services.database.db.select().from(inboundMails).where(eq(inboundMails.subject, "Too big"))).toHaveLength(0);
  });

  it("refuses an unknown sender until the project allows them, and says so on the card", async () => {
    await expect(send({ from: "stranger@elsewhere.example", to: address, subject: "Spam offer", text: "hi" })).rejects.toMatchObject({ responseCode: 550 });
    expect(await tasksTitled("Spam offer")).toHaveLength(0);
    const status = field<{ last_error: { outcome: string; sender: string } }>(await owner.api("GET", "/inbound-mail"), "status");
    expect(status.last_error).toMatchObject({ outcome: "refused_sender", sender: "stranger@elsewhere.example" });
    expect((await owner.api("PATCH", `/inbound-mail/projects/${projectId}`, { allowed_senders: ["@elsewhere.example"] })).status).toBe(200);
    await send({ from: "stranger@elsewhere.example", to: address, subject: "Allowed now", text: "hi" });
    const [task] = await tasksTitled("Allowed now");
    expect(task?.authorId).toBeNull();
  });

  it("shows Gmail's forwarding confirmation and makes no task of it", async () => {
    await send({ from: "Gmail Team <forwarding-noreply@google.com>", to: address, subject: "(#123456789) Gmail Forwarding Confirmation - Receive Mail from ann@gmail.com", text: "Confirmation code: 123456789\n\nTo allow ann@gmail.com to automatically forward mail to your address, please click the link below to confirm the request:\n\nhttps://mail-settings.google.com/mail/vf-%5BANGjdJ9%5D-abc\n" });
    expect((await t.services.database.db.select().from(tasks).where(eq(tasks.projectId, projectId))).some((row) => row.title.includes("Forwarding"))).toBe(false);
    const status = field<{ forwarding_confirmation: { code: string; url: string } }>(await owner.api("GET", "/inbound-mail"), "status");
    expect(status.forwarding_confirmation).toMatchObject({ code: "123456789", url: "https://mail-settings.google.com/mail/vf-%5BANGjdJ9%5D-abc" });
  });

  it("turns a reply to a notification into a comment, and refuses a forged or someone else's reply token", async () => {
    const taskId = await createTaskVia(owner, projectId, "Replied task");
    const me = (await t.services.database.db.query.user.findFirst({ where: (u, { eq: e }) => e(u.id, owner.id) }))!;
    const reply = replyAddressOf(t.services.env.SECRET_KEY, DOMAIN, taskId, owner.id);
    await send({ from: me.email, to: reply, subject: "Re: Replied task", text: "Done on my side.\n\nOn Mon, 1 Jan 2026, We Love HQ wrote:\n> old text" });
    const made = await t.services.database.db.select().from(comments).where(eq(comments.taskId, taskId));
    expect(made.map((c) => c.body)).toEqual(["Done on my side."]);
    // Forged: a MAC that is not ours.
    await expect(send({ from: me.email, to: reply.replace(/-([0-9a-f]{20})@/, "-00000000000000000000@"), subject: "Re", text: "forged" })).rejects.toMatchObject({ responseCode: 550 });
    // Another organisation's owner, with the real token of this task: not a member, not theirs.
    const them = (await t.services.database.db.query.user.findFirst({ where: (u, { eq: e }) => e(u.id, other.id) }))!;
    await expect(send({ from: them.email, to: reply, subject: "Re", text: "intruder" })).rejects.toMatchObject({ responseCode: 550 });
    expect(await t.services.database.db.select().from(comments).where(and(eq(comments.taskId, taskId)))).toHaveLength(1);
  });

  it("never lets one organisation's member create in another organisation", async () => {
    const me = (await t.services.database.db.query.user.findFirst({ where: (u, { eq: e }) => e(u.id, owner.id) }))!;
    // The owner of org A writes to org B's address: not a member there, not on its allow-list.
    await expect(send({ from: me.email, to: otherAddress, subject: "Cross org", text: "x" })).rejects.toMatchObject({ responseCode: 550 });
    expect(await tasksTitled("Cross org")).toHaveLength(0);
    // A regenerated address retires the old one; an address of no project is unknown.
    const old = address;
    address = await projectMail(owner, projectId);
    await expect(send({ from: me.email, to: old, subject: "Old address", text: "x" })).rejects.toMatchObject({ responseCode: 550 });
    expect((await other.api("GET", `/inbound-mail/projects/${projectId}`)).status).toBe(404);
  });
});
