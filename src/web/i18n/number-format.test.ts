import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import i18n from "./index";
import { addNamespaces } from "./add-namespaces";
import { enApp } from "./en/app";

addNamespaces(enApp);
const folder = join(import.meta.dirname, "en");

describe("counts in text", () => {
  it("are formatted in the app's language", () => {
    expect(i18n.t("dashboard:tiles.orchestratorValue", { count: 12345 })).toBe("12,345 jobs today");
    expect(i18n.t("dashboard:tiles.orchestratorValue", { count: 1 })).toBe("1 job today");
  });

  it("every count-like placeholder in every namespace asks for the number format", () => {
    const bare = /\{\{(count|total|tasks|limit|shown|open|used|seconds)\}\}/g;
    const offenders = readdirSync(folder)
      .filter((f) => f.endsWith(".json"))
      .flatMap((f) => [...readFileSync(join(folder, f), "utf8").matchAll(bare)].map((m) => `${f}: ${m[0]}`));
    expect(offenders).toEqual([]);
  });
});

const webRoot = join(import.meta.dirname, "..");
/** Every `t("key", { name: formatX(…) })` in the app's source, with the English text of its key. */
function preformattedValues(): string[] {
  const english = new Map<string, string>();
  const flatten = (value: unknown, prefix: string) => {
    if (typeof value === "string") english.set(prefix, value);
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k);
  };
  for (const f of readdirSync(folder).filter((f) => f.endsWith(".json"))) flatten(JSON.parse(readFileSync(join(folder, f), "utf8")), "");
  const sources = readdirSync(webRoot, { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts"));
  const found: string[] = [];
  for (const file of sources) {
    for (const call of readFileSync(join(webRoot, file), "utf8").matchAll(/\bt\(\s*"([\w.:-]+)"\s*,\s*\{([^}]*)\}/g)) {
      const key = call[1]!.split(":").at(-1)!;
      const texts = [...english].filter(([k]) => k === key || k.startsWith(`${key}_`)).map(([, v]) => v);
      for (const arg of call[2]!.matchAll(/(\w+)\s*:\s*format\w+\(/g)) {
        if (texts.some((text) => new RegExp(`\\{\\{\\s*${arg[1]}\\s*,`).test(text))) found.push(`${file}: ${call[1]} ${arg[1]}`);
      }
    }
  }
  return found;
}

describe("a number in text", () => {
  it("is formatted once: a value the text formats itself ({{total, number}}) is passed as a number", () => {
    // Formatted twice, "2.284" became 2.284 again ("insgesamt 2,284") and "2 284" NaN ("NaN au total").
    expect(preformattedValues()).toEqual([]);
  });

  it("reads in the reader's language: the diagnostics sparkline's label", async () => {
    // An instance of its own: bundles added to the app's would make its next language switch wait for the rest (other files share it).
    const local = i18n.cloneInstance({ forkResourceStore: true, resources: {} });
    for (const lng of ["en", "de", "fr"]) local.addResourceBundle(lng, "diagnostics", JSON.parse(readFileSync(join(import.meta.dirname, lng, "diagnostics.json"), "utf8")));
    const label = (lng: string) => local.getFixedT(lng, "diagnostics")("rates.perMinute", { label: "X", minutes: 60, total: 2284, peak: "7" });
    expect(label("en")).toContain("2,284 in all");
    expect(label("de")).toContain("insgesamt 2.284");
    expect(label("fr")).toMatch(/2\u202f284 au total/);
  });
});
