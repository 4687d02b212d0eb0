import { afterAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { axeViolations, newPage, switchScheme } from "./support/browser";
import { seedVerifiedUser } from "./support/seed";
import { signInThroughUi } from "./support/users";
import { useSuite } from "./support/suite";

const suite = useSuite();

type Scheme = "light" | "dark";
type Opened = { context: BrowserContext; page: Page };

// Each new page costs Chromium seconds of CPU: the visitor's scans go from page to page in one page
// per colour scheme, and the signed-in checks share one user, who changes nothing. Every test still
// starts from an address of its own.
const opened: Promise<Opened>[] = [];
const once = (open: () => Promise<Opened>) => {
  let page: Promise<Opened> | undefined;
  return async () => {
    if (!page) opened.push((page = open()));
    return (await page).page;
  };
};
const visitorPage = { light: once(() => newPage(suite.browser, suite.server.url)), dark: once(() => newPage(suite.browser, suite.server.url, { colorScheme: "dark" })) };
const signedInPage = once(async () => {
  const user = await seedVerifiedUser(suite.server, "public");
  const { context, page } = await newPage(suite.browser, suite.server.url, { skipOnboarding: true });
  await signInThroughUi(page, user);
  await page.getByRole("heading", { name: "Command Center" }).waitFor();
  return { context, page };
});
afterAll(async () => {
  await Promise.all(opened.map(async (page) => (await page.catch(() => undefined))?.context.close()));
});

/** A signed-out visitor's page, on `path` once its heading is there. */
async function visit(path: string, colorScheme: Scheme = "light") {
  const page = await visitorPage[colorScheme]();
  await page.goto(path);
  await page.locator("h1").first().waitFor();
  return page;
}

/** The landing page's main call to action, whether it is drawn as a link or a button. */
const mainAction = (page: Page, name: string) => {
  const main = page.getByRole("main");
  return main.getByRole("link", { name, exact: true }).or(main.getByRole("button", { name, exact: true })).first();
};

describe("the 404 page", () => {
  it("offers Go Home and Go Back", async () => {
    const page = await visit("/pricing");
    await page.goto("/no-such-page");
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    await page.getByRole("button", { name: "Go Back" }).click();
    await page.waitForURL((url) => url.pathname === "/pricing");
    await page.goto("/no-such-page");
    await page.getByRole("button", { name: "Go Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });
});

describe("the landing page", () => {
  it("sends a visitor to sign up with 'Start Free Trial'", async () => {
    const page = await visit("/");
    await mainAction(page, "Start Free Trial").click();
    await page.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("mode") === "sign-up");
    await page.getByRole("heading", { name: "Create an account" }).waitFor();
  });

  it("is prerendered: no module script, and its menu and theme work without React", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.setViewportSize({ width: 390, height: 844 });
    const scripts: string[] = [];
    page.on("request", (req) => req.resourceType() === "script" && scripts.push(new URL(req.url()).pathname));
    await page.goto("/", { waitUntil: "networkidle" });
    // The theme script is inline (no render-blocking request) and the CSP lets it run.
    expect(scripts).toEqual(["/public-page.js"]);

    const menu = page.getByRole("button", { name: "Open menu" });
    await menu.click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Open menu" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).isVisible()).toBe(false);

    await page.getByRole("button", { name: "Toggle theme" }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await context.close();
  });

  it("sends a signed-in user to the dashboard with 'Go to Dashboard'", async () => {
    const page = await signedInPage();
    await page.goto("/");
    await mainAction(page, "Go to Dashboard").click();
    await page.waitForURL((url) => url.pathname === "/app/dashboard");
  });
});

describe("pricing and legal pages", () => {
  it("/pricing shows three plans and an FAQ", async () => {
    const page = await visit("/pricing");
    const plan = (name: string) => page.getByText(name, { exact: true });
    for (const name of ["Starter", "Professional", "Enterprise"]) await plan(name).waitFor();
    // Boxes holding one plan and no other: the badge and the button must sit in the right one.
    const card = (name: string, others: string[]) => {
      let box = page.getByRole("main").locator("*").filter({ has: plan(name) });
      for (const other of others) box = box.filter({ hasNot: plan(other) });
      return box;
    };
    expect(await card("Professional", ["Starter", "Enterprise"]).filter({ hasText: "Most Popular" }).count()).toBeGreaterThan(0);
    expect(await card("Enterprise", ["Starter", "Professional"]).filter({ hasText: "Contact Sales" }).count()).toBeGreaterThan(0);
    expect(await card("Starter", ["Professional", "Enterprise"]).filter({ hasText: "Most Popular" }).count()).toBe(0);
    await page.getByRole("heading", { name: "Frequently asked questions" }).waitFor();
    expect(await page.getByText("How does the free trial work?").count()).toBeGreaterThan(0);
  });

  it("/privacy and /terms render their headings", async () => {
    for (const [path, title] of [["/privacy", "Privacy notice"], ["/terms", "Terms of service"]] as const) {
      const page = await visit(path);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
    }
  });
});

const pages: [string, string][] = [
  ["landing", "/"],
  ["features", "/features"],
  ["pricing", "/pricing"],
  ["docs", "/docs"],
  ["contact", "/contact"],
  ["privacy", "/privacy"],
  ["terms", "/terms"],
  ["sign-in", "/auth"],
  ["sign-up", "/auth"],
  ["404", "/no-such-page"],
];

describe.each<Scheme>(["light", "dark"])("accessibility in the %s scheme", (scheme) => {
  it.each(pages)("%s (%s) has no WCAG 2 A/AA violations", async (name, path) => {
    const page = await visit(path, scheme);
    if (name === "sign-up") {
      await page.getByRole("button", { name: "Don't have an account? Sign up" }).click();
      await page.getByRole("heading", { name: "Create an account" }).waitFor();
    }
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(scheme === "dark");
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe("accessibility inside the app", () => {
  it("/app/dashboard has no WCAG 2 A/AA violations in either scheme", async () => {
    const page = await signedInPage();
    await page.goto("/app/dashboard");
    await page.getByRole("heading", { name: "Command Center" }).waitFor();
    expect(await axeViolations(page), "light").toEqual([]);
    await switchScheme(page, "dark");
    expect(await axeViolations(page), "dark").toEqual([]);
    // The page is shared: back to the scheme it was opened in.
    await switchScheme(page, "light");
  });
});
