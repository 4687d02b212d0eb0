import type { Db } from "../db/client";
import { withoutQueryParams } from "../lib/database-errors";
import type { Logger } from "../lib/logger";
import { claimDueMail, markFailed, markRetry, markSent, type QueuedMail } from "./mail-queue";
import type { Mail } from "./mailer";

export type SenderTiming = {
  /** Each of nodemailer's connection, greeting and socket timeouts. */
  timeoutMs: number;
  /** Waits before the 2nd, 3rd... attempt; one more attempt than entries, then the mail is failed. */
  retryDelaysMs: number[];
  /** How often an idle sender looks for due mail (retries, mail another instance queued). */
  pollMs: number;
  /** How long a claimed mail is left alone: longer than any send can take. */
  leaseMs: number;
  batch: number;
};

const MINUTE = 60_000;
export const defaultTiming: SenderTiming = { timeoutMs: 10_000, retryDelaysMs: [MINUTE, 5 * MINUTE, 15 * MINUTE, 60 * MINUTE], pollMs: 5_000, leaseMs: 5 * MINUTE, batch: 10 };

export type MailSender = { wake: () => void; close: () => Promise<void> };

// Kept in mail_queue.last_error for an owner to read: a failed query's values (a mail's text) are not.
const describe = (error: unknown) => withoutQueryParams(error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Sends queued mail in the background, so a slow or silent SMTP server never holds a request.
 * One pass at a time per process; `wake` starts one at once after a mail is queued.
 */
export function startMailSender(options: { db: Db; logger: Logger; deliver: (mail: Mail) => Promise<unknown>; timing: SenderTiming }): MailSender {
  const { db, logger, deliver, timing } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (closed) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };

  function run() {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => {
        if (!closed) logger.warn("mail sender pass failed", { error: describe(error) });
        return 0;
      })
      .then((claimed) => {
        running = undefined;
        const more = again || claimed === timing.batch;
        again = false;
        schedule(more ? 0 : timing.pollMs);
      });
  }

  async function pass(): Promise<number> {
    const rows = await claimDueMail(db, timing.batch, timing.leaseMs);
    await Promise.all(rows.map(attempt));
    return rows.length;
  }

  async function attempt(row: QueuedMail) {
    try {
      await deliver({ to: row.to, subject: row.subject, text: row.text, ...(row.headers ? { headers: row.headers } : {}) });
    } catch (error) {
      const reason = describe(error);
      const fields = { mailId: row.id, subject: row.subject, attempts: row.attempts, error: reason };
      if (row.attempts > timing.retryDelaysMs.length) {
        await markFailed(db, row.id, reason);
        logger.error("mail could not be sent; giving up", fields);
      } else {
        await markRetry(db, row.id, reason, timing.retryDelaysMs[row.attempts - 1]!);
        logger.warn("mail could not be sent; will retry", fields);
      }
      return;
    }
    await markSent(db, row.id);
  }

  schedule(0); // mail an earlier run left behind
  return {
    wake: () => {
      clearTimeout(timer);
      run();
    },
    // Stops claiming; a send still in flight gets a moment, and its lease returns it otherwise.
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await Promise.race([running, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    },
  };
}
