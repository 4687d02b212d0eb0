import { z } from "zod";

// Chat channels (Telegram now; WhatsApp later on the same core): the payloads of their routes.

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
