import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres, type Database } from "../../db/client";
import { tasks, user } from "../../db/schema";
import { call } from "../../testing/http";
import { drainQueue } from "../../testing/drain-queue";
import { openProxiedDatabase, type TcpProxy } from "../../testing/tcp-proxy";
import { startTelegramStandIn, type TelegramStandIn } from "../../testing/telegram-stand-in";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createPlaneVia, createProjectVia, field, orgUser, type OrgUser } from "../../testing/work-fixtures";
import { workersOf } from "../../workers";
import { startInboundReceiver, type InboundReceiver } from "../inbound-mail/smtp-receiver";
import { TELEGRAM_UPDATES_QUEUE } from "../telegram/telegram-worker";

// The seams between the integrations and the database: while PostgreSQL is away, a webhook, a mail
// and a calendar read are told to come back later (Telegram and a sending mail server retry on
// their own), nothing half-done stays, and what is sent again once it is back counts once.
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const TOKEN = "424242424:OUTAGEcvCH1vGWJxfSeofSAs0K5PALDsaw";
const DOMAIN = "in.example.test";

describe.runIf(onServer)("integrations when PostgreSQL goes away", () => {
  let proxy: TcpProxy;
  let viaProxy: Database;
  let direct: Database;
  let t: TestApp;
  let tg: TelegramStandIn;
  let receiver: InboundReceiver;
  let owner: OrgUser;
  let email: string;
  let address: string;
  const unhandled: unknown[] = [];
  const record = (error: unknown) => unhandled.push(error);

  beforeAll(async () => {
    process.on("uncaughtException", record);
    process.on("unhandledRejection", record);
    tg = await startTelegramStandIn();
    tg.addBot(TOKEN, "outage_bot");
    const outage = await openProxiedDatabase(process.env.TEST_DATABASE_URL!, { poolSize: 5, connectTimeoutMs: 1_000 });
    ({ proxy, database: viaProxy } = outage);
    direct = await openPostgres(outage.directUrl, 2);
    t = await createTestApp({ TELEGRAM_API_BASE: tg.url, INBOUND_MAIL_DOMAIN: DOMAIN, INBOUND_SMTP_PORT: "0", LIMIT_WRITES_PER_MINUTE: "100000" }, viaProxy);
    receiver = await startInboundReceiver({ db: viaProxy.db, queue: t.services.queue, secret: t.services.env.SECRET_KEY, now: () => new Date(), perHour: 1_000, host: "127.0.0.1", port: 0, domain: DOMAIN, maxBytes: 50_000, logger: t.services.logger });
    owner = await orgUser(t.app, viaProxy.db, "outage-integrations");
    const projectId = await createProjectVia(owner, await createPlaneVia(owner, "Outage"), "Outage");
    address = field<{ address: string }>(await owner.api("POST", `/inbound-mail/projects/${projectId}/address`), "project_mail").address;
    email = (await direct.db.select({ email: user.email }).from(user).where(eq(user.id, owner.id)))[0]!.email;
    expect((await owner.api("PUT", "/telegram", { bot_token: TOKEN })).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    process.off("uncaughtException", record);
    process.off("unhandledRejection", record);
    await receiver?.stop();
    await tg?.close();
    await direct?.close();
    await (t ? t.close() : viaProxy?.close());
  });

  /** As Telegram's servers post to our webhook: no session, the secret header only. */
  const deliver = async (update: object) => {
    const secret = tg.webhookOf(TOKEN)!.secret_token;
    const res = await t.app.request(`http://localhost:3999/api/v1/hooks/telegram/${owner.orgId}`, { method: "POST", headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret }, body: JSON.stringify(update) });
    return res.status;
  };
  const tasksTitled = (title: string) => direct.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.title, title));

  it("a Telegram update during the outage is refused with a 5xx (Telegram retries), and counts once when redelivered", async () => {
    const update = tg.textUpdate("777", "/help");
    proxy.cut();
    try {
      const refused = await deliver(update);
      expect(refused).toBeGreaterThanOrEqual(500);
      expect(refused).not.toBe(500);
    } finally {
      proxy.restore();
    }
    const taken = () => deliver(update);
    for (let i = 0; i < 20 && (await taken()) !== 200; i++) await new Promise((r) => setTimeout(r, 250));
    expect(await taken()).toBe(200);
    const worker = workersOf(t.services).find((w) => w.queue === TELEGRAM_UPDATES_QUEUE)!;
    let handled = 0;
    await drainQueue(t, TELEGRAM_UPDATES_QUEUE, async (data, id) => {
      handled++;
      await worker.handle({ id, data } as Parameters<typeof worker.handle>[0]);
    });
    expect(handled).toBe(1);
  });

  it("a mail during the outage gets 451 (the sender tries again), and one task once it is back", async () => {
    const send = () => {
      const transport = nodemailer.createTransport({ host: "127.0.0.1", port: receiver.port, secure: false, ignoreTLS: true });
      return transport.sendMail({ from: email, to: address, subject: "Sent in the outage", text: "Later.", messageId: "<outage-1@example.test>" }).finally(() => transport.close());
    };
    proxy.cut();
    try {
      await expect(send()).rejects.toMatchObject({ responseCode: 451 });
    } finally {
      proxy.restore();
    }
    for (let i = 0; ; i++) {
      const sent = await send().then(() => true, () => false);
      if (sent) break;
      if (i > 20) throw new Error("the mail was never accepted after the restore");
      await new Promise((r) => setTimeout(r, 250));
    }
    await send();
    expect(await tasksTitled("Sent in the outage")).toHaveLength(1);
  });

  it("a calendar app reading its feed during the outage gets 503, never 500, and the server goes on", async () => {
    const feed = await call(t.app, "POST", "/api/v1/me/calendar-feed", { cookie: owner.cookie, body: {} });
    const url = new URL(field<string>(feed, "url"));
    proxy.cut();
    try {
      const during = await call(t.app, "GET", url.pathname);
      expect(during.status).toBe(503);
    } finally {
      proxy.restore();
    }
    for (let i = 0; i < 20 && (await call(t.app, "GET", url.pathname)).status !== 200; i++) await new Promise((r) => setTimeout(r, 250));
    expect((await call(t.app, "GET", url.pathname)).status).toBe(200);
    expect(unhandled).toEqual([]);
  });
});
