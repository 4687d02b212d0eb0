import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newPage, screenshotForReview } from "./support/browser";
import { seedVerifiedUser } from "./support/seed";
import { useSuite } from "./support/suite";
import { signInThroughApi } from "./support/users";

// Pages whose parts load their own data show them together (use-first-answers.ts): nothing in view
// moves as the answers arrive. On a phone's width, where the cards stack, with one part's answer
// held back so that it arrives after the rest has been drawn.
const suite = useSuite();
const PHONE_WIDTH = 412;
const HOLD_MS = 1200;

/** The page's layout shifts (their sum, as CLS counts them) from its load until it is quiet. */
async function layoutShiftOf(page: Page, path: string, held: RegExp, shown: () => Promise<void>) {
  await page.route(held, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    await route.continue();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { shifted: number };
    w.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.shifted += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(path);
  await page.getByRole("heading", { level: 1 }).waitFor();
  await screenshotForReview(page, `layout-shift${path.replaceAll("/", "-")}-loading`);
  await shown();
  // The held answer has come and been drawn.
  await page.waitForTimeout(HOLD_MS);
  await page.unrouteAll();
  await screenshotForReview(page, `layout-shift${path.replaceAll("/", "-")}-shown`);
  return page.evaluate(() => (window as unknown as { shifted: number }).shifted);
}

describe("layout shift while a page's parts load", () => {
  it("the agent page, the integrations and the diagnostics show their parts together, with nothing pushed down in view", async () => {
    const user = await seedVerifiedUser(suite.server, "layout-shift");
    const { context, page } = await newPage(suite.browser, suite.server.url, { skipOnboarding: true, width: PHONE_WIDTH });
    await signInThroughApi(page, suite.server, user);
    await page.getByRole("heading", { name: "Command Center" }).waitFor();

    const agents = await layoutShiftOf(page, "/app/agents", /\/agents\/agent$/, () => page.getByRole("heading", { name: "Agent Setup Quickstart" }).waitFor());
    expect(agents).toBeLessThan(0.01);
    expect(await page.getByRole("heading", { name: "No agent yet" }).isVisible()).toBe(true);

    const integrations = await layoutShiftOf(page, "/app/integrations", /\/me\/calendar-feed$/, () => page.getByRole("heading", { name: "WhatsApp" }).waitFor());
    expect(integrations).toBeLessThan(0.01);
    expect(await page.getByTestId("calendar-feed").isVisible()).toBe(true);

    // The operator's page: who may read it, then the figures; the Refresh row and the note came in
    // above the spinner and pushed it down 180 px on a phone (CLS 0.08).
    const diagnostics = await layoutShiftOf(page, "/app/diagnostics", /\/api\/v1\/me$/, () => page.getByRole("heading", { name: "Slow queries" }).waitFor());
    expect(diagnostics).toBeLessThan(0.01);
    await context.close();
  });

  it("the Command Center's API Keys tile keeps its height when its note grows with the data", async () => {
    const user = await seedVerifiedUser(suite.server, "layout-shift-tiles");
    const { context, page } = await newPage(suite.browser, suite.server.url, { skipOnboarding: true, width: PHONE_WIDTH });
    await signInThroughApi(page, suite.server, user);
    await page.getByRole("heading", { name: "Command Center" }).waitFor();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/connections$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/app/dashboard");
    const tile = page.getByRole("listitem").filter({ hasText: "API Keys" });
    await tile.filter({ hasText: "…" }).waitFor();
    const before = (await tile.boundingBox())?.height;
    release();
    await tile.filter({ hasText: "0 integrations verified" }).waitFor();
    expect((await tile.boundingBox())?.height).toBe(before);
    await page.unrouteAll();
    await context.close();
  });
});
