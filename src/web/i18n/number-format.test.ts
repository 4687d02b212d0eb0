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
