import { z } from "zod";

// Chat channels (Telegram, WhatsApp) on one core: the payloads of their routes.

export const messagingChannelNames = ["telegram", "whatsapp"] as const;
export type MessagingChannel = (typeof messagingChannelNames)[number];

/** A BotFather token: "<bot id>:<secret>". */
export const telegramConnectInput = z.strictObject({
  bot_token: z.string().trim().min(1, "Paste the bot token from BotFather").max(200, "Use at most 200 characters").regex(/^\d{3,20}:[A-Za-z0-9_-]{20,}$/, "A bot token looks like 123456789:AA… (from BotFather)"),
});
export type TelegramConnectInput = z.input<typeof telegramConnectInput>;

/**
 * The Telegram card: connected only after getMe and setWebhook both passed; the last update and the
 * last error as the server saw them; and the caller's own link.
 */
export const telegramStatus = z.object({
  connected: z.boolean(),
  bot_username: z.string().nullable(),
  masked_token: z.string().nullable(),
  verified_at: z.string().nullable(),
  last_event_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  linked_members: z.number().int(),
  me_linked: z.boolean(),
});
export type TelegramStatus = z.infer<typeof telegramStatus>;

export const telegramTestResult = z.object({ ok: z.boolean(), message: z.string(), status: telegramStatus });
export type TelegramTestResult = z.infer<typeof telegramTestResult>;

/** A one-time code the member sends to the bot as /start CODE; `link` opens the chat with it filled in. */
export const linkCodeResponse = z.object({ code: z.string(), expires_at: z.string(), link: z.string().nullable() });
export type LinkCodeResponse = z.infer<typeof linkCodeResponse>;

/**
 * WhatsApp Cloud API: the phone number's id (Meta's WhatsApp Manager, API Setup), a system user's
 * access token, the Meta app's secret (it signs every webhook delivery) and the approved template
 * sent outside WhatsApp's 24-hour window (none: such notices are not sent).
 */
export const whatsappConnectInput = z.strictObject({
  phone_number_id: z.string().trim().regex(/^\d{5,30}$/, "The phone number id is the number Meta shows under API Setup (digits only)"),
  access_token: z.string().trim().min(20, "Paste the access token from Meta (a system user's permanent token)").max(1000, "Use at most 1000 characters").regex(/^[A-Za-z0-9_|.-]+$/, "An access token has letters and digits only, no spaces"),
  app_secret: z.string().trim().regex(/^[A-Za-z0-9]{16,128}$/, "The app secret is the hex string under App settings, Basic"),
  template_name: z.string().trim().max(512, "Use at most 512 characters").regex(/^[a-z0-9_]*$/, "A template name has lower-case letters, digits and underscores only").nullish(),
});
export type WhatsappConnectInput = z.input<typeof whatsappConnectInput>;

/**
 * The WhatsApp card: connected only after the Graph API read the phone number with the stored
 * token and secret; where Meta posts (webhook_url) and the verify token it must send (owners only).
 */
export const whatsappStatus = z.object({
  connected: z.boolean(),
  phone_number: z.string().nullable(),
  phone_number_id: z.string().nullable(),
  masked_token: z.string().nullable(),
  template_name: z.string().nullable(),
  webhook_url: z.string(),
  verify_token: z.string().nullable(),
  verified_at: z.string().nullable(),
  last_event_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  linked_members: z.number().int(),
  me_linked: z.boolean(),
});
export type WhatsappStatus = z.infer<typeof whatsappStatus>;

export const whatsappTestResult = z.object({ ok: z.boolean(), message: z.string(), status: whatsappStatus });
export type WhatsappTestResult = z.infer<typeof whatsappTestResult>;
