import type { Transporter } from "nodemailer";
import type { Db } from "../db/client";
import { devOutbox } from "../db/schema";
import type { Logger } from "../lib/logger";
import { enqueueMail } from "./mail-queue";
import { defaultTiming, startMailSender, type SenderTiming } from "./mail-sender";

/** headers: extra ones such as List-Unsubscribe (RFC 8058); the sender sets From, To and Subject. */
export type Mail = { to: string; subject: string; text: string; headers?: Record<string, string> };
/** `close` stops the background sender; call it before closing the database. */
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => Promise<void> };

export type MailerOptions = { smtpUrl?: string; from: string; db: Db; logger: Logger; timing?: Partial<SenderTiming> };

/**
 * With SMTP_URL, `send` only queues (mail_queue) and a background sender delivers, so sign-up and
 * reset answer at once however the SMTP server behaves. Without it, mail goes to the development
 * outbox at once (tests read links from it); the log names the mail but never holds its text.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, db, logger } = options;
  if (!smtpUrl) {
    return {
      send: async (mail) => {
        await db.insert(devOutbox).values(mail);
        logger.info("mail kept in the development outbox (no SMTP_URL)", { to: mail.to, subject: mail.subject });
      },
      close: async () => undefined,
    };
  }
  const timing = { ...defaultTiming, ...options.timing };
  const t = timing.timeoutMs;
  // nodemailer (2.5 MB of heap) loads with the first mail to deliver, not at start.
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport({ url: smtpUrl, connectionTimeout: t, greetingTimeout: t, socketTimeout: t })));
  const sender = startMailSender({ db, logger, timing, deliver: async (mail) => (await transporter()).sendMail({ from: options.from, ...mail }) });
  return {
    send: async (mail) => {
      await enqueueMail(db, mail);
      sender.wake();
    },
    close: async () => {
      await sender.close();
      await transport?.then((t) => t.close(), () => undefined);
    },
  };
}
