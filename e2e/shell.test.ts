import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { memberships } from "@/server/db/schema";
import { newPage } from "./support/browser";
import { membershipsOf, seedVerifiedUser, type SeededUser } from "./support/seed";
import { signInThroughUi } from "./support/users";
import { useSuite } from "./support/suite";

const suite = useSuite();

const MAIN = ["AI Hub", "AI Spaces", "API Keys", "Integrations", "AI Assistant", "Settings"];
const OWNER = ["AI Chat", "AI Workflows", "Diagnostics", "Self-Healing", "Project Healing"];
const OWNER_FOOTER = ["System Status", "Ops Tools", "Smoke Tests", "Go Live", "Deploy Wizard"];
// The platform's screens: only its operator (this file's first verified account) has them.
const OPERATOR = ["Diagnostics", "Ops Tools", "Smoke Tests", "Go Live", "Deploy Wizard"];

// The public header's navigation is also named "Main"; the sidebar is the one with Sign Out.
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Main" }).filter({ has: page.getByRole("button", { name: "Sign Out" }) });
const commandCenter = (page: Page) => page.getByRole("heading", { name: "Command Center" }).waitFor();

/** A signed-in page on the dashboard; onboarding is skipped unless `onboard` walks through it. */
async function signedIn(user: SeededUser, options: { width?: number; onboard?: boolean } = {}) {
  const { context, page } = await newPage(suite.browser, suite.server.url, { width: options.width, skipOnboarding: !options.onboard });
  await signInThroughUi(page, user);
  if (options.onboard) {
    // The four-step wizard: default planes, integrations, import (skipped), complete.
    await page.getByRole("heading", { name: "Welcome to We Love HQ" }).waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Connect your tools" }).waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Import tasks" }).waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Go to Dashboard" }).click();
  }
  await commandCenter(page);
  return { context, page };
}

describe("the sidebar", () => {
  it("shows an owner every item, and no link leads to the 404 page", async () => {
    const { context, page } = await signedIn(await seedVerifiedUser(suite.server, "owner"), { onboard: true });
    for (const name of ["New AI Project", "Sign Out"]) await sidebar(page).getByRole("button", { name, exact: true }).waitFor();
    for (const name of [...MAIN, ...OWNER, ...OWNER_FOOTER]) {
      // Decide by URL: the sidebar may still be on screen for a moment after the URL changed.
      if (!new URL(page.url()).pathname.startsWith("/app")) await page.goto("/app/dashboard");
      const link = sidebar(page).getByRole("link", { name, exact: true });
      const href = await link.getAttribute("href");
      await link.click();
      await page.waitForURL((url) => url.pathname === href);
      // A public page replaces the shell; wait for that so the heading read below is the new page's.
      if (!href?.startsWith("/app")) await sidebar(page).waitFor({ state: "hidden" });
      const heading = page.getByRole("heading", { level: 1 });
      await heading.waitFor();
      expect(await heading.textContent(), `${name} -> ${href}`).not.toBe("Page Not Found");
    }
    await page.goto("/app/dashboard");
    await sidebar(page).getByRole("button", { name: "New AI Project" }).click();
    // It opens the project dialog, whose plane list holds the planes the wizard made.
    const dialog = page.getByRole("dialog", { name: "New Project" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Plane", { exact: true }).locator("option").allTextContents()).toEqual(["Personal", "Boats Business"]);
    await context.close();
  });

  it("shows an owner who is not the platform's operator the owner's items but none of the operator's", async () => {
    // Two accounts: whichever test runs first, the second is never this file's first verified account.
    await seedVerifiedUser(suite.server, "earlier");
    const tenant = await seedVerifiedUser(suite.server, "tenant-owner");
    const { context, page } = await signedIn(tenant);
    for (const name of ["Self-Healing", "Project Healing", "System Status"]) await sidebar(page).getByRole("link", { name, exact: true }).waitFor();
    // The server says so too; the sidebar has had the time to hear it.
    expect(await page.evaluate(async () => ((await (await fetch("/api/v1/me")).json()) as { operator: boolean }).operator)).toBe(false);
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/app/settings"));
    for (const name of OPERATOR) expect(await sidebar(page).getByRole("link", { name, exact: true }).count(), name).toBe(0);
    await context.close();
  });

  it("shows a member the main items but none of the owner's", async () => {
    const owner = await seedVerifiedUser(suite.server, "org-owner");
    const ownerPage = await newPage(suite.browser, suite.server.url);
    await signInThroughUi(ownerPage.page, owner);
    await ownerPage.page.getByRole("heading", { name: "Welcome to We Love HQ" }).waitFor();
    await ownerPage.context.close();
    const [ownership] = await membershipsOf(suite.server, owner.id);
    expect(ownership?.role).toBe("owner");
    const member = await seedVerifiedUser(suite.server, "member");
    await suite.server.services.database.db.insert(memberships).values({ orgId: ownership!.orgId, userId: member.id, role: "member" });
    const { context, page } = await signedIn(member);
    for (const name of MAIN) await sidebar(page).getByRole("link", { name, exact: true }).waitFor();
    await sidebar(page).getByRole("button", { name: "New AI Project" }).waitFor();
    for (const name of [...OWNER, ...OWNER_FOOTER]) expect(await page.getByRole("link", { name, exact: true }).count(), name).toBe(0);
    expect(await page.getByText("Owner", { exact: true }).count()).toBe(0);
    expect((await membershipsOf(suite.server, member.id)).map((m) => m.role)).toEqual(["member"]);
    await context.close();
  });

  it("Ctrl+B collapses it, a cookie keeps that for 7 days across reloads, and Ctrl+B expands it again", async () => {
    const { context, page } = await signedIn(await seedVerifiedUser(suite.server, "collapse"));
    const collapsed = () => page.locator("aside").filter({ has: sidebar(page) }).getAttribute("data-collapsed");
    const cookie = async () => (await context.cookies()).find((c) => c.name === "sidebar_state");
    const label = sidebar(page).getByText("AI Hub", { exact: true });
    expect(await collapsed()).toBe("false");
    expect((await label.boundingBox())?.width).toBeGreaterThan(10);

    await page.keyboard.press("Control+b");
    await page.waitForFunction(() => (document.querySelector("aside")?.getBoundingClientRect().width ?? 0) <= 48);
    expect(await collapsed()).toBe("true");
    expect((await label.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1); // sr-only: still named, not shown
    await sidebar(page).getByRole("link", { name: "AI Hub", exact: true }).waitFor();
    expect((await cookie())?.value).toBe("false");
    expect(Math.abs(((await cookie())?.expires ?? 0) - (Date.now() / 1000 + 7 * 24 * 3600))).toBeLessThan(120);
    await page.reload();
    await commandCenter(page);
    expect(await collapsed()).toBe("true");
    await page.keyboard.press("Control+b");
    await page.waitForFunction(() => (document.querySelector("aside")?.getBoundingClientRect().width ?? 0) >= 250);
    expect(await collapsed()).toBe("false");
    expect((await cookie())?.value).toBe("true");
    await context.close();
  });

  it("on a 390 px wide screen it stays hidden until the header button opens it as a dialog", async () => {
    const { context, page } = await signedIn(await seedVerifiedUser(suite.server, "mobile"), { width: 390 });
    expect(await sidebar(page).count()).toBe(0);
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    const dialog = page.getByRole("dialog", { name: "Main" });
    await dialog.waitFor();
    await dialog.getByRole("link", { name: "Settings", exact: true }).click();
    await page.waitForURL("**/app/settings");
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await context.close();
  });
});
