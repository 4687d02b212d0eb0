import type { BackendModule, ReadCallback } from "i18next";

/**
 * German and French, loaded only for a German or French reader: each namespace's json is a chunk
 * of its own (import.meta.glob without `eager`), fetched when that namespace is first registered
 * (add-namespaces.ts) or the language changes (language.ts). English is bundled with the code that
 * uses it and never read from here.
 */
type Loaders = Record<string, () => Promise<Record<string, unknown>>>;
const loaderMaps: Record<string, () => Promise<{ default: Loaders }>> = {
  de: () => import("./loaders/de"),
  fr: () => import("./loaders/fr"),
};

/** "marketingProse" -> "marketing-prose", the json's file name. */
export const namespaceFile = (ns: string) => ns.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** "marketing-prose" -> "marketingProse", the namespace. */
export const namespaceFromFile = (file: string) => file.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * A plural form the language has but the file leaves out (French `_many`, said of millions) takes
 * the `_other` text, rather than i18next falling back to English for it.
 */
export function fillPluralForms(bundle: Record<string, unknown>, lng: string): Record<string, unknown> {
  const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(bundle)) {
    out[key] = value && typeof value === "object" && !Array.isArray(value) ? fillPluralForms(value as Record<string, unknown>, lng) : value;
  }
  for (const [key, value] of Object.entries(bundle)) {
    if (!key.endsWith("_other")) continue;
    const base = key.slice(0, -"_other".length);
    for (const c of categories) if (!(`${base}_${c}` in out)) out[`${base}_${c}`] = value;
  }
  return out;
}

/** One namespace in one language; undefined when there is no such file (English fills in). */
export async function loadTranslation(lng: string, ns: string): Promise<Record<string, unknown> | undefined> {
  const map = loaderMaps[lng];
  if (!map) return undefined;
  const load = (await map()).default[`../${lng}/${namespaceFile(ns)}.json`];
  return load ? fillPluralForms(await load(), lng) : undefined;
}

/** i18next's backend over loadTranslation(); a missing file answers "nothing" without retries. */
export const translationsBackend: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(lng: string, ns: string, callback: ReadCallback) {
    if (lng === "en") return callback(null, false);
    loadTranslation(lng, ns).then(
      (data) => callback(null, (data as never) ?? false),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
