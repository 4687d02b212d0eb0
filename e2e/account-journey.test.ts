import { describe, expect, it } from "vitest";
import { newPage } from "./support/browser";
import { mailedLink, PASSWORD, uniqueEmail } from "./support/users";
import { useSuite } from "./support/suite";

const suite = useSuite();

describe("a new user's first visit", () => {
  it("starts a trial from the landing page, confirms by mail straight into onboarding, reaches the dashboard and signs out", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const email = uniqueEmail("journey");

    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Start Free Trial" }).click();
    await page.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("mode") === "sign-up");
    await page.getByRole("heading", { name: "Create an account" }).waitFor();
    await page.getByLabel("Full name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await page.getByText("Account created successfully! Please check your email to verify your account.").waitFor();
    // Back in sign-in mode with the password cleared, saying where the link went.
    await page.getByRole("button", { name: "Sign In", exact: true }).waitFor();
    expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("");
    await page.getByText(`We sent a confirmation link to ${email}.`).waitFor();

    // The link signs in: no password again, straight to the organisation's onboarding.
    await page.goto(await mailedLink(suite.server, email));
    await page.waitForURL("**/app/onboarding");
    await page.getByText("Email confirmed. Welcome!").waitFor();
    await page.getByRole("heading", { name: "Welcome to We Love HQ" }).waitFor();
    await page.getByText("Step 1 of 4").waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Connect your tools" }).waitFor();
    await page.getByRole("link", { name: "Set up Gmail" }).waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Import tasks" }).waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "You're all set" }).waitFor();
    await page.getByRole("button", { name: "Go to Dashboard" }).click();
    await page.waitForURL("**/app/dashboard");
    await page.getByRole("heading", { name: "Command Center" }).waitFor();
    expect(await page.getByText("We Love HQ", { exact: true }).first().isVisible()).toBe(true);

    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL("**/auth");
    await page.getByText("Successfully signed out").waitFor();

    // The signed-out shell sends this navigation on to /auth before "load"; waiting for load then
    // fails with ERR_ABORTED (seen in CI), so wait for the commit and then for where it lands.
    await page.goto("/app/dashboard", { waitUntil: "commit" });
    await page.waitForURL("**/auth");
    // Signed out, the password still works for the next visit.
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByText("Successfully signed in").waitFor();
    await page.waitForURL("**/app/dashboard");
    await context.close();
  });
});
