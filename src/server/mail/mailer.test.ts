import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devOutbox } from "../db/schema";
import { createTestApp, type TestApp } from "../testing/test-app";
import { call } from "../testing/http";
import { GOOD_PASSWORD, uniqueEmail } from "../testing/users";

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on 127.0.0.1 that keeps what it is sent. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"], // plain SMTP, as a local relay speaks it
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The body as text: quoted-printable soft breaks and escapes undone. */
function bodyText(raw: string): string {
  const body = raw.slice(raw.indexOf("\r\n\r\n") + 4);
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(raw)) return body;
  return body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const signUp = (app: TestApp, email: string) =>
  call(app.app, "POST", "/api/auth/sign-up/email", { body: { email, password: GOOD_PASSWORD, name: "Mail Test", callbackURL: "/" } });

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let viaSmtp: TestApp, withOutbox: TestApp, withoutOutbox: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  [viaSmtp, withOutbox, withoutOutbox] = await Promise.all([
    createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "We Love HQ <no-reply@welovehq.test>" }),
    createTestApp({ MAIL_OUTBOX: "1" }),
    createTestApp({ MAIL_OUTBOX: "0" }),
  ]);
});
afterAll(async () => {
  await Promise.all([viaSmtp.close(), withOutbox.close(), withoutOutbox.close()]);
  await smtp.close();
});

describe("with SMTP_URL", () => {
  it("sends the verification mail over SMTP and keeps nothing in the outbox", async () => {
    const email = uniqueEmail("smtp");
    expect((await signUp(viaSmtp, email)).status).toBe(200);

    const mail = smtp.received.find((m) => m.to.includes(email));
    expect(mail?.from).toBe("no-reply@welovehq.test");
    const text = bodyText(mail!.raw);
    const link = new URL(text.match(/https?:\/\/\S+/)![0]);
    expect(link.pathname).toBe("/api/auth/verify-email");
    expect(link.searchParams.get("token")).toBeTruthy();
    expect(link.searchParams.get("callbackURL")).toBe("/");
    expect(await viaSmtp.services.database.db.select().from(devOutbox)).toHaveLength(0);

    const verified = await call(viaSmtp.app, "GET", link.pathname + link.search);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/");
  });

  it("does not serve the development outbox", async () => {
    expect((await call(viaSmtp.app, "GET", `/api/dev/outbox?to=${encodeURIComponent(uniqueEmail())}`)).status).toBe(404);
  });
});

describe("without SMTP_URL", () => {
  it("keeps the mail in dev_outbox and serves it with MAIL_OUTBOX=1", async () => {
    const email = uniqueEmail("outbox");
    await signUp(withOutbox, email);
    const res = await call(withOutbox.app, "GET", `/api/dev/outbox?to=${encodeURIComponent(email.toUpperCase())}`);
    expect(res.status).toBe(200);
    const { messages } = res.body as { messages: { to: string; subject: string; text: string }[] };
    expect(messages).toHaveLength(1);
    expect(messages[0]!.to).toBe(email);
    expect(messages[0]!.text).toMatch(/\/api\/auth\/verify-email\?token=\S+callbackURL=(%2F|\/)/);

    const other = await call(withOutbox.app, "GET", `/api/dev/outbox?to=${encodeURIComponent(uniqueEmail())}`);
    expect(other.body).toEqual({ messages: [] });
    expect((await call(withOutbox.app, "GET", "/api/dev/outbox?to=not-an-email")).status).toBe(400);
  });

  it("keeps the mail in dev_outbox but answers 404 with MAIL_OUTBOX=0", async () => {
    const email = uniqueEmail("hidden");
    await signUp(withoutOutbox, email);
    const rows = await withoutOutbox.services.database.db.select().from(devOutbox);
    expect(rows.map((r) => r.to)).toEqual([email]);
    const res = await call(withoutOutbox.app, "GET", `/api/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: "not_found" } });
  });
});
