import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, newPage, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// The spec's progress checklist: a visitor's ticks stay in the browser; a signed-in user's are the organisation's.
const suite = useSuite();

const sprint = (page: Page, id: string) => page.locator(`[data-sprint="${id}"]`);
const percent = (page: Page) => page.getByTestId("plan-percent");

describe("the progress checklist", () => {
  it("keeps a visitor's ticks in this browser, and resets them after the spec's question", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Progress Checklist", level: 1 }).waitFor();
    await page.getByText("Saved in this browser only.", { exact: false }).waitFor();
    expect(await percent(page).textContent()).toBe("0% complete");
    await page.getByText("Nothing saved yet").waitFor();
    await sprint(page, "s1").getByRole("checkbox").first().check();
    await expect.poll(() => percent(page).textContent()).toBe("2% complete");
    await page.getByText(/^Last saved /).waitFor();
    await page.reload();
    await expect.poll(() => sprint(page, "s1").getByRole("checkbox").first().isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Reset" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Reset progress?" });
    await dialog.getByText("Are you sure you want to reset all progress?").waitFor();
    await dialog.getByRole("button", { name: "Reset" }).click();
    await expect.poll(() => percent(page).textContent()).toBe("0% complete");
    await page.goto("/admin/action-plan");
    expect(await sprint(page, "s1").getByRole("checkbox").first().isChecked()).toBe(false);
    await context.close();
  });

  it("saves a signed-in user's ticks for the organisation, marks a finished sprint complete and exports them", async () => {
    const { context, page, api } = await onDashboard(suite, "plan");
    await page.goto("/app/admin/action-plan");
    await page.getByText(/^Saved for /).waitFor();
    for (const box of await sprint(page, "s2").getByRole("checkbox").all()) {
      await box.check();
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    await sprint(page, "s2").getByText("✓ COMPLETE").waitFor();
    await expect.poll(() => percent(page).textContent()).toBe("7% complete");
    await expect.poll(async () => Object.keys((await api<{ items: Record<string, boolean> }>("GET", "/action-plan")).items).sort()).toEqual(["s2-0", "s2-1", "s2-2", "s2-3"]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "action-plan");

    // The public address shows the organisation's ticks too.
    await page.goto("/admin");
    await sprint(page, "s2").getByText("✓ COMPLETE").waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export JSON" }).click()]);
    const exported = JSON.parse(await readFile((await download.path())!, "utf8")) as { percent: number; sprints: { id: string; complete: boolean; tasks: { done: boolean }[] }[] };
    expect(exported.percent).toBe(7);
    expect(exported.sprints.map((s) => [s.id, s.complete, s.tasks.length])).toEqual([
      ["s1", false, 50],
      ["s2", true, 4],
      ["s3", false, 4],
    ]);

    // Signed out, this browser shows none of the organisation's ticks.
    await page.goto("/app/dashboard");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    await page.goto("/admin");
    await page.getByText("Saved in this browser only.", { exact: false }).waitFor();
    expect(await percent(page).textContent()).toBe("0% complete");
    await context.close();
  });
});
