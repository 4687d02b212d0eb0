import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { messagingLinks, messagingUpdates } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import type { Worker } from "../../lib/queue";
import { recordChannelError } from "../messaging/channel-state";
import { answerIncoming, type IncomingDeps } from "../messaging/incoming";
import { sendText } from "./graph-api";
import { graphConfigOf } from "./whatsapp-config";
import { whatsappCredentialsOf } from "./whatsapp-credentials";

/** A text message Meta posted to an organisation's webhook (whatsapp-webhook-routes.ts), answered here. */
export const WHATSAPP_UPDATES_QUEUE = "whatsapp-updates";

const job = z.object({ org_id: z.uuid(), message_id: z.string().min(1).max(256), wa_id: z.string().regex(/^\d{5,20}$/), text: z.string().max(4096), sent_at: z.iso.datetime() });

export type WhatsappWorkerDeps = IncomingDeps & { logger: Logger };

/**
 * Claims the message first (handled_at), so a job run twice answers once; answers it as the linked
 * member; notes the member's last message (WhatsApp's 24-hour window) and sends the answer.
 */
export async function handleWhatsappMessage(deps: WhatsappWorkerDeps, data: z.infer<typeof job>): Promise<void> {
  const [claimed] = await deps.db
    .update(messagingUpdates)
    .set({ handledAt: deps.now() })
    .where(and(eq(messagingUpdates.orgId, data.org_id), eq(messagingUpdates.channel, "whatsapp"), eq(messagingUpdates.updateId, data.message_id), isNull(messagingUpdates.handledAt)))
    .returning({ id: messagingUpdates.updateId });
  if (!claimed) return;
  const creds = await whatsappCredentialsOf(deps.db, deps.box, data.org_id);
  if (!creds?.token || !creds.phoneNumberId || creds.status !== "connected") return;
  let reply: string;
  try {
    reply = await answerIncoming(deps, { orgId: data.org_id, channel: "whatsapp", chatId: data.wa_id, text: data.text, languageHint: null });
  } catch (error) {
    deps.logger.warn("whatsapp message not answered", { orgId: data.org_id, error: error instanceof Error ? error.name : "unknown" });
    await recordChannelError(deps.db, data.org_id, "whatsapp", "A message could not be answered", deps.now());
    return;
  }
  // After answering, so the "link CODE" message that made the link opens the window too. Never later than now.
  const sentAt = new Date(Math.min(new Date(data.sent_at).getTime(), deps.now().getTime()));
  await deps.db
    .update(messagingLinks)
    .set({ lastInboundAt: sentAt })
    .where(and(eq(messagingLinks.orgId, data.org_id), eq(messagingLinks.channel, "whatsapp"), eq(messagingLinks.chatId, data.wa_id)));
  const sent = await sendText(graphConfigOf(deps.env), creds.token, creds.phoneNumberId, data.wa_id, reply);
  if (!sent.ok) await recordChannelError(deps.db, data.org_id, "whatsapp", `WhatsApp refused a message: ${sent.description}`, deps.now());
}

export function whatsappWorker(deps: WhatsappWorkerDeps): Worker {
  return {
    queue: WHATSAPP_UPDATES_QUEUE,
    handle: async (queued) => {
      const parsed = job.safeParse(queued.data);
      if (!parsed.success) return deps.logger.warn("ignored malformed whatsapp message", { jobId: queued.id });
      await handleWhatsappMessage(deps, parsed.data);
    },
  };
}
