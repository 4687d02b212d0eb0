import { useCallback, useEffect, useReducer } from "react";
import { useTranslation } from "react-i18next";
import { compileCatalogue, translateText, type CompiledCatalogue } from "@/shared/i18n/text-catalogue";

/**
 * The shared workflow code (shared/n8n: the checker's problems, the import's failures and notes)
 * writes English, for the server too; the builder shows those texts from the catalogue the server
 * answers with (shared/i18n/messages), fetched only for a German or French reader.
 */
const catalogues: Record<string, () => Promise<CompiledCatalogue>> = {
  de: () => import("@/shared/i18n/messages/de").then((m) => compileCatalogue(m.de)),
  fr: () => import("@/shared/i18n/messages/fr").then((m) => compileCatalogue(m.fr)),
};
const loaded = new Map<string, Promise<CompiledCatalogue>>();
const ready = new Map<string, CompiledCatalogue>();

function load(lang: string): Promise<CompiledCatalogue> | undefined {
  const fetchIt = catalogues[lang];
  if (!fetchIt) return undefined;
  let pending = loaded.get(lang);
  if (!pending) {
    pending = fetchIt().then((c) => (ready.set(lang, c), c));
    loaded.set(lang, pending);
  }
  return pending;
}

/** (english) => the text in the reader's language; English (or not yet loaded) as it came. */
export function useSharedText(): (english: string) => string {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  // The catalogues live at module level; a render is all a component needs once its language's arrives.
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (ready.has(lang)) return;
    let live = true;
    void load(lang)?.then(() => live && arrived());
    return () => {
      live = false;
    };
  }, [lang]);
  const catalogue = ready.get(lang);
  return useCallback((english: string) => (catalogue ? translateText(catalogue, english) : english), [catalogue]);
}
