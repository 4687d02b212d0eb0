/**
 * A catalogue of texts we write in English, keyed by that English. A key may hold {placeholders}
 * for what varies ("Too many requests. Please wait {seconds} seconds and try again."): the English
 * text is matched against it and the values carried over, each translated in turn when it is a text
 * of the catalogue too ("while {doing}" with "saving the workflow"). No zod and no i18next: the
 * server answers with it and the workflow builder shows the shared checker's texts with it.
 */
export type TextCatalogue = Readonly<Record<string, string>>;

type Template = { pattern: RegExp; names: string[]; translation: string; bare: boolean };
export type CompiledCatalogue = { exact: Map<string, string>; templates: Template[] };

const PLACEHOLDER = /\{(\w+)\}/g;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A key's {placeholders} in order: "{a} and {b}" -> ["a", "b"]. */
export const placeholdersOf = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);

export function compileCatalogue(catalogue: TextCatalogue): CompiledCatalogue {
  const exact = new Map<string, string>();
  const templates: Template[] = [];
  for (const [english, translation] of Object.entries(catalogue)) {
    const names = placeholdersOf(english);
    if (names.length === 0) {
      exact.set(english, translation);
      continue;
    }
    const source = english
      .split(PLACEHOLDER)
      .map((part, i) => (i % 2 === 0 ? escape(part) : "([\\s\\S]+?)"))
      .join("");
    // "{node}: {problem}" matches almost anything: it applies only where a value is a text of ours.
    const bare = /^[\s\p{P}]*$/u.test(english.replace(PLACEHOLDER, ""));
    templates.push({ pattern: new RegExp(`^${source}$`), names, translation, bare });
  }
  // The most specific template first: "…while {doing} ({said}); try…" before "…while {doing}; try…".
  templates.sort((a, b) => b.pattern.source.length - a.pattern.source.length);
  return { exact, templates };
}

/** `english` from the catalogue; a text it does not know is returned as it is. */
export function translateText(catalogue: CompiledCatalogue, english: string, depth = 0): string {
  const exact = catalogue.exact.get(english);
  if (exact !== undefined) return exact;
  if (depth > 2) return english;
  for (const { pattern, names, translation, bare } of catalogue.templates) {
    const match = pattern.exec(english);
    if (!match) continue;
    const values = new Map(names.map((name, i) => [name, translateText(catalogue, match[i + 1]!, depth + 1)]));
    if (bare && names.every((name, i) => values.get(name) === match[i + 1])) continue;
    return translation.replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
  }
  return english;
}
