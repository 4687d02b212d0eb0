// No zod here: the browser's entry reads this (src/web/i18n), and zod loads only with the routes that validate.

/** The languages the app is translated into, English first (the fallback everywhere). */
export const LANGUAGES = ["en", "de", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language named in itself, for the pickers (never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", de: "Deutsch", fr: "Français" };

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export const isLanguage = (value: unknown): value is Language => typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

/** "de-AT" -> "de"; anything we do not translate -> undefined. */
export function languageOf(tag: string | null | undefined): Language | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : undefined;
}

/** The first of the browser's languages (navigator.languages order) we speak, else English. */
export function pickLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const lang = languageOf(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}

/** Accept-Language with its q-values: "fr-CH, fr;q=0.9, de;q=0.8" -> "fr"; none we speak -> undefined. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { lang: languageOf(tag), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r): r is { lang: Language; quality: number; index: number } => r.lang !== undefined && r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked[0]?.lang;
}

/** The cookie the public pages and the app share for the language (read by the server for /, /pricing...). */
export const LANGUAGE_COOKIE = "whq_lang";
