import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import i18n from "@/web/i18n";
import en from "@/web/i18n/en/validation.json";
import { changeLanguage } from "@/web/i18n/language";
import { localizeValidationMessage } from "./validation-messages";

const root = join(import.meta.dirname, "..", "..");
const sources = [join(root, "shared"), join(root, "server", "modules")].flatMap((dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => readFileSync(join(e.parentPath, e.name), "utf8")),
);

describe("the schemas' own validation messages", () => {
  afterAll(() => changeLanguage("en"));

  it("each catalogue entry is a message a schema or route really writes", () => {
    const unused = Object.entries(en)
      .filter(([key]) => !key.includes("_"))
      .filter(([, text]) => !sources.some((s) => s.includes(`"${text}"`)));
    expect(unused).toEqual([]);
  });

  it("show in the reader's language, the rest as they came", async () => {
    expect(localizeValidationMessage("Name is required")).toBe("Name is required");
    await changeLanguage("de");
    expect(i18n.language).toBe("de");
    expect(localizeValidationMessage("Name is required")).toBe("Name ist erforderlich");
    expect(localizeValidationMessage("Use at most 1000 characters")).toBe("Verwenden Sie höchstens 1.000 Zeichen");
    expect(localizeValidationMessage("Something the catalogue does not know")).toBe("Something the catalogue does not know");
    await changeLanguage("fr");
    expect(localizeValidationMessage("Type a message")).toBe("Saisissez un message");
  });
});
