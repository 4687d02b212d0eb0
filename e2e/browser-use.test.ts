import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBrowserUseStandIn, type BrowserUseStandIn } from "@/server/testing/browser-use-stand-in";
import { axeViolations, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// What only a browser shows: the Browser Use card's test result, and the dashboard counting the integration only once verified.
let standIn: BrowserUseStandIn;
const KEY = "bu_e2e_valid_key_4242";
beforeAll(async () => {
  standIn = await startBrowserUseStandIn();
  standIn.keys.add(KEY);
});
afterAll(async () => {
  await standIn.close();
});
const suite = useSuite(() => ({ BROWSER_USE_API_BASE: standIn.url }));

describe("Browser Use card", () => {
  it("says refused for a wrong key and Connected only after a passing test; the dashboard counts it then", async () => {
    const { context, page } = await onDashboard(suite, "browseruse");
    const tile = page.getByRole("list", { name: "Overview" }).getByRole("link", { name: /API Keys/ });
    await tile.getByText("0 integrations verified").waitFor();

    await page.goto("/app/integrations");
    const card = page.getByRole("group", { name: "Browser Use", exact: true });
    await card.getByText("Not connected", { exact: true }).waitFor();
    await card.getByLabel("Browser Use API key").fill("bu_wrong_key_0000");
    await card.getByRole("button", { name: "Save and test" }).click();
    await card.getByText("Last test: Browser Use refused the key (401)").waitFor();
    await card.getByText("Error", { exact: true }).waitFor();
    await screenshotForReview(page, "browser-use-refused");

    await card.getByRole("button", { name: "Replace key" }).click();
    await card.getByLabel("Browser Use API key").fill(KEY);
    await card.getByRole("button", { name: "Save and test" }).click();
    await card.getByText("Last test: Browser Use accepted the key").waitFor();
    await card.getByText("Connected", { exact: true }).waitFor();
    expect(await card.textContent()).not.toContain(KEY);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "browser-use-connected");

    await page.goto("/app/dashboard");
    await tile.getByText("1 integration verified").waitFor();
    await context.close();
  });
});
