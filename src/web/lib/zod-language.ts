import { config } from "zod/v4/core";
import i18n from "@/web/i18n";

/**
 * zod's own messages ("Too small: expected string to have >=8 characters") in the app's language:
 * its German or French locale is fetched only for a German or French reader; English is zod's
 * default. Loaded with the code that validates (form-errors.ts), never with the entry.
 */
const locales: Record<string, () => Promise<{ default: () => Partial<Parameters<typeof config>[0]> }>> = {
  en: () => import("zod/v4/locales/en.js"),
  de: () => import("zod/v4/locales/de.js"),
  fr: () => import("zod/v4/locales/fr.js"),
};

let wanted = "";
async function apply(lng: string | undefined): Promise<void> {
  const load = locales[lng ?? "en"] ?? locales.en!;
  wanted = lng ?? "en";
  const { default: locale } = await load();
  if (wanted === (lng ?? "en")) config(locale());
}

void apply(i18n.resolvedLanguage ?? i18n.language);
i18n.on("languageChanged", (lng) => void apply(lng));
