import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { SecretBox } from "../../lib/secret-box";
import type { ChannelSender } from "../messaging/notify";
import { isTransientStatus } from "../messaging/send-result";
import { sendMessage } from "./bot-api";
import { botConfigOf } from "./telegram-config";
import { telegramCredentialsOf } from "./telegram-credentials";

/** Sends through the organisation's own bot, only while it is connected. */
export function telegramSender(db: Db, env: Env, box: SecretBox): ChannelSender {
  return async (orgId, chatId, text) => {
    const creds = await telegramCredentialsOf(db, box, orgId);
    if (!creds || creds.status !== "connected" || !creds.token) return { ok: false, description: "Telegram is not connected", transient: false };
    const sent = await sendMessage(botConfigOf(env), creds.token, chatId, text);
    if (sent.ok) return { ok: true };
    // 400 (chat not found), 401 (token revoked) and 403 (bot blocked) stay so however often it is sent.
    const retryAfter = sent.retryAfterS ? { retryAfterMs: sent.retryAfterS * 1000 } : {};
    return { ok: false, description: `Telegram refused a message: ${sent.description}`, transient: isTransientStatus(sent.status), ...retryAfter };
  };
}
