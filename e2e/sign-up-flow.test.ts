import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { newPage } from "./support/browser";
import { mailedLink, PASSWORD, signInThroughUi, signUpThroughApi, submitSignInForm, uniqueEmail } from "./support/users";
import { useSuite } from "./support/suite";

const suite = useSuite();
const VERIFIED_CALLBACK = "/auth?verified=1";

/** Every CSP violation the page reports (zod's eval probe would be one), kept across navigations. */
async function recordCspViolations(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = JSON.parse(sessionStorage.getItem("csp-violations") ?? "[]");
    document.addEventListener("securitypolicyviolation", (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${location.pathname}`);
      sessionStorage.setItem("csp-violations", JSON.stringify(seen));
    });
  });
  return (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem("csp-violations") ?? "[]") as string[]);
}

/** Signed up through the API, the address not confirmed yet: its email. */
const signedUp = async (label: string) => (await signUpThroughApi(suite.server, label, VERIFIED_CALLBACK)).email;

describe("the way in from the public pages", () => {
  it("opens sign-up from 'Get Started' and 'Start Free Trial', sign-in from 'Sign In', and keeps the mode in the address", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const visitorAskedForSession: string[] = [];
    page.on("request", (r) => r.url().includes("/api/auth/") && visitorAskedForSession.push(r.url()));
    await page.goto("/", { waitUntil: "networkidle" });
    // A visitor's public pages never ask the server who is signed in (no session hint cookie).
    expect(visitorAskedForSession).toEqual([]);
    await page.getByRole("main").getByRole("link", { name: "Get Started" }).click();
    await page.getByRole("heading", { name: "Create an account" }).waitFor();
    expect(new URL(page.url()).search).toBe("?mode=sign-up");

    await page.getByRole("button", { name: "Already have an account? Sign in" }).click();
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    expect(new URL(page.url()).search).toBe("");
    await page.reload();
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();

    await page.goto("/pricing");
    await page.getByRole("link", { name: "Start Free Trial" }).click();
    await page.getByRole("heading", { name: "Create an account" }).waitFor();
    await page.goto("/features");
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await context.close();
  });
});

describe("confirming the address", () => {
  it("offers 'Resend verification email' when sign-in is refused, and the new link signs in", async () => {
    const email = await signedUp("resend");
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const cspViolations = await recordCspViolations(context);
    await signInThroughUi(page, { email, password: PASSWORD });
    await page.getByText("Please check your email and click the confirmation link before signing in.").waitFor();
    const resent = page.waitForResponse((r) => r.url().endsWith("/api/auth/send-verification-email"));
    await page.getByRole("button", { name: "Resend verification email" }).click();
    expect((await resent).status()).toBe(200);
    await page.getByText(`If ${email} still needs confirming, a new link is on its way.`).waitFor();

    await page.goto(await mailedLink(suite.server, email));
    await page.waitForURL("**/app/onboarding");
    await page.getByText("Email confirmed. Welcome!").waitFor();
    await page.getByRole("heading", { name: "Welcome to We Love HQ" }).waitFor();
    // The landing page now knows, from the cookie hint, and offers the dashboard.
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Go to Dashboard" }).waitFor();
    expect(await cspViolations(page)).toEqual([]);
    await context.close();
  });

  it("says the address is confirmed when the link is opened again elsewhere, and asks to sign in", async () => {
    const email = await signedUp("again");
    const link = await mailedLink(suite.server, email);
    const first = await newPage(suite.browser, suite.server.url);
    await first.page.goto(link);
    await first.page.waitForURL("**/app/onboarding");
    await first.context.close();

    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === "/auth" && url.search === "?verified=1");
    await page.getByRole("status").getByText("Email confirmed. Sign in to continue.").waitFor();
    await submitSignInForm(page, { email, password: PASSWORD });
    await page.waitForURL("**/app/onboarding");
    await context.close();
  });

  it("says so when the link is broken or expired", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto(`/api/auth/verify-email?token=expired-or-forged&callbackURL=${encodeURIComponent(VERIFIED_CALLBACK)}`);
    await page.getByText("This confirmation link is invalid or has expired. Sign in to ask for a new one.").waitFor();
    expect(new URL(page.url()).searchParams.get("error")).toBe("INVALID_TOKEN");
    await context.close();
  });
});

describe("the content security policy", () => {
  it("reports nothing through sign-up, where zod validates the form", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const cspViolations = await recordCspViolations(context);
    await page.goto("/auth?mode=sign-up");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await page.getByText("Email is required").waitFor();
    await page.getByLabel("Full name").fill("Grace Hopper");
    await page.getByLabel("Email").fill(uniqueEmail("csp"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await page.getByText("Account created successfully! Please check your email to verify your account.").waitFor();
    expect(await cspViolations(page)).toEqual([]);
    await context.close();
  });
});
