import type { AddressInfo } from "node:net";
import type { SMTPServerDataStream } from "smtp-server";
import type { Logger } from "../../lib/logger";
import { parseRecipient, type InboundTarget } from "./inbound-address";
import { mailOfRaw } from "./mail-of-raw";
import { receiveMail, recipientExists, type ReceiveDeps, type Verdict } from "./receive-mail";

export type InboundReceiverOptions = ReceiveDeps & { host: string; port: number; domain: string; maxBytes: number; logger: Logger };
export type InboundReceiver = { port: number; stop: () => Promise<void> };

// A bounded path instead of the job queue: each mail is one short transaction while its sender waits
// for the answer (so a refusal reaches the sender), and at most MAX_CLIENTS sessions run at once.
const MAX_CLIENTS = 20;
const MAX_RECIPIENTS = 5;

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/** Reads the message, stopping at the limit: what is over it is drained, never held in memory. */
function readMessage(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
    });
    stream.on("error", reject);
    stream.on("end", () => resolve(stream.sizeExceeded || size > maxBytes ? null : Buffer.concat(chunks)));
  });
}

/** The receiver of mail to task: `p-<token>@domain` becomes a task, `r-<task>-<mac>@domain` a comment. */
export async function startInboundReceiver(options: InboundReceiverOptions): Promise<InboundReceiver> {
  // Loaded only when the operator turns the receiver on (INBOUND_SMTP_PORT).
  const { SMTPServer } = await import("smtp-server");
  const { logger, domain, maxBytes } = options;
  const targets = new WeakMap<object, InboundTarget[]>();
  const server = new SMTPServer({
    name: domain,
    banner: "mail to task",
    size: maxBytes,
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    maxClients: MAX_CLIENTS,
    logger: false,
    socketTimeout: 60_000,
    onRcptTo(address, session, callback) {
      const target = parseRecipient(address.address, domain);
      if (!target) return callback(smtpError(550, "5.1.1 No such mailbox"));
      const list = targets.get(session.envelope) ?? [];
      if (list.length >= MAX_RECIPIENTS) return callback(smtpError(452, "4.5.3 Too many recipients"));
      recipientExists(options.db, target).then(
        (exists) => {
          if (!exists) return callback(smtpError(550, "5.1.1 No such mailbox"));
          targets.set(session.envelope, [...list, target]);
          callback();
        },
        (error: unknown) => {
          logger.error("inbound mail: recipient check failed", { error: String(error) });
          callback(smtpError(451, "4.3.0 Try again later"));
        },
      );
    },
    onData(stream, session, callback) {
      const list = targets.get(session.envelope) ?? [];
      readMessage(stream, maxBytes)
        .then(async (raw) => {
          // Over the limit: smtp-server itself answers 552 whatever we say, and nothing was stored.
          if (!raw) return callback(smtpError(552, "5.3.4 Message too big"));
          const mail = await mailOfRaw(raw, session.envelope.mailFrom ? session.envelope.mailFrom.address : "");
          const verdicts: Verdict[] = [];
          for (const target of list) verdicts.push(await receiveMail(options, target, mail));
          const refusal = verdicts.find((v): v is Extract<Verdict, { accepted: false }> => !v.accepted);
          if (verdicts.some((v) => v.accepted) || !refusal) return callback(null, "2.0.0 Accepted");
          callback(smtpError(refusal.code, refusal.message));
        })
        .catch((error: unknown) => {
          logger.error("inbound mail: delivery failed", { error: String(error) });
          callback(smtpError(451, "4.3.0 Try again later"));
        });
    },
  });
  server.on("error", (error) => logger.warn("inbound mail: connection error", { error: String(error) }));
  return new Promise((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.server.off("error", reject);
      const { port } = server.server.address() as AddressInfo;
      resolve({ port, stop: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}
