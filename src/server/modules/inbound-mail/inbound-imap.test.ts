import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { comments, inboundImapState, inboundMails, tasks, user } from "../../db/schema";
import { IMAP_USER, startImapServer, type ImapStandIn } from "../../testing/imap-server";
import { createTestApp, openTwoInstances, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createProjectVia, createTaskVia, field, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { replyAddressOf } from "./inbound-address";
import { imapConfigOf } from "./imap-config";
import { readImapProblem } from "./imap-lease";
import { startImapPoller, type ImapPoller, type ImapPollerOptions } from "./imap-poller";

const DOMAIN = "in.example.test";
const MAX = 20_000;
const POLL_MS = 60_000;
let t: TestApp;
let imap: ImapStandIn;
let owner: OrgUser;
let other: OrgUser;
let ownerEmail: string;
let otherEmail: string;
let projectId: string;
let otherProjectId: string;
let address: string;
let otherAddress: string;

const db = () => t.services.database.db;
const emailOf = async (id: string) => (await db().select({ email: user.email }).from(user).where(eq(user.id, id)))[0]!.email;
const projectMail = async (u: OrgUser, id: string) => field<{ address: string }>(await u.api("POST", `/inbound-mail/projects/${id}/address`), "project_mail").address;

type Mail = { from: string; to: string; subject: string; text?: string; html?: string; messageId?: string; deliveredTo?: string; cc?: string };

/** A raw RFC 822 message, as a catch-all mailbox holds it after delivery (Delivered-To on top). */
function rawMail(mail: Mail): string {
  const type = mail.html ? "text/html" : "text/plain";
  const headers = [
    ...(mail.deliveredTo ? [`Delivered-To: ${mail.deliveredTo}`] : []),
    `From: ${mail.from}`,
    `To: ${mail.to}`,
    ...(mail.cc ? [`Cc: ${mail.cc}`] : []),
    `Subject: ${mail.subject}`,
    `Message-ID: ${mail.messageId ?? `<${randomUUID()}@sender.example>`}`,
    "Date: Mon, 2 Nov 2026 10:00:00 +0000",
    "MIME-Version: 1.0",
    `Content-Type: ${type}; charset=utf-8`,
  ];
  return `${headers.join("\r\n")}\r\n\r\n${(mail.html ?? mail.text ?? "").replace(/\r?\n/g, "\r\n")}\r\n`;
}

/** A poller of the stand-in's mailbox that only polls when the test says so. */
function poller(extra: Partial<ImapPollerOptions> = {}, on: Db = db()): ImapPoller {
  return startImapPoller(
    { db: on, queue: t.services.queue, secret: t.services.env.SECRET_KEY, now: () => new Date(), perHour: 1_000, imap: imapConfigOf(imap.url()), domain: DOMAIN, maxBytes: MAX, pollMs: POLL_MS, logger: t.services.logger, timeoutMs: 5_000, ...extra },
    false,
  );
}

/** One poll by a fresh poller (a fresh holder: the previous one released the lease when it stopped). */
async function pollOnce(extra: Partial<ImapPollerOptions> = {}) {
  const p = poller(extra);
  try {
    return await p.pollOnce();
  } finally {
    await p.stop();
  }
}

const tasksTitled = (title: string) => db().select().from(tasks).where(eq(tasks.title, title));
const mailsAbout = (subject: string) => db().select().from(inboundMails).where(eq(inboundMails.subject, subject));
const unknownCount = async () => (await db().select({ n: inboundImapState.unknownRecipients }).from(inboundImapState))[0]?.n ?? 0;
const isSeen = (uid: number) => imap.flagsOf(uid).includes("\\Seen");

beforeAll(async () => {
  imap = await startImapServer();
  t = await createTestApp({ INBOUND_MAIL_DOMAIN: DOMAIN, INBOUND_IMAP_URL: imap.url() });
  owner = await orgUser(t.app, db(), "imap-owner");
  other = await orgUser(t.app, db(), "imap-other");
  [ownerEmail, otherEmail] = [await emailOf(owner.id), await emailOf(other.id)];
  projectId = await createProjectVia(owner, await createPlaneVia(owner, "Mail"), "Inbox");
  otherProjectId = await createProjectVia(other, await createPlaneVia(other, "Other"), "Theirs");
  address = await projectMail(owner, projectId);
  otherAddress = await projectMail(other, otherProjectId);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await imap?.close();
});

describe("mail to task over IMAP", () => {
  it("makes one task of a member's mail (subject, text, author) and marks it seen", async () => {
    const uid = imap.append(rawMail({ from: ownerEmail, to: "Inbox <" + address + ">", deliveredTo: address, subject: "Buy paint", text: "Two litres, white." }));
    expect(isSeen(uid)).toBe(false);
    expect(await pollOnce()).toMatchObject({ ran: true, handled: 1, problem: null });
    const made = await tasksTitled("Buy paint");
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ projectId, orgId: owner.orgId, authorId: owner.id, description: "Two litres, white." });
    expect(isSeen(uid)).toBe(true);
    // Seen mail is not read again.
    expect(await pollOnce()).toMatchObject({ ran: true, handled: 0 });
    expect(await tasksTitled("Buy paint")).toHaveLength(1);
    const status = field<{ connected: boolean; receivers: string[]; last_mail: { outcome: string } }>(await owner.api("GET", "/inbound-mail"), "status");
    expect(status).toMatchObject({ connected: true, receivers: ["imap"], last_mail: { outcome: "task" } });
  });

  it("finds the project address in X-Original-To when the mail was forwarded (To names the forwarder)", async () => {
    const raw = rawMail({ from: ownerEmail, to: "ann@gmail.example", deliveredTo: "ann@gmail.example", subject: "Forwarded from Gmail", text: "fwd" });
    const uid = imap.append(`X-Original-To: ${address}\r\n${raw}`);
    await pollOnce();
    expect((await tasksTitled("Forwarded from Gmail")).map((task) => task.projectId)).toEqual([projectId]);
    expect(isSeen(uid)).toBe(true);
  });

  it("follows Gmail's forwarding into the catch-all: the confirmation shows on the card, a forwarded mail is found by X-Forwarded-To", async () => {
    const confirmation = imap.append(
      rawMail({ from: "Gmail Team <forwarding-noreply@google.com>", to: address, deliveredTo: IMAP_USER, subject: "(#123456789) Gmail Forwarding Confirmation - Receive Mail from ann@gmail.com", text: "Confirmation code: 123456789\n\nTo allow ann@gmail.com to automatically forward mail to your address, please click the link below to confirm the request:\n\nhttps://mail-settings.google.com/mail/vf-%5BANGjdJ9%5D-abc\n" }),
    );
    const raw = rawMail({ from: ownerEmail, to: "ann@gmail.example", deliveredTo: IMAP_USER, subject: "Forwarded by Gmail", text: "fwd" });
    const forwarded = imap.append(`X-Forwarded-To: ${address}\r\nX-Forwarded-For: ann@gmail.example ${address}\r\n${raw}`);
    await pollOnce();
    const status = field<{ forwarding_confirmation: { code: string } | null }>(await owner.api("GET", "/inbound-mail"), "status");
    expect(status.forwarding_confirmation).toMatchObject({ code: "123456789" });
    expect((await tasksTitled("Forwarded by Gmail")).map((task) => task.projectId)).toEqual([projectId]);
    expect([confirmation, forwarded].map(isSeen)).toEqual([true, true]);
  });

  it("turns a reply to a notification's reply address into a comment", async () => {
    const taskId = await createTaskVia(owner, projectId, "Replied over IMAP");
    const reply = replyAddressOf(t.services.env.SECRET_KEY, DOMAIN, taskId, owner.id);
    const uid = imap.append(rawMail({ from: ownerEmail, to: reply, deliveredTo: reply, subject: "Re: Replied over IMAP", text: "Done on my side.\n\nOn Mon, 1 Jan 2026, We Love HQ wrote:\n> old text" }));
    await pollOnce();
    expect((await db().select().from(comments).where(eq(comments.taskId, taskId))).map((c) => c.body)).toEqual(["Done on my side."]);
    expect(isSeen(uid)).toBe(true);
  });

  it("skips, marks seen and counts a mail for no address of ours", async () => {
    const before = await unknownCount();
    const uid = imap.append(rawMail({ from: ownerEmail, to: "someone@elsewhere.example", deliveredTo: "someone@elsewhere.example", subject: "Not for us", text: "x" }));
    expect(await pollOnce()).toMatchObject({ ran: true, handled: 1 });
    expect(isSeen(uid)).toBe(true);
    expect(await unknownCount()).toBe(before + 1);
    expect(await mailsAbout("Not for us")).toHaveLength(0);
  });

  it("skips, marks seen and counts a mail for a project address that does not exist (or was retired)", async () => {
    const before = await unknownCount();
    const retired = `p-${"0".repeat(30)}@${DOMAIN}`;
    const uid = imap.append(rawMail({ from: ownerEmail, to: retired, deliveredTo: retired, subject: "Retired address", text: "x" }));
    await pollOnce();
    expect(isSeen(uid)).toBe(true);
    expect(await unknownCount()).toBe(before + 1);
    expect(await tasksTitled("Retired address")).toHaveLength(0);
  });

  it("refuses an oversized mail without reading it, records it on the card and marks it seen", async () => {
    const uid = imap.append(rawMail({ from: ownerEmail, to: address, deliveredTo: address, subject: "Too big", text: "x".repeat(MAX * 2) }));
    await pollOnce();
    expect(await tasksTitled("Too big")).toHaveLength(0);
    expect((await mailsAbout("Too big")).map((m) => [m.outcome, m.orgId])).toEqual([["too_large", owner.orgId]]);
    expect(isSeen(uid)).toBe(true);
    const status = field<{ last_error: { outcome: string } }>(await owner.api("GET", "/inbound-mail"), "status");
    expect(status.last_error).toMatchObject({ outcome: "too_large" });
  });

  it("refuses a sender who is neither a member nor on the project's allow-list", async () => {
    const uid = imap.append(rawMail({ from: "stranger@spam.example", to: address, deliveredTo: address, subject: "Spam offer", text: "hi" }));
    await pollOnce();
    expect(await tasksTitled("Spam offer")).toHaveLength(0);
    expect((await mailsAbout("Spam offer")).map((m) => m.outcome)).toEqual(["refused_sender"]);
    expect(isSeen(uid)).toBe(true);
    // Allowed now: the next mail from there is a task without an author.
    expect((await owner.api("PATCH", `/inbound-mail/projects/${projectId}`, { allowed_senders: ["@spam.example"] })).status).toBe(200);
    imap.append(rawMail({ from: "stranger@spam.example", to: address, deliveredTo: address, subject: "Allowed offer", text: "hi" }));
    await pollOnce();
    expect((await tasksTitled("Allowed offer")).map((task) => task.authorId)).toEqual([null]);
    expect((await owner.api("PATCH", `/inbound-mail/projects/${projectId}`, { allowed_senders: [] })).status).toBe(200);
  });

  it("never stores the HTML of an HTML mail, only its text", async () => {
    imap.append(rawMail({ from: ownerEmail, to: address, deliveredTo: address, subject: "Html mail", html: '<p>Two <b>litres</b></p><script>alert(1)</script><img src="x" onerror="alert(2)">' }));
    await pollOnce();
    const [task] = await tasksTitled("Html mail");
    expect(task?.description).toContain("Two");
    expect(task?.description).toContain("litres");
    expect(task?.description).not.toMatch(/<|alert|onerror/);
  });

  it("reads a mail again after a crash between storing it and marking it seen, and still makes one task", async () => {
    const uid = imap.append(rawMail({ from: ownerEmail, to: address, deliveredTo: address, subject: "Crash in between", text: "once", messageId: "<crash-1@sender.example>" }));
    const crashed = await pollOnce({
      beforeMarkSeen: () => Promise.reject(new Error("crashed before \\Seen")),
    });
    expect(crashed).toMatchObject({ ran: true, error: "crashed before \\Seen" });
    expect(await tasksTitled("Crash in between")).toHaveLength(1);
    expect(isSeen(uid)).toBe(false);
    expect(await pollOnce()).toMatchObject({ ran: true, handled: 1 });
    expect(await tasksTitled("Crash in between")).toHaveLength(1);
    expect(isSeen(uid)).toBe(true);
  });

  it("records a wrong password on the card, backs off, and recovers once the password is right", async () => {
    const wrong = "not-the-imap-password";
    const p = poller({ imap: imapConfigOf(imap.url(wrong)) });
    try {
      expect(await p.pollOnce()).toMatchObject({ ran: true, handled: 0, problem: "imap_login_failed" });
      expect(await readImapProblem(db())).toBe("imap_login_failed");
      expect(field<{ receiver_error: string | null }>(await owner.api("GET", "/inbound-mail"), "status").receiver_error).toBe("imap_login_failed");
      expect(p.nextPollInMs()).toBe(POLL_MS * 2);
      await p.pollOnce();
      expect(p.nextPollInMs()).toBe(POLL_MS * 4);
      // The operator fixes the password at the provider: the next poll gets through and clears it.
      imap.setPassword(wrong);
      expect(await p.pollOnce()).toMatchObject({ ran: true, problem: null });
      expect(p.nextPollInMs()).toBe(POLL_MS);
      expect(await readImapProblem(db())).toBeNull();
    } finally {
      imap.setPassword(imapConfigOf(imap.url()).password);
      await p.stop();
    }
  });

  it("records a connection dropped mid-poll, and the next poll reads the mail", async () => {
    const uid = imap.append(rawMail({ from: ownerEmail, to: address, deliveredTo: address, subject: "Dropped mid-poll", text: "x" }));
    imap.dropOn("UID FETCH");
    const p = poller();
    try {
      const dropped = await p.pollOnce();
      expect(dropped).toMatchObject({ ran: true, handled: 0, problem: "imap_unreachable" });
      expect(await readImapProblem(db())).toBe("imap_unreachable");
      expect(p.nextPollInMs()).toBe(POLL_MS * 2);
      expect(isSeen(uid)).toBe(false);
      expect(await p.pollOnce()).toMatchObject({ ran: true, handled: 1, problem: null });
      expect(await readImapProblem(db())).toBeNull();
      expect(await tasksTitled("Dropped mid-poll")).toHaveLength(1);
      expect(isSeen(uid)).toBe(true);
    } finally {
      await p.stop();
    }
  });

  it("leaves a mail over the hourly limit unseen for later, without holding up other organisations' mail", async () => {
    // Org A's project has had a mail this hour: at one an hour, the next two to it wait.
    imap.append(rawMail({ from: ownerEmail, to: address, deliveredTo: address, subject: "Fills the hour", text: "x" }));
    await pollOnce();
    const waiting = [1, 2].map((n) => imap.append(rawMail({ from: ownerEmail, to: address, deliveredTo: address, subject: `Over the limit ${n}`, text: "x" })));
    const theirs = imap.append(rawMail({ from: otherEmail, to: otherAddress, deliveredTo: otherAddress, subject: "Org B's mail", text: "x" }));
    const p = poller({ perHour: 1, perPoll: 2 });
    try {
      await p.pollOnce();
      expect(waiting.map(isSeen)).toEqual([false, false]);
      expect(await tasksTitled("Over the limit 1")).toHaveLength(0);
      await p.pollOnce();
      expect((await tasksTitled("Org B's mail")).map((task) => task.orgId)).toEqual([other.orgId]);
      expect(isSeen(theirs)).toBe(true);
    } finally {
      await p.stop();
    }
    // Under the limit again (here: a poller with the usual limit), the waiting mails become tasks.
    await pollOnce();
    expect(waiting.map(isSeen)).toEqual([true, true]);
    expect(await tasksTitled("Over the limit 2")).toHaveLength(1);
  });

  it("keeps each organisation's mail in its own organisation", async () => {
    // A member of A writes to B's address: not a member of B, not on its allow-list.
    const intruder = imap.append(rawMail({ from: ownerEmail, to: otherAddress, deliveredTo: otherAddress, subject: "Cross org", text: "x" }));
    // A mail delivered to A's address that names B's address too: B gets nothing from A's member.
    imap.append(rawMail({ from: ownerEmail, to: address, cc: otherAddress, deliveredTo: address, subject: "Meant for A", text: "x" }));
    // B's member replies with the reply address of A's task: the token is not theirs.
    const taskId = await createTaskVia(owner, projectId, "A's task");
    const reply = replyAddressOf(t.services.env.SECRET_KEY, DOMAIN, taskId, owner.id);
    imap.append(rawMail({ from: otherEmail, to: reply, deliveredTo: reply, subject: "Re: A's task", text: "intruder" }));
    await pollOnce();
    expect(isSeen(intruder)).toBe(true);
    const inB = (await db().select({ title: tasks.title }).from(tasks).where(eq(tasks.orgId, other.orgId))).map((task) => task.title);
    expect(inB).not.toContain("Cross org");
    expect(inB).not.toContain("Meant for A");
    expect((await tasksTitled("Meant for A")).map((task) => task.orgId)).toEqual([owner.orgId]);
    expect(await db().select().from(comments).where(eq(comments.taskId, taskId))).toHaveLength(0);
    // B keeps the refusals at its address (its card's last error), never A's mail as its own.
    const keptByB = await db().select().from(inboundMails).where(eq(inboundMails.orgId, other.orgId));
    expect(keptByB.filter((m) => ["Cross org", "Meant for A"].includes(m.subject)).map((m) => m.outcome)).toEqual(["refused_sender", "refused_sender"]);
    const theirs = field<{ last_mail: { subject: string } | null; last_error: { outcome: string } }>(await other.api("GET", "/inbound-mail"), "status");
    expect(theirs.last_mail?.subject).not.toBe("Meant for A");
    expect(theirs.last_error.outcome).toBe("refused_sender");
  });
});

