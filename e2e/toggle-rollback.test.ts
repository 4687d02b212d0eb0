import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// Two ticks in quick succession where the server refuses one: only that one goes back.
const suite = useSuite();

const checkbox = (page: Page, title: string) => page.getByRole("checkbox", { name: new RegExp(`^Mark "${title}" as`) });
const isChecked = (page: Page, title: string) => checkbox(page, title).getAttribute("aria-checked");
const tabText = (page: Page, name: string) => page.getByRole("tab", { name: new RegExp(`^${name}`) }).textContent();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("two ticks, one refused", () => {
  it("the saved tick stays done, the refused one goes back with a toast", async () => {
    const { context, page, project, task } = await onDashboard(suite, "two-ticks");
    const projectId = await project("Deck");
    const refused = await task(projectId, "Coil the ropes");
    await task(projectId, "Scrub the deck");
    await page.reload();
    await checkbox(page, "Scrub the deck").waitFor();

    let otherSaved!: () => void;
    const saved = new Promise<void>((resolve) => (otherSaved = resolve));
    let slowReads = false;
    await page.route("**/api/v1/organisations/*/tasks**", async (route) => {
      const request = route.request();
      if (request.method() === "PATCH" && new URL(request.url()).pathname.endsWith(`/tasks/${refused}`)) {
        await saved; // the first tick fails only after the second has been saved
        return route.fulfill({ status: 500, json: { error: { code: "internal", message: "Something broke" } } });
      }
      if (request.method() === "PATCH") {
        await route.fulfill({ response: await route.fetch() });
        return otherSaved();
      }
      // Reads answer late, so what the tab shows when the failure lands is its own doing.
      if (slowReads) await sleep(2000);
      // A read held back that long may have been dropped meanwhile (the tab moved on): nothing to continue.
      return route.continue().catch(() => undefined);
    });
    slowReads = true;

    await checkbox(page, "Coil the ropes").click();
    await checkbox(page, "Scrub the deck").click();
    await page.getByText("Failed to update task").waitFor();
    expect(await isChecked(page, "Coil the ropes")).toBe("false");
    expect(await isChecked(page, "Scrub the deck")).toBe("true");

    // And once the refetch after settling has answered, the server agrees.
    await expect.poll(() => tabText(page, "Done"), { timeout: 10_000 }).toBe("Done1");
    await page.unroute("**/api/v1/organisations/*/tasks**");
    await page.reload();
    await checkbox(page, "Scrub the deck").waitFor();
    expect(await isChecked(page, "Scrub the deck")).toBe("true");
    expect(await isChecked(page, "Coil the ropes")).toBe("false");
    await context.close();
  });
});
