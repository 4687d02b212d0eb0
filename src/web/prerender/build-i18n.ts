import i18n from "@/web/i18n";
import type { Language } from "@/shared/languages";
import { namespaceFromFile } from "@/web/i18n/translations";

/**
 * Adds translation files read at build time (an `import.meta.glob` of `../i18n/<lng>/<ns>.json`,
 * which must stay literal in each page's module) to the prerendering i18n instance.
 */
export function addBuildTranslations(files: Record<string, Record<string, unknown>>): void {
  for (const [file, bundle] of Object.entries(files)) {
    const [, lng = "", name = ""] = /\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
    i18n.addResourceBundle(lng, namespaceFromFile(name), bundle, true, true);
  }
}

/** Switches the prerendering to `lng`; every bundle is in memory, so the switch is done on return. */
export function renderIn(lng: Language): void {
  void i18n.changeLanguage(lng);
  if (i18n.language !== lng) throw new Error(`prerender: could not switch to ${lng}`);
}
