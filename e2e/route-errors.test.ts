import { describe, expect, it } from "vitest";
import type { Page, Route } from "playwright-core";
import { newPage } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// A page whose code fails to load: the layout stays, Try Again really fetches again (no reload),
// a navigation clears the error, and a chunk gone after a deploy reloads the page exactly once.
const suite = useSuite();

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Main" }).filter({ has: page.getByRole("button", { name: "Sign Out" }) });
const errorShown = (page: Page) => page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Something went wrong" }) });
const tryAgain = (page: Page) => errorShown(page).getByRole("button", { name: "Try Again" });
const heading = (page: Page, name: string) => page.getByRole("heading", { name, level: 1 });

const abort = (route: Route) => route.abort("failed");
const gone = (route: Route) => route.fulfill({ status: 404, contentType: "text/plain", body: "Not Found" });

const mark = (page: Page) => page.evaluate(() => Object.assign(window, { __noReload: true }));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

/** Full page loads (documents) of the main frame from now on. */
function countDocumentLoads(page: Page) {
  const loads: string[] = [];
  page.on("request", (req) => {
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) loads.push(req.url());
  });
  return loads;
}

describe("a page that fails to load", () => {
  it("keeps the app shell; Try Again loads it without a reload; Back after an error shows the page", async () => {
    const { context, page } = await onDashboard(suite, "chunk");
    const docs = countDocumentLoads(page);
    await mark(page);

    const planes = "**/assets/planes-page-*.js";
    await page.route(planes, abort);
    await sidebar(page).getByRole("link", { name: "AI Spaces", exact: true }).click();
    await page.waitForURL("**/app/planes");
    await tryAgain(page).waitFor();
    // The shell is still there around the error.
    await sidebar(page).getByRole("link", { name: "AI Hub", exact: true }).waitFor();
    await page.getByRole("button", { name: "Sign Out" }).waitFor();

    await page.unroute(planes, abort);
    await tryAgain(page).click();
    await heading(page, "Planes").waitFor();
    expect(await errorShown(page).count()).toBe(0);
    expect(await marked(page), "Try Again must not reload the page").toBe(true);

    // Failed, left, connection back, Back: the page, not the old error.
    const keys = "**/assets/api-keys-page-*.js";
    await page.route(keys, abort);
    await sidebar(page).getByRole("link", { name: "API Keys", exact: true }).click();
    await tryAgain(page).waitFor();
    await sidebar(page).getByRole("link", { name: "AI Hub", exact: true }).click();
    await heading(page, "Command Center").waitFor();
    await page.unroute(keys, abort);
    await page.goBack();
    await page.waitForURL("**/app/api-keys");
    await heading(page, "API Key Management").waitFor();
    expect(await errorShown(page).count()).toBe(0);
    await page.goBack();
    await heading(page, "Planes").waitFor();
    await page.goForward();
    await heading(page, "API Key Management").waitFor();

    expect(await marked(page)).toBe(true);
    expect(docs, "no full page load").toEqual([]);
    await context.close();
  });

  it("keeps the public header and footer around a public page's error", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    // /status, not /: the landing page is prerendered HTML, whose links load pages whole.
    await page.goto("/status");
    await page.locator("h1").first().waitFor();
    await mark(page);
    const pricing = "**/assets/pricing-page-*.js";
    await page.route(pricing, abort);
    const nav = page.getByRole("navigation", { name: "Main" }).filter({ has: page.getByRole("link", { name: "Pricing" }) });
    await nav.getByRole("link", { name: "Pricing" }).click();
    await tryAgain(page).waitFor();
    await nav.waitFor();
    await page.getByRole("contentinfo").waitFor();
    // One main landmark: the error sits inside the layout's.
    expect(await page.getByRole("main").count()).toBe(1);
    await page.unroute(pricing, abort);
    await tryAgain(page).click();
    await expect.poll(() => errorShown(page).count()).toBe(0);
    await page.locator("main h1").first().waitFor();
    expect(await marked(page)).toBe(true);
    await context.close();
  });

  it("a chunk gone after a deploy reloads the page exactly once, then shows the error", async () => {
    const { context, page } = await onDashboard(suite, "deploy");
    const integrations = "**/assets/integrations-page-*.js";
    await page.route(integrations, gone);
    const docs = countDocumentLoads(page);
    await mark(page);
    await sidebar(page).getByRole("link", { name: "Integrations", exact: true }).click();
    // Reloaded once (the marker is gone); still missing after it, so the error, not a second reload.
    await tryAgain(page).waitFor();
    expect(await marked(page), "the page was reloaded").toBe(false);
    await sidebar(page).waitFor();
    await page.waitForTimeout(500);
    expect(docs.map((u) => new URL(u).pathname)).toEqual(["/app/integrations"]);

    // The file is back (the new version is served): Try Again loads it, no further reload.
    await page.unroute(integrations, gone);
    await tryAgain(page).click();
    await heading(page, "Integrations").waitFor();
    expect(docs).toHaveLength(1);
    await context.close();
  });
});
