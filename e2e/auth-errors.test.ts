import { afterEach, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { spaTookOver } from "./support/auth-takeover";
import { newPage } from "./support/browser";
import { signInFailures } from "@/server/db/schema";
import { SIGN_IN_LOCKOUT } from "@/shared/constants";
import { seedVerifiedUser } from "./support/seed";
import { useSuite } from "./support/suite";
import { PASSWORD, uniqueEmail } from "./support/users";

const suite = useSuite();
let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function authPage(): Promise<Page> {
  const opened = await newPage(suite.browser, suite.server.url);
  context = opened.context;
  await opened.page.goto("/auth");
  await opened.page.getByRole("heading", { name: "Welcome back" }).waitFor();
  // These are the SPA form's rules, read at once after each click: the prerendered form's own
  // behaviour before the takeover is auth-prerendered.test.ts's.
  await opened.page.locator("#email").focus();
  await spaTookOver(opened.page);
  return opened.page;
}

const email = (page: Page) => page.getByLabel("Email");
const password = (page: Page) => page.getByLabel("Password", { exact: true });
const signInButton = (page: Page) => page.getByRole("button", { name: "Sign In", exact: true });
const toSignUp = (page: Page) => page.getByRole("button", { name: "Don't have an account? Sign up" });
const alertWith = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

async function signUpThroughUi(page: Page, input: { name: string; email: string; password: string }) {
  await toSignUp(page).click();
  await page.getByLabel("Full name").fill(input.name);
  await email(page).fill(input.email);
  await password(page).fill(input.password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
}

describe("client-side validation", () => {
  it("an empty submit names both missing fields", async () => {
    const page = await authPage();
    await signInButton(page).click();
    await page.getByText("Email is required").waitFor();
    await page.getByText("Password is required").waitFor();
    expect(await email(page).getAttribute("aria-invalid")).toBe("true");
  });

  it("rejects a malformed address and a short password", async () => {
    const page = await authPage();
    await email(page).fill("not-an-address");
    await password(page).fill("123456789");
    await signInButton(page).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await page.getByText("Password must be at least 10 characters").waitFor();
  });

  it("sign-up needs a name", async () => {
    const page = await authPage();
    await signUpThroughUi(page, { name: "", email: uniqueEmail("noname"), password: PASSWORD });
    await page.getByText("Name is required for sign up").waitFor();
  });

  it("typing in a field clears only that field's error", async () => {
    const page = await authPage();
    await signInButton(page).click();
    await page.getByText("Email is required").waitFor();
    await email(page).pressSequentially("a");
    await page.getByText("Email is required").waitFor({ state: "detached" });
    expect(await page.getByText("Password is required").isVisible()).toBe(true);
  });

  it("toggling the mode clears the errors and the password", async () => {
    const page = await authPage();
    await password(page).fill("abc");
    await signInButton(page).click();
    await page.getByText("Email is required").waitFor();
    await page.getByText("Password must be at least 10 characters").waitFor();
    await toSignUp(page).click();
    await page.getByRole("heading", { name: "Create an account" }).waitFor();
    expect(await page.getByText("Email is required").count()).toBe(0);
    expect(await page.getByText("Password must be at least 10 characters").count()).toBe(0);
    expect(await password(page).inputValue()).toBe("");
  });

  it("the eye button shows and hides the password", async () => {
    const page = await authPage();
    await password(page).fill("secret-words");
    expect(await password(page).getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await password(page).getAttribute("type")).toBe("text");
    expect(await page.getByRole("button", { name: "Hide password" }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "Hide password" }).click();
    expect(await password(page).getAttribute("type")).toBe("password");
  });
});

describe("messages from the server", () => {
  it("a wrong password", async () => {
    const user = await seedVerifiedUser(suite.server, "wrongpw");
    const page = await authPage();
    await email(page).fill(user.email);
    await password(page).fill("not-the-password-77");
    await signInButton(page).click();
    await alertWith(page, "Invalid email or password. Please check your credentials and try again.").waitFor();
  });

  it("an account whose address was never confirmed", async () => {
    const address = uniqueEmail("unverified");
    const body = JSON.stringify({ email: address, password: PASSWORD, name: "Unverified", callbackURL: "/" });
    const res = await fetch(`${suite.server.url}/api/auth/sign-up/email`, { method: "POST", headers: { "content-type": "application/json", origin: suite.server.url }, body });
    expect(res.ok).toBe(true);
    const page = await authPage();
    await email(page).fill(address);
    await password(page).fill(PASSWORD);
    await signInButton(page).click();
    await alertWith(page, "Please check your email and click the confirmation link before signing in.").waitFor();
  });

  it("an account locked after repeated failures, even with the right password", async () => {
    const user = await seedVerifiedUser(suite.server, "locked");
    // Failures from many addresses, as a spread-out guessing attack makes them; one browser could
    // not make ten and an eleventh within the per-address limit.
    const failures = Array.from({ length: SIGN_IN_LOCKOUT.maxFailures }, (_, i) => ({ email: user.email, ip: `198.51.100.${i + 1}` }));
    await suite.server.services.database.db.insert(signInFailures).values(failures);
    const page = await authPage();
    await email(page).fill(user.email);
    await password(page).fill(user.password);
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-in/email"));
    await signInButton(page).click();
    expect((await answered).status()).toBe(429);
    await alertWith(page, "Too many failed sign-in attempts for this account. Try again in 15 minutes or reset your password.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth");
  });

  it("a name longer than 100 characters on sign-up", async () => {
    const page = await authPage();
    await signUpThroughUi(page, { name: "N".repeat(101), email: uniqueEmail("longname"), password: PASSWORD });
    await page.getByText("Name must be at most 100 characters").waitFor();
  });

  it("signing up again with an existing address", async () => {
    const user = await seedVerifiedUser(suite.server, "exists");
    const page = await authPage();
    await signUpThroughUi(page, { name: "Again", email: user.email, password: PASSWORD });
    await alertWith(page, "An account with this email already exists. Try signing in instead.").waitFor();
  });

  it("a common password on sign-up", async () => {
    const page = await authPage();
    await signUpThroughUi(page, { name: "Common", email: uniqueEmail("common"), password: "password123" });
    await alertWith(page, "This password is too common. Please choose a less predictable one.").waitFor();
  });

  it("the submit button says 'Signing In...' and is disabled while the request runs", async () => {
    const page = await authPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/auth/sign-in/email", async (route) => {
      await held;
      await route.continue();
    });
    await email(page).fill(uniqueEmail("busy"));
    await password(page).fill(PASSWORD);
    await signInButton(page).click();
    const busy = page.getByRole("button", { name: "Signing In..." });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await signInButton(page).waitFor();
    expect(await signInButton(page).isEnabled()).toBe(true);
  });
});
