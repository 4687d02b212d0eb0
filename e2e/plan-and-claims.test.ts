import { describe, expect, it } from "vitest";
import { axeViolations, newPage, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { PAST_TRIAL_MS, seedVerifiedUser, withClockAfterTrial } from "./support/seed";
import { notBuiltPaths } from "@/web/app/not-built-routes";
import { useSuite } from "./support/suite";
import { signInThroughUi } from "./support/users";

// What a new organisation is told about its plan, and that nothing claims to work before it does.
const suite = useSuite();

describe("the plan and honest claims on the dashboard", () => {
  it("a new organisation sees its trial, no agent yet, keys counted apart from integrations, unbuilt pages marked Soon", async () => {
    const { context, page, api } = await onDashboard(suite, "trial");
    await expect.poll(() => page.getByTestId("plan-status").textContent()).toContain("Professional trial: 14 days left");
    const tiles = page.getByRole("list", { name: "Overview" });
    await expect.poll(() => tiles.textContent()).toContain("No agent yet");
    expect(await tiles.textContent()).not.toMatch(/Ready|Active/);

    // Gmail switched on is an integration, not a key, and not verified.
    await api("POST", "/connections", { provider: "gmail", status: "connected" });
    await page.reload();
    await expect.poll(() => page.getByRole("link", { name: /API Keys/ }).last().textContent()).toMatch(/API Keys0/);
    // The sidebar marks what is not built, and only that; the link keeps its name.
    const agents = page.getByRole("link", { name: "AI Assistant", exact: true });
    expect(await agents.getAttribute("aria-description")).toBeNull();
    const soon: [string, string | null][] = [];
    for (const path of notBuiltPaths) {
      const link = page.locator(`nav a[href="${path}"]`);
      if (await link.count()) soon.push([path, await link.first().getAttribute("aria-description")]);
    }
    // Once every page is built this list is empty, and this check has done its job.
    expect(soon.filter(([, badge]) => badge !== "Soon")).toEqual([]);
    await page.goto("/app/integrations");
    await expect.poll(() => page.locator("#gmail").textContent()).toContain("Enabled · not verified");
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "plan-integrations");
    await context.close();
  });

  it("after the trial the dashboard says which projects are read-only, and the project page says why", async () => {
    const { context, page, project } = await onDashboard(suite, "trial-ended");
    const ids: string[] = [];
    for (const name of ["One", "Two", "Three", "Four"]) ids.push(await project(name));
    await withClockAfterTrial(suite.server, async () => {
      await page.clock.install({ time: new Date(Date.now() + PAST_TRIAL_MS) });
      await page.reload();
      const status = page.getByTestId("plan-status");
      await expect.poll(() => status.textContent()).toContain("Your Professional trial has ended: you are on the Starter plan.");
      expect(await status.textContent()).toContain("1 project beyond the Starter plan's 3 is read-only. Nothing was deleted");
      await screenshotForReview(page, "plan-ended");
      await page.goto(`/app/projects/${ids[3]}`);
      await page.getByText("This project is read-only").waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
    await context.close();
  });

  it("a user who finished the onboarding is not sent through it again on a new device", async () => {
    const user = await seedVerifiedUser(suite.server, "onboarded");
    const first = await newPage(suite.browser, suite.server.url);
    await signInThroughUi(first.page, user);
    await first.page.waitForURL("**/app/onboarding");
    for (let step = 0; step < 3; step++) await first.page.getByRole("button", { name: "Continue" }).click();
    await first.page.getByRole("button", { name: /Go to Dashboard|Finish|Dashboard/ }).click();
    await first.page.getByRole("heading", { name: "Command Center" }).waitFor();
    await first.context.close();

    const second = await newPage(suite.browser, suite.server.url);
    await signInThroughUi(second.page, user);
    await second.page.getByRole("heading", { name: "Command Center" }).waitFor();
    await second.page.getByTestId("plan-status").waitFor();
    expect(new URL(second.page.url()).pathname).not.toBe("/app/onboarding");
    await second.context.close();
  });
});
