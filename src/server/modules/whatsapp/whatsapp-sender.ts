import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { messagingLinks } from "../../db/schema";
import type { Env } from "../../env";
import type { SecretBox } from "../../lib/secret-box";
import type { ChannelSender } from "../messaging/notify";
import { isTransientStatus, type SendResult } from "../messaging/send-result";
import { isRateLimited, REENGAGEMENT_REQUIRED, sendTemplate, sendText, type GraphConfig, type GraphError } from "./graph-api";
import { graphConfigOf, SERVICE_WINDOW_MS } from "./whatsapp-config";
import { whatsappCredentialsOf } from "./whatsapp-credentials";

/** Graph's "template name does not exist in the translation": the member's language is not approved, English is tried. */
const TEMPLATE_NOT_IN_LANGUAGE = 132001;

/**
 * Sends through the organisation's own number, only while it is connected. Within 24 hours of the
 * member's last message it is free text; after that WhatsApp takes only an approved template, so the
 * owner's template carries the notice as its parameter, and without one the notice is not sent.
 */
export function whatsappSender(db: Db, env: Env, box: SecretBox, now: () => Date): ChannelSender {
  return async (orgId, chatId, text, lang) => {
    const creds = await whatsappCredentialsOf(db, box, orgId);
    if (!creds || creds.status !== "connected" || !creds.token || !creds.phoneNumberId) return { ok: false, description: "WhatsApp is not connected", transient: false };
    const config = graphConfigOf(env);
    const [link] = await db.select({ lastInboundAt: messagingLinks.lastInboundAt }).from(messagingLinks).where(and(eq(messagingLinks.orgId, orgId), eq(messagingLinks.channel, "whatsapp"), eq(messagingLinks.chatId, chatId)));
    const inWindow = !!link?.lastInboundAt && now().getTime() - link.lastInboundAt.getTime() < SERVICE_WINDOW_MS;
    if (inWindow) {
      const sent = await sendText(config, creds.token, creds.phoneNumberId, chatId, text);
      if (sent.ok) return { ok: true };
      // Our clock and WhatsApp's disagree about the window: the template is the way that remains.
      if (sent.code !== REENGAGEMENT_REQUIRED) return refused(sent);
    }
    if (!creds.templateName) return { ok: false, description: "A notice was not sent: the member wrote nothing in the last 24 hours and no approved template is set (WhatsApp allows only templates then)", transient: false };
    return template(config, creds.token, creds.phoneNumberId, chatId, { name: creds.templateName, language: lang, text });
  };
}

async function template(config: GraphConfig, token: string, phoneNumberId: string, to: string, t: { name: string; language: string; text: string }): Promise<SendResult> {
  let sent = await sendTemplate(config, token, phoneNumberId, to, t);
  if (!sent.ok && sent.code === TEMPLATE_NOT_IN_LANGUAGE && t.language !== "en") sent = await sendTemplate(config, token, phoneNumberId, to, { ...t, language: "en" });
  return sent.ok ? { ok: true } : refused(sent, `the template "${t.name}"`);
}

/** Graph's 5xx, no answer, or a rate limit (which Meta often sends as a 400) may pass later; any other 4xx will not. */
const refused = (e: GraphError, what = "a message"): SendResult => ({ ok: false, description: `WhatsApp refused ${what}: ${e.description}`, transient: isTransientStatus(e.status) || isRateLimited(e.code) });
