import { afterAll, describe, expect, it } from "vitest";
import i18n from "./index";
import { addNamespaces } from "./add-namespaces";
import { enApp } from "./en/app";
import { changeLanguage } from "./language";
import { fillPluralForms, loadTranslation, namespaceFile, namespaceFromFile } from "./translations";
import { formatCurrency, formatDate, formatNumber } from "@/web/lib/format";

addNamespaces(enApp);

describe("German and French", () => {
  afterAll(() => changeLanguage("en"));

  it("load per namespace, by file name", async () => {
    expect(namespaceFile("marketingProse")).toBe("marketing-prose");
    expect(namespaceFromFile("workflow-canvas")).toBe("workflowCanvas");
    expect(await loadTranslation("de", "dashboard")).toHaveProperty("title", "Kommandozentrale");
    expect(await loadTranslation("de", "noSuchNamespace")).toBeUndefined();
    expect(await loadTranslation("es", "dashboard")).toBeUndefined();
  });

  it("fill a plural form the file leaves out from _other (French millions)", () => {
    expect(fillPluralForms({ a: { n_one: "1 tâche", n_other: "{{count}} tâches" } }, "fr")).toEqual({ a: { n_one: "1 tâche", n_other: "{{count}} tâches", n_many: "{{count}} tâches" } });
  });

  it("switch every registered namespace, counts, dates and money with them", async () => {
    await changeLanguage("de");
    expect(i18n.language).toBe("de");
    expect(i18n.t("dashboard:title")).toBe("Kommandozentrale");
    expect(i18n.t("dashboard:tiles.orchestratorValue", { count: 12345 })).toMatch(/^12\.345 /);
    expect(formatNumber(1234.5)).toBe("1.234,5");
    expect(formatDate(new Date(Date.UTC(2026, 2, 3, 12)))).toBe("03.03.2026");
    expect(formatCurrency(29, "EUR")).toMatch(/^29\s€$/);
    await changeLanguage("fr");
    expect(i18n.t("dashboard:title")).toBe("Centre de commande");
    expect(formatNumber(1234.5)).toMatch(/^1\s234,5$/);
    await changeLanguage("en");
    expect(i18n.t("dashboard:title")).toBe("Command Center");
    expect(formatCurrency(29, "EUR")).toBe("€29");
  });
});
