import { describe, expect, it } from "vitest";
import { axeViolations, newPage, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { signInThroughUi } from "./support/users";
import { useSuite } from "./support/suite";

// Settings: what only a browser shows — the tabs, the session the page itself holds, the theme.
const suite = useSuite();

describe("settings", () => {
  it("renames the user and the organisation, and keeps the tab in the address", async () => {
    const { context, page, user } = await onDashboard(suite, "settings-profile");
    // The session read held back, as on a slow line: the profile shows no empty name and address meanwhile.
    await page.route("**/api/auth/get-session", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.getByRole("link", { name: "Settings" }).first().click();
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe(user.email);
    // A read still held here is let through by Playwright, and its handler's continue then fails: ignored.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await screenshotForReview(page, "settings-profile");
    expect(await page.getByLabel("Email").getAttribute("readonly")).not.toBeNull();

    await page.getByLabel("Full name").fill(" ");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Name is required").waitFor();
    await page.getByLabel("Full name").fill("Renamed Person");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Profile updated").waitFor();

    await page.getByRole("tab", { name: "Organisation" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "organization");
    await page.getByText("Renamed Person").waitFor();
    await page.getByText("(you)").waitFor();
    expect(await page.getByTestId("settings-plan").textContent()).toMatch(/^ProfessionalProfessional trial: 1[34] days left$/);
    await page.getByLabel("Organisation name").fill("Renamed Org");
    await page.getByRole("button", { name: "Rename" }).click();
    await page.getByText("Organisation renamed").waitFor();
    await page.reload();
    expect(await page.getByLabel("Organisation name").inputValue()).toBe("Renamed Org");
    // The last owner's own role cannot go: the server says why, and the role stays.
    await page.getByLabel("Role of Renamed Person").selectOption("member");
    await page.getByText("An organisation needs an owner: make someone else an owner first").waitFor();
    await expect.poll(() => page.getByLabel("Role of Renamed Person").inputValue()).toBe("owner");
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "settings-organization");
    await context.close();
  });

  it("changes the password, which signs out the other session, and signs out everywhere", async () => {
    const { context, page, user } = await onDashboard(suite, "settings-security");
    const other = await newPage(suite.browser, suite.server.url, { skipOnboarding: true });
    await signInThroughUi(other.page, user);
    await other.page.getByRole("heading", { name: "Command Center" }).waitFor();

    await page.goto("/app/settings?tab=security");
    await expect.poll(() => page.getByRole("list", { name: "Sessions" }).getByRole("listitem").count(), { timeout: 15_000 }).toBe(2);
    await page.getByText("This device").waitFor();

    await page.getByLabel("Current password").fill("not-my-password-at-all");
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-passphrase");
    await page.getByLabel("Repeat the new password").fill("a-brand-new-passphrase");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByRole("alert").filter({ hasText: /password/i }).waitFor();

    await page.getByLabel("Current password").fill(user.password);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Password changed. Other sessions were signed out.").waitFor();
    await expect.poll(() => page.getByRole("list", { name: "Sessions" }).getByRole("listitem").count()).toBe(1);
    const res = await other.page.request.get("/api/auth/get-session");
    expect(await res.json()).toBeNull();
    await other.context.close();

    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.getByRole("alertdialog", { name: "Sign out everywhere?" }).getByRole("button", { name: "Sign out everywhere" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    expect(await (await page.request.get("/api/auth/get-session")).json()).toBeNull();
    await context.close();
  });

  it("switches to dark and back, with no accessibility violations in either", async () => {
    const { context, page } = await onDashboard(suite, "settings-theme");
    await page.goto("/app/settings?tab=appearance");
    await page.getByRole("radio", { name: "Dark" }).check();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "settings-appearance-dark");
    await page.getByRole("radio", { name: "Light" }).check();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
