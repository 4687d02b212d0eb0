import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newPage } from "./support/browser";
import { seedVerifiedUser } from "./support/seed";
import { signInThroughUi } from "./support/users";
import { useSuite } from "./support/suite";

// The /app guard, the remembered address, /auth for a signed-in user and the ?debug=1 overlay.
const suite = useSuite();

const commandCenter = (page: Page) => page.getByRole("heading", { name: "Command Center" }).waitFor();

async function signedOutPage() {
  const { context, page } = await newPage(suite.browser, suite.server.url, { skipOnboarding: true });
  return { context, page };
}

describe("routing around sign-in", () => {
  it("a signed-out visit to /app/settings returns there after signing in", async () => {
    const user = await seedVerifiedUser(suite.server, "returnto");
    const { context, page } = await signedOutPage();
    await page.goto("/app/settings");
    await page.waitForURL("**/auth");
    await signInThroughUi(page, user); // reloads /auth in the same tab: session storage keeps the address
    await page.waitForURL("**/app/settings");
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    await context.close();
  });

  it("/auth while signed in replaces itself with /app", async () => {
    const { context, page } = await signedOutPage();
    await signInThroughUi(page, await seedVerifiedUser(suite.server, "already"));
    await commandCenter(page);
    await page.goto("/app/settings");
    await page.getByRole("heading", { name: "Settings", level: 1 }).waitFor();
    await page.goto("/auth");
    await page.waitForURL((url) => url.pathname === "/app");
    await commandCenter(page);
    await page.goBack();
    await page.waitForURL("**/app/settings");
    await context.close();
  });

  it("?debug=1 shows the debug overlay on any page, and only then", async () => {
    const user = await seedVerifiedUser(suite.server, "debug");
    const { context, page } = await signedOutPage();
    const overlay = page.getByRole("complementary", { name: "Debug" });
    for (const path of ["/", "/auth", "/no-such-page", "/pricing"]) {
      await page.goto(`${path}?debug=1`);
      await overlay.getByText(path, { exact: true }).waitFor();
      await page.goto(path);
      await page.locator("h1").first().waitFor();
      expect(await overlay.count(), path).toBe(0);
    }
    await signInThroughUi(page, user);
    await commandCenter(page);
    await page.goto("/app/dashboard?debug=1");
    await overlay.getByText(user.email).waitFor();
    await overlay.getByRole("button", { name: "Close debug overlay" }).click();
    await overlay.waitFor({ state: "detached" });
    await context.close();
  });

  it("/hq on a server with no switchboard says it is not set up, without a failed request", async () => {
    const { context, page } = await signedOutPage();
    await signInThroughUi(page, await seedVerifiedUser(suite.server, "hq-none"));
    await commandCenter(page);
    const failed: string[] = [];
    page.on("response", (res) => void (res.status() >= 400 && failed.push(`${res.status()} ${res.url()}`)));
    page.on("console", (message) => void (message.type() === "error" && failed.push(message.text())));
    await page.goto("/hq");
    await page.getByRole("status", { name: "Switchboard connection: Not set up" }).waitFor();
    await page.getByText("No switchboard is set up on this server yet").waitFor();
    expect(await page.getByRole("button", { name: "Send" }).count()).toBe(0);
    expect(failed).toEqual([]);
    await context.close();
  });
});
