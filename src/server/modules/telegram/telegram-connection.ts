import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { maskSecret } from "@/shared/connections";
import type { TelegramStatus, TelegramTestResult } from "@/shared/messaging";
import { connections, messagingLinks } from "../../db/schema";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import type { SecretBox } from "../../lib/secret-box";
import { sealAuth } from "../connections/connection-auth";
import { recordConnectionChange } from "../connections/record-connection-change";
import { linkedCount, readChannelState, writeChannelState } from "../messaging/channel-state";
import { createLinkCode, unlinkChannel, unlinkMember } from "../messaging/link-codes";
import type { Ctx } from "../organisations/org-scope";
import { deleteWebhook, getMe, setWebhook } from "./bot-api";
import { botConfigOf, webhookUrlOf } from "./telegram-config";
import { telegramCredentialsOf } from "./telegram-credentials";

export type TelegramCtx = Ctx & { env: Env; box: SecretBox };
const CHANNEL = "telegram" as const;

export async function readTelegramStatus(ctx: TelegramCtx): Promise<TelegramStatus> {
  const { db, scope, box } = ctx;
  const creds = await telegramCredentialsOf(db, box, scope.orgId);
  const state = await readChannelState(db, scope.orgId, CHANNEL);
  const [mine] = await db.select({ id: messagingLinks.id }).from(messagingLinks).where(and(eq(messagingLinks.orgId, scope.orgId), eq(messagingLinks.userId, scope.userId), eq(messagingLinks.channel, CHANNEL)));
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  return {
    // A passing test clears the last error (it is past); a later refusal sets it again.
    // Connected means: a token that opens, getMe and setWebhook passed (verified_at), and not disconnected since.
    connected: creds?.status === "connected" && !!creds.token && !!state?.verifiedAt,
    bot_username: state?.accountName ?? null,
    masked_token: creds?.token ? maskSecret(creds.token) : null,
    verified_at: iso(state?.verifiedAt),
    last_event_at: iso(state?.lastEventAt),
    last_error: state?.lastError ?? null,
    last_error_at: iso(state?.lastErrorAt),
    linked_members: await linkedCount(db, scope.orgId, CHANNEL),
    me_linked: !!mine,
  };
}

/**
 * Saves the token (sealed, with a fresh webhook secret), then asks Telegram who the bot is (getMe)
 * and registers our webhook (setWebhook with that secret). Only when both pass is it connected;
 * otherwise the row says error and the card shows Telegram's words.
 */
export async function connectTelegram(ctx: TelegramCtx, token: string): Promise<TelegramTestResult> {
  const { db, scope, box } = ctx;
  await db.insert(connections).values({ id: randomUUID(), orgId: scope.orgId, provider: CHANNEL, status: "disconnected" }).onConflictDoNothing();
  const [row] = await db.select({ id: connections.id }).from(connections).where(and(eq(connections.orgId, scope.orgId), eq(connections.provider, CHANNEL)));
  const connectionId = row!.id;
  const secret = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx
      .update(connections)
      .set({ authJson: sealAuth(box, { orgId: scope.orgId, connectionId }, { apiKey: token, webhookSecret: secret }), status: "error", tested: false, testOutcome: null, testMessage: null, updatedAt: ctx.now() })
      .where(and(eq(connections.id, connectionId), eq(connections.orgId, scope.orgId)));
    await writeChannelState(tx, scope.orgId, CHANNEL, { verifiedAt: null });
    await recordConnectionChange(tx, scope, { connectionId, action: "connection.update", details: { provider: CHANNEL, masked_key: maskSecret(token) } });
  });
  return verify(ctx, connectionId, token, secret);
}

/** Test: getMe and setWebhook again with what is stored (a webhook lost on Telegram's side comes back). */
export async function testTelegram(ctx: TelegramCtx): Promise<TelegramTestResult> {
  const creds = await telegramCredentialsOf(ctx.db, ctx.box, ctx.scope.orgId);
  if (!creds?.token || !creds.webhookSecret) throw new AppError("not_found", "Telegram is not connected");
  return verify(ctx, creds.connectionId, creds.token, creds.webhookSecret);
}

