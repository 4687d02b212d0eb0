import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { SecretBox } from "../../lib/secret-box";
import { telegramSender } from "../telegram/telegram-sender";
import { whatsappSender } from "../whatsapp/whatsapp-sender";
import type { ChannelSenders } from "./notify";

/** Every channel that can send, one place: the notice worker and the assistant's message tool use the same. */
export function channelSendersOf(db: Db, env: Env, box: SecretBox, now: () => Date = () => new Date()): ChannelSenders {
  return { telegram: telegramSender(db, env, box), whatsapp: whatsappSender(db, env, box, now) };
}
