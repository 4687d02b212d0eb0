import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { HqSwitchboardBody } from "@/shared/hq";
import { gate } from "@/server/testing/gate";
import { startN8nStandIn, type N8nStandIn } from "@/server/testing/n8n-stand-in";
import { axeViolations, newPage, screenshotForReview } from "./support/browser";
import { seedVerifiedUser } from "./support/seed";
import { useSuite } from "./support/suite";
import { submitSignInForm } from "./support/users";

// The /hq switchboard against a local n8n that checks our signature and answers `response`.
const SECRET = "d".repeat(64);
let n8n: N8nStandIn;
beforeAll(async () => {
  n8n = await startN8nStandIn({ secret: SECRET });
  n8n.respondWith((d) => (d.verified ? { status: 200, json: { response: `HQ heard: ${(d.body as HqSwitchboardBody).message}` } } : { status: 401, json: { message: "Authorization data is wrong!" } }));
});
afterAll(async () => n8n?.close());
afterEach(() => n8n.setDown(false));
const suite = useSuite(() => ({ HQ_SWITCHBOARD_HOSTS: n8n.url, N8N_AGENT_SECRET: SECRET }));

const indicator = (page: Page, state: string) => page.getByRole("status", { name: `Switchboard connection: ${state}` });

/** A signed-out visit to /hq goes to /auth; signing in there comes back to /hq. */
async function signInAtHq(label: string) {
  const user = await seedVerifiedUser(suite.server, label);
  const { context, page } = await newPage(suite.browser, suite.server.url, { skipOnboarding: true });
  await page.goto("/hq");
  await page.waitForURL("**/auth");
  await submitSignInForm(page, user);
  await page.waitForURL("**/hq");
  await page.getByRole("heading", { name: "HQ Switchboard", level: 1 }).waitFor();
  return { context, page, user };
}

describe("the /hq switchboard", () => {
  it("sends signed-out visitors to /auth and brings them back; connects and answers a message", async () => {
    const { context, page, user } = await signInAtHq("hq-ok");
    await indicator(page, "Connected").waitFor();
    const probe = n8n.deliveries.at(-1)!;
    expect(probe.body).toMatchObject({ message: "test_connection", userId: user.id, userEmail: user.email });
    expect(probe.verified).toBe(true);

    // Whitespace is not sent; Shift+Enter adds a line, Enter sends.
    const box = page.getByLabel("Message", { exact: true });
    const sent = n8n.deliveries.length;
    await box.fill("   ");
    await box.press("Enter");
    await box.fill("Status report,");
    await box.press("Shift+Enter");
    await box.pressSequentially("please");
    expect(n8n.deliveries.length).toBe(sent);
    await box.press("Enter");
    const log = page.getByRole("log", { name: "Switchboard messages" });
    await log.locator('[data-sender="user"]').getByText("please").waitFor();
    await log.getByText("HQ heard: Status report,\nplease").waitFor();
    await expect.poll(() => box.inputValue()).toBe("");
    expect(n8n.deliveries.length).toBe(sent + 1);
    expect(n8n.deliveries.at(-1)!.body).toMatchObject({ message: "Status report,\nplease", userId: user.id });

    // While a request runs, sending is ignored and the typed text stays.
    const sending = gate();
    await page.route("**/api/v1/hq/messages", async (route) => {
      await sending.opened;
      await route.continue();
    });
    await box.fill("First");
    await box.press("Enter");
    await page.getByRole("button", { name: "Sending…" }).waitFor();
    await box.fill("Second");
    await box.press("Enter");
    expect(await box.inputValue()).toBe("Second");
    sending.open();
    await log.getByText("HQ heard: First").waitFor();
    await page.unroute("**/api/v1/hq/messages");
    expect(n8n.deliveries.map((d) => (d.body as HqSwitchboardBody).message)).not.toContain("Second");
    expect(await page.getByRole("link", { name: "Open the app" }).getAttribute("href")).toBe("/app");
    expect(await page.getByRole("link", { name: "Action plan" }).getAttribute("href")).toBe("/admin/action-plan");
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "hq");
    await context.close();
  });

  it("shows the n8n connection error and how to check the workflow service when n8n is down", async () => {
    n8n.setDown(true);
    const { context, page } = await signInAtHq("hq-down");
    await indicator(page, "n8n connection error").waitFor();
    const failure = page.getByRole("log", { name: "Switchboard messages" }).locator('[data-status="error"]').first();
    await failure.getByText(/Could not reach the HQ switchboard/).waitFor();
    expect(await failure.innerText()).toMatch(/Please check that:\n.*n8n workflow service is running/);
    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    expect(await axeViolations(page), "dark").toEqual([]);
    await screenshotForReview(page, "hq-error");
    await context.close();
  });
});
