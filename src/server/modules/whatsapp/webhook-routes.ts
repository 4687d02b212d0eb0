import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { messagingUpdates } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { parseWith } from "../../lib/parse";
import { recordChannelError, recordChannelEvent } from "../messaging/channel-state";
import { whatsappCredentialsOf } from "./whatsapp-credentials";
import { WHATSAPP_UPDATES_QUEUE } from "./whatsapp-worker";

const hookParams = z.object({ orgId: z.uuid("Organisation id is not valid") });

/** The part of Meta's webhook payload we read (field "messages"); anything else in it is ignored, not refused. */
const delivery = z.object({
  object: z.string().max(64),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string().max(64),
              value: z.object({
                metadata: z.object({ phone_number_id: z.string().max(64) }).optional(),
                messages: z
                  .array(z.object({ from: z.string().max(32), id: z.string().min(1).max(256), timestamp: z.string().regex(/^\d{1,12}$/), type: z.string().max(32), text: z.object({ body: z.string().max(4096) }).optional() }))
                  .max(100)
                  .optional(),
                statuses: z
                  .array(z.object({ status: z.string().max(32), errors: z.array(z.object({ code: z.number().int(), title: z.string().max(500).optional(), message: z.string().max(500).optional(), error_data: z.object({ details: z.string().max(500) }).partial().optional() })).max(10).optional() }))
                  .max(100)
                  .optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

const hashed = (text: string) => createHash("sha256").update(text).digest();
/** Equal in constant time, whatever the lengths (both sides hashed first). */
const same = (given: string, expected: string) => timingSafeEqual(hashed(given), hashed(expected));

export const whatsappVerificationQuery = z.object({ "hub.mode": z.string().max(64).optional(), "hub.verify_token": z.string().max(256).optional(), "hub.challenge": z.string().max(256).optional() });

/**
 * GET and POST /api/v1/hooks/whatsapp/:orgId, called by Meta (no session). GET is the webhook's
 * verification: the verify token the card shows must come back, and hub.challenge is echoed. Every
 * POST is signed: X-Hub-Signature-256 is sha256=HMAC-SHA256(raw body, app secret). A message id seen
 * before is answered 200 and dropped (Meta redelivers until it gets a 2xx); messages are answered by
 * a job, never in the request.
 */
export const whatsappWebhookRoutes = new Hono<AppEnv>()
  .get("/:orgId", async (c) => {
    const { orgId } = parseWith(hookParams, c.req.param());
    const query = whatsappVerificationQuery.safeParse(c.req.query());
    const { database, secrets } = c.get("services");
    const creds = await whatsappCredentialsOf(database.db, secrets, orgId);
    const q = query.success ? query.data : {};
    if (q["hub.mode"] !== "subscribe" || !q["hub.verify_token"] || !creds?.verifyToken || !same(q["hub.verify_token"], creds.verifyToken)) {
      throw new AppError("forbidden", "The verify token is not this organisation's");
    }
    return c.text(q["hub.challenge"] ?? "", 200, { "content-type": "text/plain; charset=utf-8" });
  })
  .post("/:orgId", async (c) => {
    const { orgId } = parseWith(hookParams, c.req.param());
    const { database, secrets, queue, clock } = c.get("services");
    const raw = await c.req.text();
    const given = c.req.header("x-hub-signature-256");
    const creds = await whatsappCredentialsOf(database.db, secrets, orgId);
    // No connection, no secret, or a wrong signature: the same answer, so nothing is learnt.
    const expected = creds?.appSecret ? `sha256=${createHmac("sha256", creds.appSecret).update(raw).digest("hex")}` : null;
    if (!given || !expected || !same(given.trim().toLowerCase(), expected)) throw new AppError("unauthorized", "This webhook call is not signed with the organisation's app secret");
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = null;
    }
    const parsed = delivery.safeParse(body);
    if (!parsed.success) throw new AppError("bad_request", "This is not a WhatsApp webhook delivery");
    const now = clock.now();
    // One Meta app may serve several numbers (and so several organisations): only our number's changes count.
    const values = parsed.data.entry.flatMap((e) => e.changes).filter((ch) => ch.field === "messages" && ch.value.metadata?.phone_number_id === creds?.phoneNumberId).map((ch) => ch.value);
    await database.db.transaction(async (tx) => {
      await recordChannelEvent(tx, orgId, "whatsapp", now);
      for (const value of values) {
        for (const message of value.messages ?? []) {
          const [fresh] = await tx.insert(messagingUpdates).values({ orgId, channel: "whatsapp", updateId: message.id, receivedAt: now }).onConflictDoNothing().returning({ id: messagingUpdates.updateId });
          if (!fresh || message.type !== "text" || !message.text || !/^\d{5,20}$/.test(message.from)) continue;
          const sentAt = new Date(Math.min(Number(message.timestamp) * 1000, now.getTime()));
          await queue.send(WHATSAPP_UPDATES_QUEUE, { org_id: orgId, message_id: message.id, wa_id: message.from, text: message.text.body, sent_at: sentAt.toISOString() }, { tx, key: orgId });
        }
        // A message WhatsApp could not deliver (window closed, template missing, number blocked): the card's last error.
        const failure = (value.statuses ?? []).flatMap((s) => (s.status === "failed" ? (s.errors ?? []) : [])).at(-1);
        if (failure) {
          const words = [failure.title ?? failure.message ?? "failed", failure.error_data?.details].filter(Boolean).join(": ");
          await recordChannelError(tx, orgId, "whatsapp", `WhatsApp could not deliver a message: ${words} (code ${failure.code})`, now);
        }
      }
    });
    // Seen message ids are pruned after a week by the retention job (modules/retention), not here.
    return c.json({ ok: true });
  });
