import type { Page } from "playwright-core";

/**
 * Until the SPA has replaced it, /auth is the prerendered form (public/auth-page.js marks it
 * `data-static`): waits for the SPA's own form. A focus on the page is what starts the takeover.
 */
export async function spaTookOver(page: Page): Promise<void> {
  await page.locator("form:not([data-static]) #email").waitFor();
}
