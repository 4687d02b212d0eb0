import nodemailer from "nodemailer";
import type { Db } from "../db/client";
import { devOutbox } from "../db/schema";
import type { Logger } from "../lib/logger";

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/** SMTP when configured; otherwise the log and the development outbox, so sign-up works offline. */
export function createMailer(options: { smtpUrl?: string; from: string; db: Db; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    send: async (mail) => {
      options.logger.info("mail (no SMTP_URL, kept in the development outbox)", { to: mail.to, subject: mail.subject, text: mail.text });
      await options.db.insert(devOutbox).values(mail);
    },
  };
}
