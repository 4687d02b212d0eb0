import type { Language } from "@/shared/languages";
import type { OpsEnvironment } from "@/shared/ops";
import { translateServerMessage } from "../../i18n/server-messages";

/** The checks' details in the reader's language (shared/i18n/messages); the labels are the browser's. */
export function environmentIn(lang: Language, environment: OpsEnvironment): OpsEnvironment {
  if (lang === "en") return environment;
  return { ...environment, checks: environment.checks.map((check) => ({ ...check, detail: translateServerMessage(lang, check.detail) })) };
}
