import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { maskSecret } from "@/shared/connections";
import type { LinkCodeResponse, WhatsappConnectInput, WhatsappStatus, WhatsappTestResult } from "@/shared/messaging";
import { connections, messagingLinks } from "../../db/schema";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import type { SecretBox } from "../../lib/secret-box";
import { sealAuth } from "../connections/connection-auth";
import { recordConnectionChange } from "../connections/record-connection-change";
import { linkedCount, readChannelState, writeChannelState } from "../messaging/channel-state";
import { createLinkCode, unlinkChannel, unlinkMember } from "../messaging/link-codes";
import type { Ctx } from "../organisations/org-scope";
import { readPhoneNumber } from "./graph-api";
import { graphConfigOf, whatsappWebhookUrlOf } from "./whatsapp-config";
import { whatsappCredentialsOf } from "./whatsapp-credentials";

export type WhatsappCtx = Ctx & { env: Env; box: SecretBox };
const CHANNEL = "whatsapp" as const;

export async function readWhatsappStatus(ctx: WhatsappCtx): Promise<WhatsappStatus> {
  const { db, scope, box } = ctx;
  const creds = await whatsappCredentialsOf(db, box, scope.orgId);
  const state = await readChannelState(db, scope.orgId, CHANNEL);
  const [mine] = await db.select({ id: messagingLinks.id }).from(messagingLinks).where(and(eq(messagingLinks.orgId, scope.orgId), eq(messagingLinks.userId, scope.userId), eq(messagingLinks.channel, CHANNEL)));
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  const stored = !!creds?.token && !!creds.appSecret && !!creds.phoneNumberId;
  return {
    // Connected means: the Graph API read the number with the stored token and app secret (verified_at), and not disconnected since.
    connected: creds?.status === "connected" && stored && !!state?.verifiedAt,
    phone_number: state?.accountName ?? null,
    phone_number_id: creds?.phoneNumberId ?? null,
    masked_token: creds?.token ? maskSecret(creds.token) : null,
    template_name: creds?.templateName ?? null,
    webhook_url: whatsappWebhookUrlOf(ctx.env.APP_URL, scope.orgId),
    // What Meta must send to verify the webhook: pasted by an owner, so shown to owners only.
    verify_token: scope.isOwner ? (creds?.verifyToken ?? null) : null,
    verified_at: iso(state?.verifiedAt),
    last_event_at: iso(state?.lastEventAt),
    last_error: state?.lastError ?? null,
    last_error_at: iso(state?.lastErrorAt),
    linked_members: await linkedCount(db, scope.orgId, CHANNEL),
    me_linked: !!mine,
  };
}

/**
 * Saves the number, token, app secret and template (sealed), keeping the verify token Meta already
 * knows, then reads the number through the Graph API. Only a passing read makes it connected.
 */
export async function connectWhatsapp(ctx: WhatsappCtx, input: WhatsappConnectInput): Promise<WhatsappTestResult> {
  const { db, scope, box } = ctx;
  await db.insert(connections).values({ id: randomUUID(), orgId: scope.orgId, provider: CHANNEL, status: "disconnected" }).onConflictDoNothing();
  const [row] = await db.select({ id: connections.id }).from(connections).where(and(eq(connections.orgId, scope.orgId), eq(connections.provider, CHANNEL)));
  const connectionId = row!.id;
  const before = await whatsappCredentialsOf(db, box, scope.orgId);
  const verifyToken = before?.verifyToken ?? randomBytes(24).toString("base64url");
  const fields = { phoneNumberId: input.phone_number_id.trim(), apiKey: input.access_token.trim(), appSecret: input.app_secret.trim(), verifyToken, templateName: input.template_name?.trim() || null };
  await db.transaction(async (tx) => {
    await tx
      .update(connections)
      .set({ authJson: sealAuth(box, { orgId: scope.orgId, connectionId }, fields), status: "error", tested: false, testOutcome: null, testMessage: null, updatedAt: ctx.now() })
      .where(and(eq(connections.id, connectionId), eq(connections.orgId, scope.orgId)));
    await writeChannelState(tx, scope.orgId, CHANNEL, { verifiedAt: null });
    // Another number: the members linked to the old one write to a number that is no longer ours.
    if (before?.phoneNumberId && before.phoneNumberId !== fields.phoneNumberId) await unlinkChannel(tx, scope.orgId, CHANNEL);
    await recordConnectionChange(tx, scope, { connectionId, action: "connection.update", details: { provider: CHANNEL, masked_key: maskSecret(fields.apiKey), template: fields.templateName } });
  });
  return verify(ctx, connectionId, fields.apiKey, fields.appSecret, fields.phoneNumberId);
}

