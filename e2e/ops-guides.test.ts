import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, newPage, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { makeOperator } from "./support/seed";
import { useSuite } from "./support/suite";

// The operator guides: what a visitor reads and copies, and what an owner's live checks say.
const COMMIT = "5f3c2a19e8d7b6a5c4d3e2f1a0b9c8d7e6f5a4b3";
const suite = useSuite({ RELEASE_COMMIT: COMMIT });

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const allowClipboard = (context: BrowserContext) => context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.server.url });

describe("the operator guides", () => {
  it("shows a visitor the guide, with the checks kept for owners, and copies a command", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await allowClipboard(context);
    await page.goto("/go-live");
    await page.getByRole("heading", { name: "Go Live", level: 1 }).waitFor();
    await page.getByText("Sign in as an owner to check this server").waitFor();
    expect(await page.locator("[data-check]").count()).toBe(0);

    // The hosting tabs by keyboard: the arrow moves to Docker and shows its steps.
    await page.getByRole("tab", { name: "Server with systemd" }).focus();
    await page.keyboard.press("ArrowRight");
    await page.getByRole("tabpanel", { name: "Docker" }).getByText("Build the image").first().waitFor();
    expect(await page.getByRole("tab", { name: "Docker" }).getAttribute("aria-selected")).toBe("true");

    await page.getByRole("button", { name: "Copy: Health check" }).click();
    await toast(page, "Copied Health check").waitFor();
    expect(await clipboard(page)).toBe(`curl -fsS ${suite.server.url}/functions/v1/health`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "go-live-visitor", { fullPage: true });

    // The wizard's live checks are the owners' too; its steps are for everyone.
    await page.goto("/deploy-wizard");
    await page.getByRole("heading", { name: "Deploy Wizard", level: 1 }).waitFor();
    await page.getByText("Sign in as an owner to check this server").waitFor();
    await context.close();
  });

  it("shows an owner this server's real configuration on /go-live and through the wizard", async () => {
    const { context, page } = await onDashboard(suite, "ops-owner");
    await page.goto("/go-live");
    const checks = page.getByTestId("environment-checks");
    await checks.waitFor();
    // The suite's server: embedded database, all migrations, APP_URL on localhost, no SMTP, no n8n.
    await expect.poll(() => page.locator('[data-check="migrations"]').getAttribute("data-state")).toBe("ok");
    expect(await page.locator('[data-check="database"]').getAttribute("data-state")).toBe("warn");
    expect(await page.locator('[data-check="n8n_base"]').getAttribute("data-state")).toBe("missing");
    await page.locator('[data-check="release"]').getByText(`commit ${COMMIT.slice(0, 7)}`).waitFor();
    expect(await checks.textContent()).not.toContain("b".repeat(64));
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "go-live-owner", { fullPage: true });

    await page.goto("/deploy/wizard");
    const progress = page.getByTestId("wizard-progress");
    await expect.poll(() => progress.textContent()).toBe("Step 1 of 5");
    await page.locator('[data-check="app_url"]').waitFor();
    // Next by keyboard; focus lands on the new step's heading.
    await page.getByRole("button", { name: "Next" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => progress.textContent()).toBe("Step 2 of 5");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Database");
    await page.locator('[data-check="database"]').waitFor();
    expect(await page.locator("[data-check]").count()).toBe(1);
    await page.getByRole("button", { name: "5. Health check" }).click();
    await page.getByRole("button", { name: "Run the health check" }).click();
    await expect.poll(() => page.getByTestId("wizard-health").textContent(), { timeout: 15_000 }).toMatch(/^Healthy: the database answered in \d+ ms$/);
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Back" }).click();
    await expect.poll(() => progress.textContent()).toBe("Step 4 of 5");
    await page.locator('[data-check="migrations"]').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "deploy-wizard-owner", { fullPage: true });
    await context.close();
  });

  it("shows the deploy status with the 7-character commit, and runs the probes on /ops/tools", async () => {
    const { context, page, userId } = await onDashboard(suite, "ops-tools");
    // Not this file's first account: named an operator, as `npm run operator -- add` would.
    await makeOperator(suite.server, userId);
    await allowClipboard(context);
    await page.goto("/deploy-status");
    await page.getByRole("heading", { name: "Deploy Status", level: 1 }).waitFor();
    await page.getByTestId("release-commit").getByText(COMMIT.slice(0, 7), { exact: true }).waitFor();
    await page.getByTestId("health").getByText(/^Up: the database answered in \d+ ms$/).waitFor();
    await page.getByTestId("app-url").getByText(suite.server.url, { exact: true }).first().waitFor();
    await page.getByText(".ci/run", { exact: false }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "deploy-status-owner", { fullPage: true });

    await page.goto("/ops/tools");
    await page.getByRole("heading", { name: "Ops Tools", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Run probes" }).click();
    for (const probe of ["health", "agentReady", "releaseInfo", "statusPage"]) {
      const row = page.locator(`[data-probe="${probe}"]`);
      await expect.poll(() => row.getAttribute("data-state"), { timeout: 10_000 }).toBe("ok");
      expect(await row.textContent()).toMatch(/200 in \d+ ms/);
    }
    await page.getByTestId("migrations").getByText(/^(\d+) of \1 applied$/).waitFor();
    await page.getByRole("button", { name: "Copy report" }).click();
    await toast(page, "Copied environment report").waitFor();
    const report = await clipboard(page);
    expect(report).toContain(`commit ${COMMIT}`);
    expect(report).toMatch(/\[OK\] Migrations: All \d+ applied/);
    expect(report).not.toContain("b".repeat(64));
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "ops-tools-owner", { fullPage: true });
    await context.close();
  });
});