async function verify(ctx: TelegramCtx, connectionId: string, token: string, secret: string): Promise<TelegramTestResult> {
  const { db, scope } = ctx;
  const config = botConfigOf(ctx.env);
  const me = await getMe(config, token);
  const hook = me.ok ? await setWebhook(config, token, webhookUrlOf(ctx.env.APP_URL, scope.orgId), secret) : null;
  const ok = me.ok && !!hook?.ok;
  const username = me.ok ? (me.result.username ?? me.result.first_name) : null;
  const message = !me.ok
    ? me.status === 401 || me.status === 404
      ? "Telegram refused the bot token (401 Unauthorized)"
      : `Telegram could not be asked: ${me.description}`
    : hook && !hook.ok
      ? `Telegram did not accept our webhook: ${hook.description}`
      : `Connected to @${username}`;
  const now = ctx.now();
  // Another owner may have connected another bot (or disconnected) while Telegram answered: the
  // row then holds other credentials, and this outcome is not theirs to overwrite.
  let superseded = false;
  await db.transaction(async (tx) => {
    const current = await telegramCredentialsOf(tx, ctx.box, scope.orgId, { lock: true });
    if (current?.webhookSecret !== secret) {
      superseded = true;
      return;
    }
    await tx
      .update(connections)
      .set({ status: ok ? "connected" : "error", tested: true, testedAt: now, testOutcome: ok ? "valid" : "invalid", testMessage: message, updatedAt: now })
      .where(and(eq(connections.id, connectionId), eq(connections.orgId, scope.orgId)));
    await writeChannelState(tx, scope.orgId, CHANNEL, ok ? { accountName: username, verifiedAt: now, lastError: null, lastErrorAt: null } : { verifiedAt: null, lastError: message, lastErrorAt: now, ...(username ? { accountName: username } : {}) });
    await recordConnectionChange(tx, scope, { connectionId, action: "connection.test", details: { provider: CHANNEL, outcome: ok ? "valid" : "invalid" } });
  });
  if (superseded) {
    // Our webhook on a bot that is no longer the organisation's would only be refused: take it back.
    const current = await telegramCredentialsOf(db, ctx.box, scope.orgId);
    // The same bot saved again meanwhile: Telegram must hold the secret stored now, not ours.
    if (hook?.ok && current?.token !== token) await deleteWebhook(config, token);
    else if (hook?.ok && current?.webhookSecret) await setWebhook(config, token, webhookUrlOf(ctx.env.APP_URL, scope.orgId), current.webhookSecret);
    const status = await readTelegramStatus(ctx);
    return { ok: status.connected, message: status.connected ? `Connected to @${status.bot_username}` : "Telegram is not connected", status };
  }
  return { ok, message, status: await readTelegramStatus(ctx) };
}

/** deleteWebhook at Telegram (a refusal is noted, never blocks), then every link and credential goes. */
export async function disconnectTelegram(ctx: TelegramCtx): Promise<TelegramStatus> {
  const { db, scope } = ctx;
  const creds = await telegramCredentialsOf(db, ctx.box, scope.orgId);
  if (!creds) return readTelegramStatus(ctx);
  const dropped = creds.token ? await deleteWebhook(botConfigOf(ctx.env), creds.token) : null;
  const now = ctx.now();
  await db.transaction(async (tx) => {
    await tx.update(connections).set({ status: "disconnected", authJson: null, tested: false, testedAt: null, testOutcome: null, testMessage: null, updatedAt: now }).where(and(eq(connections.id, creds.connectionId), eq(connections.orgId, scope.orgId)));
    await unlinkChannel(tx, scope.orgId, CHANNEL);
    await writeChannelState(tx, scope.orgId, CHANNEL, dropped && !dropped.ok ? { verifiedAt: null, lastError: `Telegram did not remove the webhook: ${dropped.description}`, lastErrorAt: now } : { verifiedAt: null });
    await recordConnectionChange(tx, scope, { connectionId: creds.connectionId, action: "connection.disconnect", details: { provider: CHANNEL } });
  });
  return readTelegramStatus(ctx);
}

/** The caller's one-time code; only while the bot is connected, so the code has somewhere to go. */
export async function telegramLinkCode(ctx: TelegramCtx): Promise<{ code: string; expires_at: string; link: string | null }> {
  const status = await readTelegramStatus(ctx);
  if (!status.connected) throw new AppError("conflict", "Telegram is not connected in this organisation");
  const { code, expiresAt } = await createLinkCode(ctx.db, ctx.scope.orgId, ctx.scope.userId, CHANNEL, ctx.now());
  return { code, expires_at: expiresAt.toISOString(), link: status.bot_username ? `https://t.me/${status.bot_username}?start=${code}` : null };
}

export async function unlinkMyTelegram(ctx: TelegramCtx): Promise<TelegramStatus> {
  await unlinkMember(ctx.db, ctx.scope.orgId, ctx.scope.userId, CHANNEL);
  return readTelegramStatus(ctx);
}

