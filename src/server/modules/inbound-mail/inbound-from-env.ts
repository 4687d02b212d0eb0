import type { Services } from "../../context";
import { inboundListenError } from "./startup-error";
import { inboundDomainOf } from "./inbound-address";
import { startInboundReceiver, type InboundReceiver } from "./smtp-receiver";

/** Starts the receiver the configuration asks for, or none (INBOUND_SMTP_PORT unset). */
export async function startInboundFromEnv(services: Services): Promise<InboundReceiver | null> {
  const { env } = services;
  if (env.INBOUND_SMTP_PORT === undefined) return null;
  return startInboundReceiver({
    db: services.database.db,
    queue: services.queue,
    secret: env.SECRET_KEY,
    now: services.clock.now,
    perHour: env.INBOUND_MAIL_PER_HOUR,
    host: env.INBOUND_SMTP_HOST,
    port: env.INBOUND_SMTP_PORT,
    domain: inboundDomainOf(env),
    maxBytes: env.INBOUND_MAIL_MAX_BYTES,
    logger: services.logger,
  }).catch((error: unknown) => Promise.reject(inboundListenError(error, env.INBOUND_SMTP_PORT!)));
}
