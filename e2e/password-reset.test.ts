import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newPage } from "./support/browser";
import { seedVerifiedUser } from "./support/seed";
import { mailedLink, signInThroughUi } from "./support/users";
import { useSuite } from "./support/suite";

const suite = useSuite();

const NEW_PASSWORD = "quartz-meadow-8830";

async function reachDashboard(page: Page, user: { email: string; password: string }) {
  await signInThroughUi(page, user);
  await page.waitForURL(/\/app(\/dashboard)?$/);
  await page.getByRole("heading", { name: "Command Center" }).waitFor();
}

describe("resetting a forgotten password", () => {
  it("mails a link, sets the new password, signs out other sessions; only the new password works", async () => {
    const user = await seedVerifiedUser(suite.server, "reset");

    // Another device, signed in before the reset.
    const other = await newPage(suite.browser, suite.server.url, { skipOnboarding: true });
    await other.page.goto("/app/dashboard");
    await other.page.waitForURL("**/auth");
    await reachDashboard(other.page, user);

    const { context, page } = await newPage(suite.browser, suite.server.url, { skipOnboarding: true });
    await page.goto("/auth");
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset your password" });
    await dialog.waitFor();
    await dialog.getByLabel("Email").fill(user.email);
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("If an account exists for that address, a link to reset the password is on its way.").waitFor();
    await dialog.waitFor({ state: "detached" });

    // The token rides in the fragment: no request the browser makes carries it.
    const link = await mailedLink(suite.server, user.email);
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get("token")!;
    expect(link).toBe(`${suite.server.url}/auth/reset-password#token=${token}`);
    const requested: { method: string; url: string; body: string }[] = [];
    // What reaches the server: the URL without its fragment, and the body.
    page.on("request", (r) => requested.push({ method: r.method(), url: r.url().split("#")[0]!, body: r.postData() ?? "" }));
    await page.goto(link);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    // Read, then dropped from the address bar and history.
    await page.waitForURL((url) => url.pathname === "/auth/reset-password" && url.hash === "");
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Repeat the new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    await page.getByText("Your password has been changed. Please sign in with the new one.").waitFor();
    expect(requested.filter((r) => r.url.includes(token))).toEqual([]);
    expect(requested.filter((r) => r.body.includes(token)).map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${suite.server.url}/api/auth/reset-password`]);

    // The session from before the reset is gone.
    await other.page.reload();
    await other.page.waitForURL("**/auth");
    await other.page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await other.context.close();

    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid email or password. Please check your credentials and try again." }).waitFor();

    await reachDashboard(page, { email: user.email, password: NEW_PASSWORD });
    await context.close();
  });

  it("the two new passwords must match", async () => {
    const user = await seedVerifiedUser(suite.server, "mismatch");
    await suite.server.services.auth.api.requestPasswordReset({ body: { email: user.email, redirectTo: "/auth/reset-password" } });
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto(await mailedLink(suite.server, user.email));
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Repeat the new password").fill(`${NEW_PASSWORD}x`);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("The two passwords do not match").waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth/reset-password");
    await context.close();
  });

  it("an invalid or expired link says so", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto("/auth/reset-password#token=not-a-token-we-sent");
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Repeat the new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByRole("alert").filter({ hasText: "This reset link is invalid or has expired. Please ask for a new one." }).waitFor();
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    await context.close();
  });

  it("a used link cannot change the password again", async () => {
    const user = await seedVerifiedUser(suite.server, "reuse");
    await suite.server.services.auth.api.requestPasswordReset({ body: { email: user.email, redirectTo: "/auth/reset-password" } });
    const link = await mailedLink(suite.server, user.email);
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const setNewPassword = async () => {
      await page.goto(link);
      await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel("Repeat the new password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Change password" }).click();
    };
    await setNewPassword();
    await page.waitForURL((url) => url.pathname === "/auth");

    await setNewPassword();
    await page.getByRole("alert").filter({ hasText: "This reset link is invalid or has expired. Please ask for a new one." }).waitFor();
    expect(await page.getByLabel("New password", { exact: true }).count()).toBe(0);
    await page.getByRole("link", { name: "Ask for a new link" }).waitFor();
    await context.close();
  });
});