describe("two instances on one database", () => {
  it("lets only the lease holder poll the mailbox", async () => {
    const two = await openTwoInstances({ INBOUND_MAIL_DOMAIN: DOMAIN });
    const on = (app: TestApp) =>
      startImapPoller({ db: app.services.database.db, queue: app.services.queue, secret: app.services.env.SECRET_KEY, now: () => new Date(), perHour: 1_000, imap: imapConfigOf(imap.url()), domain: DOMAIN, maxBytes: MAX, pollMs: POLL_MS, logger: app.services.logger, timeoutMs: 5_000 }, false);
    const [a, b] = [on(two.a), on(two.b)];
    try {
      const logins = imap.logins();
      const results = await Promise.all([a.pollOnce(), b.pollOnce()]);
      expect(results.filter((r) => r.ran)).toHaveLength(1);
      expect(results.filter((r) => !r.ran)).toEqual([{ ran: false, reason: "lease" }]);
      expect(imap.logins()).toBe(logins + 1);
      const holder = results[0]!.ran ? a : b;
      const waiting = holder === a ? b : a;
      // The holder keeps it while it polls; once it stops, the other takes over.
      expect(await waiting.pollOnce()).toEqual({ ran: false, reason: "lease" });
      expect(await holder.pollOnce()).toMatchObject({ ran: true });
      await holder.stop();
      expect(await waiting.pollOnce()).toMatchObject({ ran: true });
      expect(imap.logins()).toBe(logins + 3);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await two.close();
    }
  });
});
