import type { Services } from "../../context";
import { inboundListenError } from "./startup-error";
import { inboundDomainOf } from "./inbound-address";
import { imapConfigOf } from "./imap-config";
import { startImapPoller, type ImapPoller } from "./imap-poller";
import { startInboundReceiver, type InboundReceiver } from "./smtp-receiver";

export type InboundReceivers = { smtp: InboundReceiver | null; imap: ImapPoller | null; stop: () => Promise<void> };

/**
 * Starts the receivers the configuration asks for: our SMTP receiver (INBOUND_SMTP_PORT), the IMAP
 * poller of a mailbox (INBOUND_IMAP_URL), both, or none. An unreachable mailbox never stops start-up:
 * the poller logs it, shows it on the card and tries again.
 */
export async function startInboundFromEnv(services: Services): Promise<InboundReceivers | null> {
  const { env } = services;
  if (env.INBOUND_SMTP_PORT === undefined && env.INBOUND_IMAP_URL === undefined) return null;
  const deps = { db: services.database.db, queue: services.queue, secret: env.SECRET_KEY, now: services.clock.now, perHour: env.INBOUND_MAIL_PER_HOUR, domain: inboundDomainOf(env), maxBytes: env.INBOUND_MAIL_MAX_BYTES, logger: services.logger };
  const smtp =
    env.INBOUND_SMTP_PORT === undefined
      ? null
      : await startInboundReceiver({ ...deps, host: env.INBOUND_SMTP_HOST, port: env.INBOUND_SMTP_PORT }).catch((error: unknown) => Promise.reject(inboundListenError(error, env.INBOUND_SMTP_PORT!)));
  const imap = env.INBOUND_IMAP_URL === undefined ? null : startImapPoller({ ...deps, imap: imapConfigOf(env.INBOUND_IMAP_URL), pollMs: env.INBOUND_IMAP_POLL_MS });
  return { smtp, imap, stop: async () => void (await Promise.all([smtp?.stop(), imap?.stop()])) };
}
