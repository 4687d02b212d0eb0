import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { axeViolations, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

const suite = useSuite();

// As German Excel saves "CSV (Trennzeichen-getrennt)": Windows-1252 (ä = 0xE4, ß = 0xDF, € = 0x80),
// semicolons, DD.MM.YYYY; the third row's date does not exist.
const GERMAN = Buffer.from("Titel;Projekt;Priorit\xe4t;F\xe4llig\r\nStra\xdfe fegen;B\xfcro;high;01.12.2026\r\nRechnung 12,50 \x80;B\xfcro;low;\r\nM\xfcll;B\xfcro;;31.02.2026\r\n", "latin1");

describe("CSV in the European way", () => {
  it("imports German Excel's file, says how it read it, and exports the tasks again", async () => {
    const { context, page, project } = await onDashboard(suite, "csv-locales");
    await project("Büro");
    await page.goto("/app/onboarding");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Connect your tools" }).waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Import tasks" }).waitFor();

    await page.getByLabel("CSV file").setInputFiles({ name: "aufgaben.csv", mimeType: "text/csv", buffer: GERMAN });
    await page.getByText("Detected: semicolon-separated, Windows-1252, dates DD.MM.YYYY").waitFor();
    await page.getByRole("cell", { name: "Rechnung 12,50 €" }).waitFor();
    await page.getByRole("cell", { name: "Dec 1, 2026" }).waitFor();
    await page.getByText('Row 3: "31.02.2026" will be reported and not imported').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "csv-import-german");
    await page.getByRole("button", { name: "Import 3 tasks" }).click();
    await page.getByText("Imported 2 tasks.").waitFor();
    await page.getByText('Row 3: Due date "31.02.2026"').waitFor();

    await page.goto("/app/dashboard");
    await page.getByText("Straße fegen").waitFor();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^tasks-all-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path())!, "utf8");
    // English: BOM, commas, ISO dates; the import's bare date (noon UTC) stays a bare date.
    expect(csv.split("\r\n")).toEqual(["\uFEFFtitle,project,priority,due,status,assignee,labels", "Straße fegen,Büro,high,2026-12-01,todo,,", "\"Rechnung 12,50 €\",Büro,low,,todo,,", ""]);
    await screenshotForReview(page, "csv-export-button");
    await context.close();
  });

  it("after onboarding: reachable from the palette, the project and the task list, refuses a broken file by line, takes a large one in the background (German)", async () => {
    const { context, page, project } = await onDashboard(suite, "csv-large");
    const projectId = await project("Garten");
    await page.goto("/app/settings?tab=appearance");
    await page.getByLabel("Language").selectOption("de");
    await page.getByRole("link", { name: "Einstellungen" }).first().waitFor();

    await page.goto("/app/dashboard");
    expect(await page.getByRole("link", { name: "CSV importieren" }).getAttribute("href")).toBe("/app/import");
    await page.keyboard.press("Control+k");
    await page.getByRole("option", { name: "Aufgaben aus CSV importieren" }).waitFor();
    await page.keyboard.type("CSV");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Aufgaben importieren" }).waitFor();
    await page.goto(`/app/projects/${projectId}`);
    await page.getByRole("link", { name: "CSV importieren" }).click();
    await page.getByRole("heading", { name: "Aufgaben importieren" }).waitFor();

    // A quote never closed: the line is named and nothing can be imported.
    const broken = Buffer.from('Titel;Projekt\nBeete jäten;Garten\n"Rosen schneiden;Garten\nRasen mähen;Garten\n');
    await page.getByLabel("CSV-Datei").setInputFiles({ name: "kaputt.csv", mimeType: "text/csv", buffer: broken });
    await page.getByText(/^Zeile 3: Hier öffnet ein Anführungszeichen/).waitFor();
    expect(await page.getByRole("button", { name: /importieren$/ }).count()).toBe(0);

    // 3,000 rows, German priorities and dates: previewed the reader's way, imported in the background.
    const lines = Array.from({ length: 3_000 }, (_, i) => `Aufgabe ${i + 1};Garten;${["hoch", "mittel", "niedrig"][i % 3]};01.12.2026`);
    await page.getByLabel("CSV-Datei").setInputFiles({ name: "gross.csv", mimeType: "text/csv", buffer: Buffer.from(["Titel;Projekt;Priorität;Fällig", ...lines].join("\r\n")) });
    await page.getByRole("cell", { name: "01.12.2026" }).first().waitFor();
    await page.getByText("Vorschau: 5 von 3.000 Zeilen").waitFor();
    await screenshotForReview(page, "csv-import-large-preview-de");
    await page.getByRole("button", { name: "3.000 Aufgaben importieren" }).click();
    // The progress line, or the report when the background import was quicker than the page's first look.
    const progress = page.getByText(/^Import im Hintergrund: [\d.]+ von 3.000 Aufgaben angelegt$/);
    const done = page.getByText("3.000 Aufgaben importiert.");
    await progress.or(done).first().waitFor({ timeout: 60_000 });
    if (await progress.isVisible()) await screenshotForReview(page, "csv-import-large-progress-de");
    await done.waitFor({ timeout: 60_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.goto("/app/dashboard");
    await page.getByRole("tab", { name: /^Alle\s*3\.000$/ }).waitFor();
    await screenshotForReview(page, "csv-import-large-dashboard-de");
    await context.close();
  });
});
