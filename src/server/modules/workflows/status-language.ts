import type { Context } from "hono";
import type { DeploymentStatus } from "@/shared/workflows";
import { languageOfRequest } from "../../i18n/request-language";
import { translateServerMessage } from "../../i18n/server-messages";

/** The Deploy panel's status line in the reader's language, as refusals are (lib/error-handler.ts). */
export const inReadersLanguage = (c: Context, status: DeploymentStatus): DeploymentStatus => ({
  ...status,
  message: translateServerMessage(languageOfRequest(c.req.raw.headers), status.message),
});
