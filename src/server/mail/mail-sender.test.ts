import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { mailQueue } from "../db/schema";
import { createLogger } from "../lib/logger";
import { bodyText, startSilentSmtp, startSmtp, waitFor } from "../testing/smtp-stand-ins";
import { openTestDatabase } from "../testing/test-database";
import { uniqueEmail } from "../testing/users";
import { createMailer, type Mailer } from "./mailer";

// Short timeouts and no backoff, so five attempts take a second rather than an hour.
const fast = { timeoutMs: 200, retryDelaysMs: [20, 20, 20, 20], pollMs: 50 };
const LINK = "https://hq.example.eu/auth/reset-password#token=planted-live-link-0001";

let database: Database;
let mailer: Mailer | undefined;
beforeAll(async () => {
  database = await openTestDatabase();
});
// Senders on one database share its queue: each test's stops before the next one starts.
afterEach(async () => {
  await mailer?.close();
  mailer = undefined;
});
afterAll(async () => database.close());

function mailerFor(smtpUrl: string | undefined, lines: string[], timing = fast) {
  mailer = createMailer({ smtpUrl, from: "HQ <hq@welovehq.test>", db: database.db, logger: createLogger("debug", (l) => lines.push(l)), timing });
  return mailer;
}
const rowFor = async (to: string) => (await database.db.select().from(mailQueue).where(eq(mailQueue.to, to)))[0];

describe("the background mail sender", () => {
  it("gives up on a server that never answers after 5 attempts, marks the mail failed and logs an error", async () => {
    const silent = await startSilentSmtp();
    const lines: string[] = [];
    const to = uniqueEmail("never");
    const started = performance.now();
    await mailerFor(silent.url, lines).send({ to, subject: "Reset", text: `Open ${LINK}` });
    expect(performance.now() - started).toBeLessThan(500);

    const row = await waitFor(() => rowFor(to), (r) => r?.status === "failed", 15_000);
    await silent.close();
    expect(row).toMatchObject({ status: "failed", attempts: 5 });
    expect(row?.lastError).toMatch(/greeting|timeout/i);
    const errors = lines.map((l) => JSON.parse(l) as { level: string; msg: string }).filter((l) => l.level === "error");
    expect(errors.map((e) => e.msg)).toEqual(["mail could not be sent; giving up"]);
    expect(lines.join("\n")).not.toContain("planted-live-link");
  });

  it("retries after a temporary refusal and then sends", async () => {
    const smtp = await startSmtp({ refuseFirst: true });
    const to = uniqueEmail("grey");
    // A working server on a busy machine may take longer than 200 ms to greet.
    await mailerFor(smtp.url, [], { ...fast, timeoutMs: 5_000 }).send({ to, subject: "Confirm", text: `Open ${LINK}` });
    const row = await waitFor(() => rowFor(to), (r) => r?.status === "sent");
    await smtp.close();
    expect(row).toMatchObject({ status: "sent", attempts: 2, text: "", lastError: null });
    expect(smtp.received).toHaveLength(1);
    expect(bodyText(smtp.received[0]!.raw)).toContain(LINK);
  });
});

describe("without SMTP_URL", () => {
  it("logs that a mail went to the outbox with its address and subject, never its text", async () => {
    const lines: string[] = [];
    const to = uniqueEmail("dev");
    await mailerFor(undefined, lines).send({ to, subject: "Reset your password", text: `Open ${LINK}` });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "info", to, subject: "Reset your password" });
    expect(lines[0]).not.toContain("planted-live-link");
    expect(await rowFor(to)).toBeUndefined();
  });
});
