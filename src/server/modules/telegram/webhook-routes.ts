import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { messagingUpdates } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { parseWith } from "../../lib/parse";
import { recordChannelEvent } from "../messaging/channel-state";
import { telegramCredentialsOf } from "./telegram-credentials";
import { TELEGRAM_UPDATES_QUEUE } from "./telegram-worker";

const hookParams = z.object({ orgId: z.uuid("Organisation id is not valid") });

/** The part of Telegram's Update we read; anything else in it is ignored, not refused. */
const update = z.object({
  update_id: z.number().int().nonnegative(),
  message: z
    .object({
      chat: z.object({ id: z.union([z.number().int(), z.string().max(64)]) }),
      text: z.string().max(4096).optional(),
      from: z.object({ language_code: z.string().max(16).optional() }).optional(),
    })
    .optional(),
});

const sameSecret = (given: string, expected: string) => {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
};

/**
 * POST /api/v1/hooks/telegram/:orgId, called by Telegram (no session). The secret_token we gave
 * setWebhook must come back in X-Telegram-Bot-Api-Secret-Token; an update_id seen before is
 * answered 200 and dropped (Telegram redelivers until it gets a 2xx). The message is answered by a
 * job, never in the request.
 */
export const telegramWebhookRoutes = new Hono<AppEnv>().post("/:orgId", async (c) => {
  const { orgId } = parseWith(hookParams, c.req.param());
  const { database, secrets, queue, clock } = c.get("services");
  const given = c.req.header("x-telegram-bot-api-secret-token");
  const creds = await telegramCredentialsOf(database.db, secrets, orgId);
  // No connection, a disconnected one, or the wrong secret: the same answer, so nothing is learnt.
  if (!given || !creds?.webhookSecret || !sameSecret(given, creds.webhookSecret)) throw new AppError("unauthorized", "This webhook call is not signed by the organisation's bot");
  const body = await c.req.json().catch(() => null);
  const parsed = update.safeParse(body);
  if (!parsed.success) throw new AppError("bad_request", "This is not a Telegram update");
  const { update_id: updateId, message } = parsed.data;
  const now = clock.now();
  await database.db.transaction(async (tx) => {
    const [fresh] = await tx.insert(messagingUpdates).values({ orgId, channel: "telegram", updateId: String(updateId), receivedAt: now }).onConflictDoNothing().returning({ id: messagingUpdates.updateId });
    await recordChannelEvent(tx, orgId, "telegram", now);
    if (!fresh || !message?.text) return;
    await queue.send(
      TELEGRAM_UPDATES_QUEUE,
      { org_id: orgId, update_id: String(updateId), chat_id: String(message.chat.id), text: message.text, language_code: message.from?.language_code ?? null },
      { tx, key: orgId },
    );
  });
  // Seen update_ids are pruned after a week by the retention job (modules/retention), not here.
  return c.json({ ok: true });
});
