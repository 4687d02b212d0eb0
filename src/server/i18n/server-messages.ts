import type { Language } from "@/shared/languages";
import { compileCatalogue, translateText, type CompiledCatalogue, type TextCatalogue } from "@/shared/i18n/text-catalogue";
import { de } from "@/shared/i18n/messages/de";
import { fr } from "@/shared/i18n/messages/fr";
import deValidation from "@/web/i18n/de/validation.json";
import enValidation from "@/web/i18n/en/validation.json";
import frValidation from "@/web/i18n/fr/validation.json";

/**
 * The shared schemas' own messages ("Title is required"), which the browser translates from its
 * validation catalogue, said the same way to API clients that ask for German or French.
 */
function validationCatalogue(translated: Record<string, string>): TextCatalogue {
  const entries = Object.entries(enValidation as Record<string, string>)
    .filter(([key]) => !key.includes("_"))
    .map(([key, english]) => [english, translated[key] ?? english] as const);
  return Object.fromEntries(entries);
}

const compiled: Partial<Record<Language, CompiledCatalogue>> = {
  de: compileCatalogue({ ...validationCatalogue(deValidation), ...de }),
  fr: compileCatalogue({ ...validationCatalogue(frValidation), ...fr }),
};

/** What the server says to people, in `lang` (shared/i18n/messages); unknown text as it is. */
export function translateServerMessage(lang: Language, english: string): string {
  const catalogue = compiled[lang];
  return catalogue ? translateText(catalogue, english) : english;
}

/** Each field's text in `lang`. */
export const translateFields = (lang: Language, fields: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([field, text]) => [field, translateServerMessage(lang, text)]));