/** Test: the Graph API reads the number again with what is stored. */
export async function testWhatsapp(ctx: WhatsappCtx): Promise<WhatsappTestResult> {
  const creds = await whatsappCredentialsOf(ctx.db, ctx.box, ctx.scope.orgId);
  if (!creds?.token || !creds.appSecret || !creds.phoneNumberId) throw new AppError("not_found", "WhatsApp is not connected");
  return verify(ctx, creds.connectionId, creds.token, creds.appSecret, creds.phoneNumberId);
}

async function verify(ctx: WhatsappCtx, connectionId: string, token: string, appSecret: string, phoneNumberId: string): Promise<WhatsappTestResult> {
  const { db, scope } = ctx;
  const read = await readPhoneNumber(graphConfigOf(ctx.env), token, appSecret, phoneNumberId);
  const ok = read.ok && !!read.result.display_phone_number;
  const number = read.ok ? read.result.display_phone_number : null;
  const message = read.ok
    ? `Connected to ${number}${read.result.verified_name ? ` (${read.result.verified_name})` : ""}`
    : read.status === 401 || read.code === 190
      ? `WhatsApp refused the access token: ${read.description}`
      : `WhatsApp could not read the phone number: ${read.description}`;
  const now = ctx.now();
  // Another owner may have saved other credentials (or disconnected) while the Graph API answered:
  // this outcome is about credentials the row no longer holds, and is not theirs to overwrite.
  let superseded = false;
  await db.transaction(async (tx) => {
    const current = await whatsappCredentialsOf(tx, ctx.box, scope.orgId, { lock: true });
    if (current?.token !== token || current.appSecret !== appSecret || current.phoneNumberId !== phoneNumberId) {
      superseded = true;
      return;
    }
    await tx
      .update(connections)
      .set({ status: ok ? "connected" : "error", tested: true, testedAt: now, testOutcome: ok ? "valid" : "invalid", testMessage: message, updatedAt: now })
      .where(and(eq(connections.id, connectionId), eq(connections.orgId, scope.orgId)));
    await writeChannelState(tx, scope.orgId, CHANNEL, ok ? { accountName: number, verifiedAt: now, lastError: null, lastErrorAt: null } : { verifiedAt: null, lastError: message, lastErrorAt: now });
    await recordConnectionChange(tx, scope, { connectionId, action: "connection.test", details: { provider: CHANNEL, outcome: ok ? "valid" : "invalid" } });
  });
  const status = await readWhatsappStatus(ctx);
  // The caller learns the state as it is now, not the replaced read's outcome.
  if (superseded) return { ok: status.connected, message: status.connected ? `Connected to ${status.phone_number}` : "WhatsApp is not connected", status };
  return { ok, message, status };
}

/** Every link, code and credential goes; Meta's webhook setting is the owner's to remove in their app. */
export async function disconnectWhatsapp(ctx: WhatsappCtx): Promise<WhatsappStatus> {
  const { db, scope } = ctx;
  const creds = await whatsappCredentialsOf(db, ctx.box, scope.orgId);
  if (!creds) return readWhatsappStatus(ctx);
  const now = ctx.now();
  await db.transaction(async (tx) => {
    await tx.update(connections).set({ status: "disconnected", authJson: null, tested: false, testedAt: null, testOutcome: null, testMessage: null, updatedAt: now }).where(and(eq(connections.id, creds.connectionId), eq(connections.orgId, scope.orgId)));
    await unlinkChannel(tx, scope.orgId, CHANNEL);
    await writeChannelState(tx, scope.orgId, CHANNEL, { verifiedAt: null, accountName: null });
    await recordConnectionChange(tx, scope, { connectionId: creds.connectionId, action: "connection.disconnect", details: { provider: CHANNEL } });
  });
  return readWhatsappStatus(ctx);
}

/** The caller's one-time code, sent as "link CODE"; `link` opens a chat with our number and the text filled in. */
export async function whatsappLinkCode(ctx: WhatsappCtx): Promise<LinkCodeResponse> {
  const status = await readWhatsappStatus(ctx);
  if (!status.connected) throw new AppError("conflict", "WhatsApp is not connected in this organisation");
  const { code, expiresAt } = await createLinkCode(ctx.db, ctx.scope.orgId, ctx.scope.userId, CHANNEL, ctx.now());
  const digits = status.phone_number?.replace(/\D/g, "") ?? "";
  return { code, expires_at: expiresAt.toISOString(), link: digits ? `https://wa.me/${digits}?text=${encodeURIComponent(`link ${code}`)}` : null };
}

export async function unlinkMyWhatsapp(ctx: WhatsappCtx): Promise<WhatsappStatus> {
  await unlinkMember(ctx.db, ctx.scope.orgId, ctx.scope.userId, CHANNEL);
  return readWhatsappStatus(ctx);
}
