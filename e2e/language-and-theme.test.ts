import { describe, expect, it } from "vitest";
import { axeViolations, newPage, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { submitSignInForm } from "./support/users";
import { useSuite } from "./support/suite";

// Language and theme: what only a browser shows — the whole shell switching, the date format, the
// choice surviving a reload and following the user to another device, axe in both themes.
const suite = useSuite();

describe("language and theme", () => {
  it("switches to German, keeps it on reload and on another device, and back to English", async () => {
    const { context, page, user } = await onDashboard(suite, "lang-de");
    await page.goto("/app/settings?tab=appearance");
    await page.getByLabel("Language").selectOption("de");
    // The shell and the page: the sidebar's link and the page's tab, no reload.
    await page.getByRole("link", { name: "Einstellungen" }).first().waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("de");
    await page.getByLabel("Sprache").waitFor();
    expect(await page.getByLabel("Sprache").inputValue()).toBe("de");

    // A date in German format (the sessions list: "25.11.2026, 19:59").
    await page.goto("/app/settings?tab=security");
    await page.getByText(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/).first().waitFor();
    // The device is named in German too ("Chrome unter Linux").
    await page.getByText(/^Chrome unter Linux$/).first().waitFor();
    await screenshotForReview(page, "language-german-security");

    await page.reload();
    await page.getByRole("link", { name: "Einstellungen" }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    expect(await axeViolations(page)).toEqual([]);

    // The server's refusals come in German too: inviting oneself is refused in the toast.
    await page.goto("/app/settings?tab=organization");
    await page.getByLabel("E-Mail-Adresse").fill(user.email);
    await page.getByRole("button", { name: "Einladung senden" }).click();
    await page.getByText(`${user.email} ist bereits Mitglied dieser Organisation`).waitFor();
    await screenshotForReview(page, "language-german-server-refusal");

    // Another device with an English browser: the stored language applies at sign-in.
    const other = await newPage(suite.browser, suite.server.url, { skipOnboarding: true });
    await other.page.goto("/auth");
    await submitSignInForm(other.page, user);
    await other.page.getByRole("heading", { name: "Kommandozentrale" }).waitFor();
    // The public pages follow too (the cookie the app wrote), served in German by the server.
    await other.page.goto("/pricing");
    expect(await other.page.evaluate(() => document.documentElement.lang)).toBe("de");
    await other.page.getByText(/29\s€/).first().waitFor();
    expect(await axeViolations(other.page)).toEqual([]);
    await screenshotForReview(other.page, "language-german-pricing");
    await other.context.close();

    await page.goto("/app/settings?tab=appearance");
    await page.getByLabel("Sprache").selectOption("en");
    await page.getByRole("link", { name: "Settings" }).first().waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("en");
    await page.reload();
    await page.getByLabel("Language").waitFor();
    await context.close();
  });

  it("keeps dark mode per user, with no accessibility violations in either theme", async () => {
    const { context, page, user } = await onDashboard(suite, "theme-dark");
    await page.goto("/app/settings?tab=appearance");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("radio", { name: "Dark" }).check();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "theme-dark-appearance");

    // Stored on the user: a fresh browser (light by system) turns dark after sign-in.
    await expect.poll(async () => ((await (await page.request.get("/api/auth/get-session")).json()) as { user: { theme: string } }).user.theme).toBe("dark");
    const other = await newPage(suite.browser, suite.server.url, { skipOnboarding: true });
    await other.page.goto("/auth");
    await submitSignInForm(other.page, user);
    await other.page.getByRole("heading", { name: "Command Center" }).waitFor();
    await expect.poll(() => other.page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await other.context.close();

    await page.getByRole("radio", { name: "Light" }).check();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    await context.close();
  });
});
