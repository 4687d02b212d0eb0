import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devOutbox, mailQueue } from "../db/schema";
import { createTestApp, type TestApp } from "../testing/test-app";
import { call } from "../testing/http";
import { bodyText, startSilentSmtp, startSmtp, waitFor } from "../testing/smtp-stand-ins";
import { GOOD_PASSWORD, uniqueEmail } from "../testing/users";

const signUp = (app: TestApp, email: string) =>
  call(app.app, "POST", "/api/auth/sign-up/email", { body: { email, password: GOOD_PASSWORD, name: "Mail Test", callbackURL: "/" } });
const queued = (app: TestApp, to: string) => app.services.database.db.select().from(mailQueue).where(eq(mailQueue.to, to));
const timed = async <T>(run: () => Promise<T>) => {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
};

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let silent: Awaited<ReturnType<typeof startSilentSmtp>>;
let viaSmtp: TestApp, viaSilent: TestApp, withOutbox: TestApp, withoutOutbox: TestApp;
beforeAll(async () => {
  [smtp, silent] = await Promise.all([startSmtp(), startSilentSmtp()]);
  [viaSmtp, viaSilent, withOutbox, withoutOutbox] = await Promise.all([
    createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "We Love HQ <no-reply@welovehq.test>" }),
    createTestApp({ SMTP_URL: silent.url }),
    createTestApp({ MAIL_OUTBOX: "1" }),
    createTestApp({ MAIL_OUTBOX: "0" }),
  ]);
});
afterAll(async () => {
  // The silent server goes first, so a send still waiting on it fails at once.
  await silent.close();
  await Promise.all([viaSmtp.close(), viaSilent.close(), withOutbox.close(), withoutOutbox.close()]);
  await smtp.close();
});

describe("with SMTP_URL and a working server", () => {
  it("queues the verification mail, sends it in the background, and clears its text once sent", async () => {
    const email = uniqueEmail("smtp");
    expect((await signUp(viaSmtp, email)).status).toBe(200);

    const mails = await waitFor(() => smtp.received.filter((m) => m.to.includes(email)), (found) => found.length > 0);
    expect(mails[0]?.from).toBe("no-reply@welovehq.test");
    const link = new URL(bodyText(mails[0]!.raw).match(/https?:\/\/\S+/)![0]);
    expect(link.pathname).toBe("/api/auth/verify-email");
    expect(link.searchParams.get("token")).toBeTruthy();
    expect(link.searchParams.get("callbackURL")).toBe("/");
    expect(await viaSmtp.services.database.db.select().from(devOutbox)).toHaveLength(0);

    const [row] = await waitFor(() => queued(viaSmtp, email), ([r]) => r?.status === "sent");
    expect(row).toMatchObject({ status: "sent", text: "", attempts: 1, lastError: null, subject: "Confirm your email for We Love HQ" });
    expect(row?.sentAt).toBeInstanceOf(Date);

    const verified = await call(viaSmtp.app, "GET", link.pathname + link.search);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/");
  });

  it("does not serve the development outbox", async () => {
    expect((await call(viaSmtp.app, "GET", `/api/dev/outbox?to=${encodeURIComponent(uniqueEmail())}`)).status).toBe(404);
  });
});

describe("with SMTP_URL and a server that accepts connections but never answers", () => {
  it("answers sign-up at once and leaves the mail queued", async () => {
    const email = uniqueEmail("silent");
    const { result, ms } = await timed(() => signUp(viaSilent, email));
    expect(result.status).toBe(200);
    expect(ms).toBeLessThan(3_000);
    const [row] = await queued(viaSilent, email);
    expect(row?.status).toBe("pending");
    // The background sender is the one talking to the server.
    await waitFor(() => silent.connections(), (n) => n > 0, 3_000);
    expect(silent.connections()).toBeGreaterThan(0);
  });

  it("answers reset and resend requests as fast for a known address as for an unknown one", async () => {
    const known = uniqueEmail("known");
    await signUp(viaSilent, known);
    const ask = (email: string) => call(viaSilent.app, "POST", "/api/auth/request-password-reset", { body: { email, redirectTo: "/auth/reset-password" } });
    const forKnown = await timed(() => ask(known));
    const forUnknown = await timed(() => ask(uniqueEmail("unknown")));
    expect(forKnown.result.body).toEqual(forUnknown.result.body);
    expect(forKnown.ms).toBeLessThan(1_500);
    expect(forUnknown.ms).toBeLessThan(1_500);
    expect((await queued(viaSilent, known)).map((r) => r.subject)).toContain("Reset your We Love HQ password");

    // Resending the confirmation: better-auth holds both answers to at least 500 ms.
    const resend = (email: string) => call(viaSilent.app, "POST", "/api/auth/send-verification-email", { body: { email, callbackURL: "/" } });
    const resentKnown = await timed(() => resend(known));
    const resentUnknown = await timed(() => resend(uniqueEmail("unknown")));
    expect(resentKnown.result.body).toEqual(resentUnknown.result.body);
    expect(Math.abs(resentKnown.ms - resentUnknown.ms)).toBeLessThan(1_000);
    expect(resentKnown.ms).toBeLessThan(2_000);
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
    expect(await queued(withOutbox, email)).toHaveLength(0);

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
