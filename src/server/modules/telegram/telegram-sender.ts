import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { SecretBox } from "../../lib/secret-box";
import type { ChannelSender } from "../messaging/notify";
import { sendMessage } from "./bot-api";
import { botConfigOf } from "./telegram-config";
import { telegramCredentialsOf } from "./telegram-credentials";

/** Sends through the organisation's own bot, only while it is connected. */
export function telegramSender(db: Db, env: Env, box: SecretBox): ChannelSender {
  return async (orgId, chatId, text) => {
    const creds = await telegramCredentialsOf(db, box, orgId);
    if (!creds || creds.status !== "connected" || !creds.token) return { ok: false, description: "Telegram is not connected" };
    const sent = await sendMessage(botConfigOf(env), creds.token, chatId, text);
    return sent.ok ? { ok: true } : { ok: false, description: `Telegram refused a message: ${sent.description}` };
  };
}
