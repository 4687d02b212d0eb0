import type { Env } from "../../env";
import type { GraphConfig } from "./graph-api";

export const graphConfigOf = (env: Pick<Env, "WHATSAPP_API_BASE" | "KEY_TEST_TIMEOUT_MS">): GraphConfig => ({ baseUrl: env.WHATSAPP_API_BASE, timeoutMs: env.KEY_TEST_TIMEOUT_MS });

/** Where Meta posts an organisation's deliveries: our public address (APP_URL) and the organisation. */
export const whatsappWebhookPathOf = (orgId: string) => `/api/v1/hooks/whatsapp/${orgId}`;
export const whatsappWebhookUrlOf = (appUrl: string, orgId: string) => `${appUrl.replace(/\/+$/, "")}${whatsappWebhookPathOf(orgId)}`;

/** WhatsApp lets a business send free text for 24 hours after the person's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;
