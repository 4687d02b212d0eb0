import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { messagingUpdates } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import type { Worker } from "../../lib/queue";
import { recordChannelError } from "../messaging/channel-state";
import { answerIncoming, type IncomingDeps } from "../messaging/incoming";
import { sendMessage } from "./bot-api";
import { botConfigOf } from "./telegram-config";
import { telegramCredentialsOf } from "./telegram-credentials";

/** A text message Telegram posted to an organisation's webhook (webhook-routes.ts), answered here. */
export const TELEGRAM_UPDATES_QUEUE = "telegram-updates";

const job = z.object({ org_id: z.uuid(), update_id: z.string().min(1), chat_id: z.string().min(1).max(64), text: z.string().max(4096), language_code: z.string().nullable() });

export type TelegramWorkerDeps = IncomingDeps & { logger: Logger };

/**
 * Claims the update first (handled_at), so a job delivered twice creates its task once; then
 * answers it and sends the answer through the organisation's bot.
 */
export async function handleTelegramUpdate(deps: TelegramWorkerDeps, data: z.infer<typeof job>): Promise<void> {
  const [claimed] = await deps.db
    .update(messagingUpdates)
    .set({ handledAt: deps.now() })
    .where(and(eq(messagingUpdates.orgId, data.org_id), eq(messagingUpdates.channel, "telegram"), eq(messagingUpdates.updateId, data.update_id), isNull(messagingUpdates.handledAt)))
    .returning({ id: messagingUpdates.updateId });
  if (!claimed) return;
  const creds = await telegramCredentialsOf(deps.db, deps.box, data.org_id);
  if (!creds?.token || creds.status !== "connected") return;
  let reply: string;
  try {
    reply = await answerIncoming(deps, { orgId: data.org_id, channel: "telegram", chatId: data.chat_id, text: data.text, languageHint: data.language_code });
  } catch (error) {
    deps.logger.warn("telegram message not answered", { orgId: data.org_id, error: error instanceof Error ? error.name : "unknown" });
    await recordChannelError(deps.db, data.org_id, "telegram", "A message could not be answered", deps.now());
    return;
  }
  const sent = await sendMessage(botConfigOf(deps.env), creds.token, data.chat_id, reply);
  if (!sent.ok) await recordChannelError(deps.db, data.org_id, "telegram", `Telegram refused a message: ${sent.description}`, deps.now());
}

export function telegramWorker(deps: TelegramWorkerDeps): Worker {
  return {
    queue: TELEGRAM_UPDATES_QUEUE,
    handle: async (queued) => {
      const parsed = job.safeParse(queued.data);
      if (!parsed.success) return deps.logger.warn("ignored malformed telegram update", { jobId: queued.id });
      await handleTelegramUpdate(deps, parsed.data);
    },
  };
}
