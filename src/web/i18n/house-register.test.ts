import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// glossary.md: German speaks formally ("Sie"); French puts a narrow no-break space (U+202F) before
// ; : ! ? and inside « ». Each text written since is checked here, so a new card cannot slip back.
const dir = (lang: string) => join(import.meta.dirname, lang);
const textsOf = (lang: string): [string, string][] =>
  readdirSync(dir(lang))
    .filter((f) => f.endsWith(".json"))
    .flatMap((file) => leaves(JSON.parse(readFileSync(join(dir(lang), file), "utf8")) as unknown, file));

function leaves(value: unknown, path: string): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, `${path}:${k}`));
}

// Characters listed for a field's rule ("letters, digits, . _ : -") are not punctuation of a sentence.
const CHARACTER_LISTS = new Set(["validation.json:idCharacters"]);

describe("the house register", () => {
  it("German addresses the reader as Sie, never du", () => {
    const informal = /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)\b|\b(Erstelle|Sende|Öffne|Gib|Wähle|Kopiere|Füge|Probier|Klicke|Drücke|Hol)\b(?! Sie)/;
    expect(textsOf("de").filter(([, text]) => informal.test(text))).toEqual([]);
  });

  it("French has a narrow no-break space before ; : ! ? and inside « »", () => {
    const plainSpace = / [;:!?»]|« /;
    expect(textsOf("fr").filter(([path, text]) => !CHARACTER_LISTS.has(path) && plainSpace.test(text))).toEqual([]);
  });
});
