import AxeBuilder from "@axe-core/playwright";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { chromiumPath } from "../chromium-path.mjs";
import { pooledPage } from "./context-pool";
import { SKIP_ONBOARDING, skipOnboarding } from "./onboarding";

// Without the background-networking flags Chromium keeps dialling Google on this closed network.
const args = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("No Chromium found: set CHROMIUM_PATH or install /usr/bin/chromium");
  return chromium.launch({ executablePath, args, headless: true });
}

type PageOptions = { colorScheme?: "light" | "dark"; width?: number; skipOnboarding?: boolean };

/**
 * A page in a browser context of its own for this test: taken from the worker's pool
 * (context-pool.ts), and put back there by the test's `context.close()`. `skipOnboarding` marks the
 * onboarding done in the context's pages (onboarding.ts), in a pooled context that already does when
 * there is one.
 */
export async function newPage(browser: Browser, baseURL: string, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const scripts = options.skipOnboarding ? [SKIP_ONBOARDING] : [];
  const { context, page } = await pooledPage(browser, { baseURL, colorScheme: options.colorScheme ?? "light", width: options.width ?? 1280 }, scripts);
  // A no-op in a context that has it already (context-pool.ts).
  if (options.skipOnboarding) await skipOnboarding(context);
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/**
 * Puts the page in the system's light or dark scheme and waits until it is drawn so: the app follows
 * the system for a user who never picked a theme (lib/theme.ts), as the public pages do on load.
 */
export async function switchScheme(page: Page, colorScheme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction((dark) => document.documentElement.classList.contains("dark") === dark, colorScheme === "dark");
}

/** WCAG 2 A and AA rules; returns a readable list so a failure names what to fix. */
export async function axeViolations(page: Page): Promise<string[]> {
  // A toast or dialog still fading in has part of its final contrast: wait for every animation
  // that ends (a spinner's never does) so axe judges what stays on screen. Bounded from this side,
  // since a test may have paused the page's clock.
  const settled = page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 3_000))]);
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
}

/**
 * A screenshot for a person to look at, taken only when E2E_SCREENSHOTS is set: to a directory, or
 * to "1" for the temp dir. Writes `<name>.png`; nothing a test checks.
 */
export async function screenshotForReview(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const where = process.env.E2E_SCREENSHOTS;
  if (!where) return;
  const dir = where === "1" ? tmpdir() : where;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), ...options });
}
