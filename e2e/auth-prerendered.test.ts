import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { spaTookOver } from "./support/auth-takeover";
import { newPage, screenshotForReview } from "./support/browser";
import { seedVerifiedUser } from "./support/seed";
import { useSuite } from "./support/suite";
import { storageKeys } from "@/web/lib/storage-keys";

// The prerendered /auth (docs/decisions/005-bundle-budgets.md): no React until the visitor acts,
// then the SPA takes the form over with what was typed and sends what was submitted.
const suite = useSuite();

/** Opens /auth and records every request from then on. */
async function openAuth(path: string, language?: string, width?: number) {
  const { context, page } = await newPage(suite.browser, suite.server.url, { skipOnboarding: true, width });
  if (language) await context.addCookies([{ name: "whq_lang", value: language, url: suite.server.url }]);
  const requests: string[] = [];
  page.on("request", (request) => requests.push(`${request.method()} ${request.resourceType()} ${new URL(request.url()).pathname}${new URL(request.url()).search}`));
  await page.goto(path, { waitUntil: "load" });
  // Idle a moment: nothing may load without the visitor.
  await page.waitForTimeout(500);
  return { context, page, requests };
}

/** Holds the SPA's entry module back until the returned function is called, as a slow phone would. */
async function holdEntry(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const scriptsOf = (requests: string[]) => requests.filter((r) => / script /.test(r)).map((r) => r.split(" ")[2]);

describe("the prerendered sign-in page", () => {
  it("loads no module before the visitor acts, then signs in what was typed quickly, Enter and all", async () => {
    const user = await seedVerifiedUser(suite.server, "static-auth");
    const { context, page, requests } = await openAuth("/auth");
    expect(scriptsOf(requests)).toEqual(["/auth-page.js"]);
    expect(await page.locator("form[data-static]").count()).toBe(1);
    await screenshotForReview(page, "auth-before-takeover");

    // The SPA's entry is held back until after Enter, as on a slow phone: everything lands in the static form.
    const release = await holdEntry(page);
    await page.locator("#email").focus();
    await page.keyboard.type(user.email, { delay: 5 });
    await page.keyboard.press("Tab");
    await page.keyboard.type(user.password, { delay: 5 });
    await page.keyboard.press("Enter");
    expect(await page.locator("form[data-static][data-submitted]").count()).toBe(1);
    release();
    await page.getByRole("heading", { name: "Command Center" }).waitFor();
    await page.unrouteAll();
    expect(scriptsOf(requests).length).toBeGreaterThan(1);
    // The form was never sent the browser's way (a GET with the password in the address).
    expect(requests.filter((r) => r.includes(user.password) || /^GET document \/auth\?/.test(r))).toEqual([]);
    await context.close();
  });

  it("keeps the field, its value and the caret when the SPA takes over", async () => {
    const { context, page } = await openAuth("/auth");
    const release = await holdEntry(page);
    await page.locator("#email").click();
    await page.keyboard.type("someone@exam");
    expect(await page.locator("form[data-static]").count()).toBe(1);
    release();
    await spaTookOver(page);
    await page.keyboard.type("ple.com");
    expect(await page.locator("#email").inputValue()).toBe("someone@example.com");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("email");
    await page.unrouteAll();
    await context.close();
  });

  it.each([
    ["/auth", "en", 1280],
    ["/auth?mode=sign-up", "de", 390],
  ])("looks the same, pixel for pixel, before and after the takeover (%s, %s, %i px)", async (path, language, width) => {
    const { context, page } = await openAuth(path, language, width);
    const before = await page.screenshot();
    await screenshotForReview(page, `auth-before-takeover-${language}-${width}`);
    // A key that types nothing: the takeover without focus or a pointer on anything.
    await page.keyboard.press("Shift");
    await spaTookOver(page);
    const after = await page.screenshot();
    await screenshotForReview(page, `auth-after-takeover-${language}-${width}`);
    expect(after.equals(before)).toBe(true);
    await context.close();
  });

  it("takes over a sign-up switch clicked before the SPA was there", async () => {
    const { context, page, requests } = await openAuth("/auth?mode=sign-up");
    expect(scriptsOf(requests)).toEqual(["/auth-page.js"]);
    await page.getByRole("heading", { name: "Create an account" }).waitFor();
    await page.getByRole("button", { name: "Already have an account? Sign in" }).click();
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await page.waitForURL((url) => url.pathname === "/auth" && !url.searchParams.has("mode"));
    await context.close();
  });

  it("replays every click made before the SPA was there, in order: the eye twice leaves the password hidden", async () => {
    const { context, page } = await openAuth("/auth");
    const release = await holdEntry(page);
    await page.locator("#password").fill("secret-words");
    const eye = page.locator("form[data-static] #password ~ button");
    await eye.click();
    await eye.click();
    expect(await page.locator("form[data-static]").getAttribute("data-clicked")).toMatch(/^(\d+) \1$/);
    release();
    await spaTookOver(page);
    await page.getByRole("button", { name: "Show password" }).waitFor();
    expect(await page.locator("#password").getAttribute("type")).toBe("password");
    await page.unrouteAll();
    await context.close();
  });
});

describe("the prerendered sign-in page in another language", () => {
  it("is served in German, stays German when the SPA takes over, and signs in", async () => {
    const user = await seedVerifiedUser(suite.server, "static-auth-de");
    const { context, page, requests } = await openAuth("/auth", "de");
    expect(scriptsOf(requests)).toEqual(["/auth-page.js"]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    await page.getByRole("heading", { name: "Willkommen zurück" }).waitFor();
    // French was chosen in this browser once, but the server answered in German (its cookie and
    // Accept-Language): the SPA keeps the page's language rather than switch it mid-form.
    await page.evaluate((key) => localStorage.setItem(key, "fr"), storageKeys.language);
    await page.getByLabel("E-Mail").fill(user.email);
    await spaTookOver(page);
    await page.getByRole("heading", { name: "Willkommen zurück" }).waitFor();
    await page.getByLabel("Passwort", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.getByRole("heading", { name: "Kommandozentrale" }).waitFor();
    await context.close();
  });
});
