import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { memberships } from "@/server/db/schema";
import { axeViolations, newPage, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { membershipsOf, seedVerifiedUser } from "./support/seed";
import { signInThroughUi } from "./support/users";
import { useSuite } from "./support/suite";

// What a member may not do is not offered, and says why; the owner keeps every control.
const suite = useSuite();

const KEY_NOTE = "Only an organisation owner can add, change or remove API keys.";
const INTEGRATIONS_NOTE = "Only an organisation owner can connect, test or disconnect integrations.";
const PLANE_REASON = "Only an owner can delete a plane";
const keyCard = (page: Page) => page.getByRole("group", { name: "Mistral", exact: true });
const gmailSwitch = (page: Page) => page.getByRole("switch", { name: "Connect Gmail" });

/** An owner whose organisation holds a key (Mistral: stored untested, no outside call), Gmail switched on and a plane. */
async function ownerWithOrganisation() {
  const owner = await onDashboard(suite, "roles-owner");
  const [ownership] = await membershipsOf(suite.server, owner.userId);
  await owner.api("POST", "/connections", { provider: "mistral", api_key: `mk-roles-${Date.now()}` });
  await owner.api("POST", "/connections", { provider: "gmail", status: "connected" });
  await owner.api("POST", "/planes", { name: "Harbour" });
  return { ...owner, orgId: ownership!.orgId };
}

const setRole = (orgId: string, userId: string, role: string) =>
  suite.server.services.database.db.update(memberships).set({ role }).where(and(eq(memberships.orgId, orgId), eq(memberships.userId, userId)));

/** A member of the organisation, signed in in a browser of their own, on the dashboard. */
async function memberOf(orgId: string, label: string) {
  const member = await seedVerifiedUser(suite.server, label);
  await suite.server.services.database.db.insert(memberships).values({ orgId, userId: member.id, role: "member" });
  const { context, page } = await newPage(suite.browser, suite.server.url, { skipOnboarding: true });
  await signInThroughUi(page, member);
  await page.getByRole("heading", { name: "Command Center" }).waitFor();
  return { member, context, page };
}

describe("roles in the browser", () => {
  it("a member sees keys, integrations and planes, but no owner's control, and is told why", async () => {
    const owner = await ownerWithOrganisation();
    const { member, context, page } = await memberOf(owner.orgId, "roles-member");

    await page.goto("/app/api-keys");
    await page.getByRole("note").filter({ hasText: KEY_NOTE }).waitFor();
    await keyCard(page).getByText("Untested", { exact: true }).waitFor();
    await keyCard(page).getByText(/^mk-.*\d{4}$/).waitFor();
    for (const name of ["Add API Key", "Add your first API key", "Re-test Mistral", "Edit Mistral", "Remove Mistral"]) {
      expect(await page.getByRole("button", { name }).count(), name).toBe(0);
    }
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "roles-member-api-keys", { fullPage: true });

    await page.goto("/app/integrations");
    await page.getByRole("note").filter({ hasText: INTEGRATIONS_NOTE }).waitFor();
    await gmailSwitch(page).and(page.locator("[aria-checked=true]")).waitFor();
    for (const toggle of await page.getByRole("switch").all()) expect(await toggle.isDisabled()).toBe(true);
    expect(await gmailSwitch(page).getAttribute("aria-describedby")).toBe("integrations-owner-only");
    expect(await page.getByRole("button", { name: "Test Gmail" }).count()).toBe(0);

    // The card menu's Delete stays reachable from the keyboard but does nothing, and says why.
    await page.goto("/app/planes");
    await page.getByRole("button", { name: "Actions for Harbour" }).press("Enter");
    const item = page.getByRole("menuitem", { name: "Delete", exact: true });
    expect(await item.getAttribute("aria-disabled")).toBe("true");
    await item.getByText(PLANE_REASON).waitFor();
    // The menu takes focus a frame after it opens; under load (CI on 8bb7842) the arrows came first.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[role=menu]") !== null)).toBe(true);
    await page.keyboard.press("ArrowDown"); // Rename, then Delete
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => item.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await item.waitFor(); // the menu stays open: nothing was chosen
    await page.keyboard.press("Escape");
    expect(await page.getByRole("alertdialog").count()).toBe(0);

    // On the plane's page: a focusable, aria-disabled button whose tooltip gives the reason.
    await page.getByRole("link", { name: "Harbour", exact: true }).click();
    await page.getByRole("heading", { name: "Harbour", level: 1 }).waitFor();
    const remove = page.getByRole("button", { name: "Delete", exact: true });
    expect(await remove.getAttribute("aria-disabled")).toBe("true");
    await remove.focus();
    await page.getByRole("tooltip", { name: PLANE_REASON }).waitFor();
    await page.keyboard.press("Enter");
    await remove.click({ force: true }); // Playwright will not click an aria-disabled button unless forced
    expect(await page.getByRole("alertdialog").count()).toBe(0);

    // The workflow builder is the owners': a member is told so, and offered nothing.
    await page.goto("/app/workflow-builder");
    await page.getByRole("note").filter({ hasText: "Owner access required" }).waitFor();
    expect(await page.getByRole("button", { name: "New Workflow" }).count()).toBe(0);
    expect(await page.getByTestId("workflow-canvas").count()).toBe(0);

    // Promoted while the page is open, the member's tab follows at once through the live feed
    // (no reload); demoted again, the owner's controls go the same way.
    await owner.api("PATCH", `/members/${member.id}`, { role: "owner" });
    await page.getByRole("button", { name: "New Workflow", exact: true }).waitFor();
    expect(await page.getByRole("note").filter({ hasText: "Owner access required" }).count()).toBe(0);
    await owner.api("PATCH", `/members/${member.id}`, { role: "member" });
    await page.getByRole("note").filter({ hasText: "Owner access required" }).waitFor();
    expect(await page.getByRole("button", { name: "New Workflow" }).count()).toBe(0);

    await context.close();
  });

  it("a member removed while the page is open is told where the organisation went", async () => {
    const owner = await ownerWithOrganisation();
    const { member, context, page } = await memberOf(owner.orgId, "roles-removed");
    // Instead of quietly opening another organisation (here a fresh one, the member having no other).
    expect((await owner.page.request.delete(`/api/v1/organisations/${owner.orgId}/members/${member.id}`)).status()).toBe(204);
    await page.locator("[data-sonner-toast]").getByText(/^You are no longer a member of .+: an owner removed you or deleted the organisation\.$/).waitFor({ timeout: 20_000 });
    await screenshotForReview(page, "roles-member-removed");
    await context.close();
  });

  it("the owner has the same controls, and they work; a refusal after a role change shows the server's words", async () => {
    const { context, page, orgId, userId } = await ownerWithOrganisation();
    await page.goto("/app/api-keys");
    await keyCard(page).getByRole("button", { name: "Re-test Mistral" }).waitFor();
    await page.getByRole("button", { name: "Add API Key" }).waitFor();
    await keyCard(page).getByRole("button", { name: "Edit Mistral" }).waitFor();
    expect(await page.getByRole("note").filter({ hasText: KEY_NOTE }).count()).toBe(0);

    // The role changes under an open page: the server still refuses, and the toast says so plainly.
    await setRole(orgId, userId, "member");
    await keyCard(page).getByRole("button", { name: "Remove Mistral" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await page.locator("[data-sonner-toast]").getByText(/^Only an organisation owner can/).waitFor();
    await setRole(orgId, userId, "owner");
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await page.getByText("API connection removed").waitFor();
    await keyCard(page).waitFor({ state: "detached" });

    // Too many requests: the toast says how long to wait, in the app's own words, from Retry-After.
    await page.goto("/app/integrations");
    await gmailSwitch(page).and(page.locator(":enabled")).waitFor();
    const tooMany = "Too many requests. Please wait 42 seconds and try again.";
    await page.route("**/connections/*", (route) =>
      route.fulfill({ status: 429, headers: { "Retry-After": "42" }, json: { error: { code: "rate_limited", message: tooMany } } }),
    );
    await gmailSwitch(page).click();
    await page.getByText("Failed to disconnect Gmail: Too many requests. Try again in 42 seconds.").waitFor();
    await page.unroute("**/connections/*");
    await gmailSwitch(page).and(page.locator(":enabled")).click();
    await page.getByText("Gmail disconnected successfully").waitFor();

    await page.goto("/app/planes");
    await page.getByRole("button", { name: "Actions for Harbour" }).click();
    await page.getByRole("menuitem", { name: "Delete", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete Plane" }).click();
    await page.getByText("Plane deleted").waitFor();
    await page.getByRole("link", { name: "Harbour", exact: true }).waitFor({ state: "detached" });
    await context.close();
  });
});
