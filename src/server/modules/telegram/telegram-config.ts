import type { Env } from "../../env";
import type { BotApiConfig } from "./bot-api";

export const botConfigOf = (env: Pick<Env, "TELEGRAM_API_BASE" | "KEY_TEST_TIMEOUT_MS">): BotApiConfig => ({ baseUrl: env.TELEGRAM_API_BASE, timeoutMs: env.KEY_TEST_TIMEOUT_MS });

/** Where Telegram posts an organisation's updates: our public address (APP_URL) and the organisation. */
export const webhookPathOf = (orgId: string) => `/api/v1/hooks/telegram/${orgId}`;
export const webhookUrlOf = (appUrl: string, orgId: string) => `${appUrl.replace(/\/+$/, "")}${webhookPathOf(orgId)}`;
