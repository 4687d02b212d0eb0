import enValidation from "@/web/i18n/en/validation.json";
import { addNamespaces } from "@/web/i18n/add-namespaces";
import i18n from "@/web/i18n";

addNamespaces({ validation: enValidation });

type Key = keyof typeof enValidation;
/** The schemas' own English messages (src/shared) -> their key in the validation catalogue. */
const byEnglish = new Map<string, Key>(
  (Object.entries(enValidation) as [Key, string][]).filter(([key]) => !key.includes("_")).map(([key, text]) => [text, key]),
);
const AT_MOST = /^Use at most (\d+) characters$/;

/**
 * A validation message in the reader's language. The shared schemas (src/shared) write theirs in
 * English, for the API too; the browser shows them from the validation catalogue. zod's own
 * messages are already in the language (zod-language.ts); anything else is left as it came.
 */
export function localizeValidationMessage(message: string): string {
  const key = byEnglish.get(message);
  if (key) return i18n.t(`validation:${key}`);
  const atMost = AT_MOST.exec(message);
  if (atMost) return i18n.t("validation:atMost", { count: Number(atMost[1]) });
  return message;
}
