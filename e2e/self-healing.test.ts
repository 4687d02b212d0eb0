import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { HealingConfigResponse } from "@/shared/platform-health";
import { healingConfigs, memberships, user } from "@/server/db/schema";
import { runDueScans, schedulerDepsOf } from "@/server/modules/health/platform/platform-scheduler";
import { axeViolations, newPage, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { seedVerifiedUser } from "./support/seed";
import { signInThroughUi } from "./support/users";
import { useSuite } from "./support/suite";

// The Self-Healing System page: an owner scans, repairs, saves auto-repair settings and hears of a scheduled scan's alert.
const suite = useSuite();
const db = () => suite.server.services.database.db;

/** A member whose account has no way to sign in: the memberships check reports it. */
async function memberWhoCannotSignIn(orgId: string, label: string): Promise<string> {
  const id = randomUUID();
  const email = `${label}-${id.slice(0, 8)}@example.test`;
  await db().insert(user).values({ id, email, name: label, emailVerified: true, createdAt: new Date(), updatedAt: new Date() });
  await db().insert(memberships).values({ orgId, userId: id, role: "member" });
  return email;
}

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title }).first();

describe("the Self-Healing System page", () => {
  it("lets an owner scan, fix an issue after confirming, dispatch a Manual Fix and save the auto-repair settings", async () => {
    const { context, page, api, orgId } = await onDashboard(suite, "healer");
    const ghost = await memberWhoCannotSignIn(orgId, "ghost");
    // The sidebar's owner item leads to the built page (no 'Soon' badge).
    await page.getByRole("link", { name: "Self-Healing", exact: true }).click();
    await page.getByRole("heading", { name: "Self-Healing System", level: 1 }).waitFor();
    await page.getByText("No scan yet. Run one to check the platform.").waitFor();

    await page.getByRole("button", { name: "Run Scan" }).click();
    await toast(page, "Health Scan Complete").waitFor();
    await page.getByTestId("health-score").filter({ hasText: "80%" }).waitFor();
    await page.getByText("WARNING", { exact: true }).first().waitFor();
    const issue = page.locator('[data-issue="members_cannot_sign_in"]');
    await issue.getByText("MEMBERSHIP", { exact: true }).waitFor();
    await issue.getByText("high", { exact: true }).waitFor();
    await issue.getByText("Auto-fixable", { exact: true }).waitFor();
    await issue.getByText(ghost, { exact: false }).waitFor();
    await page.locator('[data-check="memberships"]').getByText("Failed", { exact: true }).waitFor();
    await page.locator('[data-check="server_functions"]').getByText("Passed", { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "self-healing-report", { fullPage: true });

    await issue.getByRole("button", { name: "Manual Fix" }).click();
    await toast(page, "Manual Fix Initiated").waitFor();
    await issue.getByText("Sent to the system-healer agent").waitFor();

    await issue.getByRole("button", { name: "Fix", exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: "Repair memberships?" });
    await dialog.getByText(ghost, { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Fix" }).click();
    await toast(page, "Fix applied").waitFor();
    await issue.getByTestId("fix-result").filter({ hasText: `Removed the membership of ${ghost}, whose account cannot sign in` }).waitFor();
    await page.getByText("HEALTHY", { exact: true }).first().waitFor();

    const form = page.getByRole("form", { name: "Auto-repair" });
    await form.getByRole("switch", { name: "Enable auto-repair and scheduled scans" }).click();
    await form.getByLabel("Scan interval").selectOption("5");
    await form.getByLabel("Notify from severity").selectOption("medium");
    await form.getByRole("button", { name: "Save settings" }).click();
    await toast(page, "Auto-repair settings saved").waitFor();
    await expect.poll(async () => (await page.getByTestId("next-scan").textContent()) !== "Not scheduled (auto-repair is off)").toBe(true);
    const { config } = await api<HealingConfigResponse>("GET", "/health/platform/config");
    expect(config).toMatchObject({ enabled: true, scan_interval: 5, notification_threshold: "medium", auto_fix_critical: true, auto_fix_high: false, version: 1 });
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "self-healing-fixed", { fullPage: true });

    // A scheduled scan on the server finds a new problem: the open page hears it and says so.
    const second = await memberWhoCannotSignIn(orgId, "ghost-two");
    await db().update(healingConfigs).set({ nextScanAt: new Date(Date.now() - 1000) }).where(eq(healingConfigs.orgId, orgId));
    await runDueScans(schedulerDepsOf(suite.server.services));
    await toast(page, "System Issue Detected").waitFor();
    await toast(page, "System Issue Detected").getByText(second, { exact: false }).waitFor();
    await page.getByRole("table").getByText("scheduled", { exact: true }).waitFor();
    await screenshotForReview(page, "self-healing-alert");
    await context.close();
  });

  it("tells a member the page is for owners, and the server refuses them too", async () => {
    const owner = await onDashboard(suite, "healer-owner");
    const member = await seedVerifiedUser(suite.server, "healer-member");
    await db().insert(memberships).values({ orgId: owner.orgId, userId: member.id, role: "member" });
    await owner.context.close();
    const { context, page } = await newPage(suite.browser, suite.server.url, { skipOnboarding: true });
    await signInThroughUi(page, member);
    await page.getByRole("heading", { name: "Command Center" }).waitFor();
    await page.goto("/app/self-healing");
    await page.getByText("Owner access required. Contact your organisation owner for permissions.", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Run Scan" }).count()).toBe(0);
    const res = await page.request.fetch(`/api/v1/organisations/${owner.orgId}/health/platform/scans`);
    expect(res.status()).toBe(403);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "self-healing-member");
    await context.close();
  });
});
