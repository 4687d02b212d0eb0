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
    await page.getByRole("cell", { name: "2026-12-01" }).waitFor();
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
    expect(csv.split("\r\n")).toEqual(["\uFEFFtitle,project,priority,due,status", "Straße fegen,Büro,high,2026-12-01,todo", "\"Rechnung 12,50 €\",Büro,low,,todo", ""]);
    await screenshotForReview(page, "csv-export-button");
    await context.close();
  });
});
