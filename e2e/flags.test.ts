import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { memberships } from "@/server/db/schema";
import { storageKeys } from "@/web/lib/storage-keys";
import { axeViolations, newPage } from "./support/browser";
import { membershipsOf, seedVerifiedUser, type SeededUser } from "./support/seed";
import { useSuite } from "./support/suite";
import { signInThroughUi } from "./support/users";

const suite = useSuite();

const storedOverrides = (page: Page) => page.evaluate((key) => localStorage.getItem(key), storageKeys.flagOverrides);
const flagSwitch = (page: Page, name: string) => page.getByRole("switch", { name, exact: true });
const waitChecked = (page: Page, name: string, checked: boolean) =>
  page.locator(`[data-flag="${name}"] [role="switch"][aria-checked="${checked}"]`).waitFor();

/** A signed-in context on the Command Center; the first visit to /app creates an owner's organisation. */
async function signedIn(user: SeededUser): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(suite.browser, suite.server.url, { skipOnboarding: true });
  await signInThroughUi(page, user);
  await page.getByRole("heading", { name: "Command Center" }).waitFor();
  return { context, page };
}

async function openFlags(page: Page) {
  await page.goto("/app/admin/flags");
  await page.getByRole("heading", { name: "Feature Flags", level: 1 }).waitFor();
}

describe("the feature flags page", () => {
  it("lets an owner override a flag in this browser, storing only what differs from the default", async () => {
    const { context, page } = await signedIn(await seedVerifiedUser(suite.server, "flags-owner"));
    await openFlags(page);
    await waitChecked(page, "AI_ASSIST_ENABLED", true);
    await waitChecked(page, "N8N_ENABLED", true);
    await page.getByText("The n8n workflow integration card and workflow features").waitFor();
    await page.getByText("Overrides apply to this browser only", { exact: false }).waitFor();
    expect(await storedOverrides(page)).toBeNull();
    expect(await axeViolations(page)).toEqual([]);

    // By keyboard: the switch takes focus and Space flips it.
    await flagSwitch(page, "N8N_ENABLED").focus();
    await page.keyboard.press("Space");
    await waitChecked(page, "N8N_ENABLED", false);
    await page.locator('[data-flag="N8N_ENABLED"]').getByText("Overridden in this browser").waitFor();
    expect(await page.locator('[data-flag="AI_ASSIST_ENABLED"]').getByText("Overridden in this browser").count()).toBe(0);
    expect(JSON.parse((await storedOverrides(page)) ?? "null")).toEqual({ N8N_ENABLED: false });
    expect(await axeViolations(page)).toEqual([]);

    // It survives a reload, and going back to the default removes the key altogether.
    await page.reload();
    await waitChecked(page, "N8N_ENABLED", false);
    await flagSwitch(page, "N8N_ENABLED").click();
    await waitChecked(page, "N8N_ENABLED", true);
    expect(await storedOverrides(page)).toBeNull();
    expect(await page.getByText("Overridden in this browser").count()).toBe(0);
    await context.close();
  });

  it("resets every override after confirmation, and a second tab follows without a reload", async () => {
    const { context, page } = await signedIn(await seedVerifiedUser(suite.server, "flags-reset"));
    await openFlags(page);
    const other = await context.newPage();
    await openFlags(other);

    await flagSwitch(page, "AI_ASSIST_ENABLED").click();
    await flagSwitch(page, "N8N_ENABLED").click();
    // The other tab hears the storage event.
    await waitChecked(other, "AI_ASSIST_ENABLED", false);
    await waitChecked(other, "N8N_ENABLED", false);
    expect(JSON.parse((await storedOverrides(page)) ?? "null")).toEqual({ AI_ASSIST_ENABLED: false, N8N_ENABLED: false });

    // Cancel keeps the overrides; confirming removes them.
    await page.getByRole("button", { name: "Reset to defaults" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Reset all feature flags?" });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await storedOverrides(page)).not.toBeNull();

    await page.getByRole("button", { name: "Reset to defaults" }).click();
    await dialog.getByRole("button", { name: "Reset", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    await waitChecked(page, "AI_ASSIST_ENABLED", true);
    await waitChecked(page, "N8N_ENABLED", true);
    expect(await storedOverrides(page)).toBeNull();
    await waitChecked(other, "AI_ASSIST_ENABLED", true);
    await waitChecked(other, "N8N_ENABLED", true);

    // And a change made in the second tab reaches the first.
    await flagSwitch(other, "AI_ASSIST_ENABLED").click();
    await waitChecked(page, "AI_ASSIST_ENABLED", false);
    await context.close();
  });

  it("refuses a member: the page says owner access is required and the server answers 403", async () => {
    const owner = await seedVerifiedUser(suite.server, "flags-org-owner");
    const ownerSession = await signedIn(owner);
    await ownerSession.context.close();
    const [ownership] = await membershipsOf(suite.server, owner.id);
    expect(ownership?.role).toBe("owner");
    const member = await seedVerifiedUser(suite.server, "flags-member");
    await suite.server.services.database.db.insert(memberships).values({ orgId: ownership!.orgId, userId: member.id, role: "member" });

    const { context, page } = await signedIn(member);
    await openFlags(page);
    await page.getByText("Owner access required. Contact your organisation owner for permissions.").waitFor();
    expect(await page.getByRole("switch").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Reset to defaults" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    const api = await context.request.get(`/api/v1/organisations/${ownership!.orgId}/flags`);
    expect(api.status()).toBe(403);
    await context.close();
  });
});
