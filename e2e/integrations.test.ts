import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { connections } from "@/server/db/schema";
import { startProviderStandIn, type ProviderStandIn } from "@/server/testing/provider-stand-ins";
import { storageKeys } from "@/web/lib/storage-keys";
import { axeViolations, switchScheme } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// The Integrations page: switches write real connection rows, Test runs the server's real check (n8n against a stand-in).
let standIn: ProviderStandIn;
beforeAll(async () => {
  standIn = await startProviderStandIn();
});
afterAll(async () => {
  await standIn.close();
});
const suite = useSuite(() => ({ OPENAI_BASE_URL: standIn.url, ANTHROPIC_BASE_URL: standIn.url, N8N_BASE: standIn.url }));

type Listed = { connections: { id: string; provider: string; status: string }[] };
const card = (page: Page, provider: string) => page.getByRole("group", { name: provider, exact: true });
const toggle = (page: Page, provider: string) => page.getByRole("switch", { name: `Connect ${provider}` });

async function onIntegrations(label: string) {
  const user = await onDashboard(suite, label);
  await user.page.goto("/app/integrations");
  await user.page.getByRole("heading", { name: "Integrations", level: 1 }).waitFor();
  await toggle(user.page, "n8n").and(user.page.locator(":enabled")).waitFor();
  return user;
}

describe("integrations", () => {
  it("lists the providers in the spec's order with their categories; each card carries its provider's id", async () => {
    const { context, page } = await onIntegrations("list");
    const names = await page.getByRole("list", { name: "Integrations" }).getByRole("heading", { level: 2 }).allTextContents();
    expect(names).toEqual(["Gmail", "Calendar", "WhatsApp", "Telegram", "n8n", "Browser Use", "OpenAI"]);
    expect(await page.locator("#gmail").getByRole("heading").textContent()).toBe("Gmail");
    await card(page, "n8n").getByText("Automation", { exact: true }).waitFor();
    await card(page, "Browser Use").getByText("AI/Automation", { exact: true }).waitFor();
    await card(page, "Calendar").getByText("Productivity", { exact: true }).waitFor();
    await card(page, "n8n").getByText("Not connected", { exact: true }).waitFor();
    expect(await card(page, "n8n").getByRole("button", { name: /^Test/ }).count()).toBe(0);
    // WhatsApp and Telegram connect for real on cards of their own (whatsapp.test.ts, telegram.test.ts): no switch.
    await card(page, "WhatsApp").getByText("Not connected", { exact: true }).waitFor();
    expect(await toggle(page, "WhatsApp").count()).toBe(0);
    expect(await toggle(page, "Telegram").count()).toBe(0);
    // Gmail's state is the mail receiver's (its panel), not a switch: no switch badge contradicts it.
    expect(await toggle(page, "Gmail").count()).toBe(0);
    expect(await card(page, "Gmail").getByText("Not connected", { exact: true }).count()).toBe(0);
    await context.close();
  });

  it("hides the n8n card while the N8N_ENABLED flag is off", async () => {
    const { context, page } = await onDashboard(suite, "noflag");
    await context.addInitScript((key) => localStorage.setItem(key, JSON.stringify({ N8N_ENABLED: false })), storageKeys.flagOverrides);
    await page.goto("/app/integrations");
    await toggle(page, "OpenAI").waitFor();
    const names = await page.getByRole("list", { name: "Integrations" }).getByRole("heading", { level: 2 }).allTextContents();
    expect(names).toEqual(["Gmail", "Calendar", "WhatsApp", "Telegram", "Browser Use", "OpenAI"]);
    await context.close();
  });

  it("connects and disconnects with toasts; Test on an older Gmail switch says honestly that it cannot be verified", async () => {
    const { context, page, api } = await onIntegrations("toggle");
    const n8n = card(page, "n8n");
    await toggle(page, "n8n").click();
    await page.getByText("n8n connected successfully").waitFor();
    expect(await toggle(page, "n8n").getAttribute("aria-checked")).toBe("true");
    // Switched on without a test that passed: enabled, never 'Connected'.
    await n8n.getByText("Enabled · not verified", { exact: true }).waitFor();
    const listed = await api<Listed>("GET", "/connections");
    expect(listed.connections.map((c) => [c.provider, c.status])).toEqual([["n8n", "connected"]]);

    await toggle(page, "n8n").click();
    await page.getByText("n8n disconnected successfully").waitFor();
    expect(await toggle(page, "n8n").getAttribute("aria-checked")).toBe("false");
    await n8n.getByText("Disconnected", { exact: true }).waitFor();
    expect(await n8n.getByRole("button", { name: "Test n8n" }).count()).toBe(0);
    expect((await api<Listed>("GET", "/connections")).connections.map((c) => c.status)).toEqual(["disconnected"]);

    // An organisation switch for Gmail from before its mail panel: nothing can check it from here, and Test says so.
    await api("POST", "/connections", { provider: "gmail", status: "connected" });
    await page.reload();
    await card(page, "Gmail").getByRole("button", { name: "Test Gmail" }).click();
    await page.getByText("Gmail: not verified").waitFor();
    await card(page, "Gmail").getByText("Last test: This connection can't be verified from here").waitFor();
    await context.close();
  });

  it("tests n8n for real: the server reaches the n8n stand-in", async () => {
    const { context, page } = await onIntegrations("n8n");
    await toggle(page, "n8n").click();
    await page.getByText("n8n connected successfully").waitFor();
    const before = standIn.requests.filter((r) => r.path === "/healthz").length;
    await card(page, "n8n").getByRole("button", { name: "Test n8n" }).click();
    await page.getByText("n8n: test passed").waitFor();
    await card(page, "n8n").getByText("Last test: n8n is reachable").waitFor();
    expect(standIn.requests.filter((r) => r.path === "/healthz").length).toBe(before + 1);
    await context.close();
  });

  it("reports a failed switch with the server's message and shows unknown statuses in yellow", async () => {
    const { context, page, api } = await onIntegrations("failure");
    await page.route("**/api/v1/organisations/*/connections", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await route.fulfill({ status: 400, json: { error: { code: "bad_request", message: "n8n is resting" } } });
    });
    // n8n: the Calendar card has no organisation switch (its feed is each user's own).
    await toggle(page, "n8n").click();
    await page.getByText("Failed to connect n8n: n8n is resting").waitFor();
    expect(await toggle(page, "n8n").getAttribute("aria-checked")).toBe("false");
    await page.unroute("**/api/v1/organisations/*/connections");

    // A status written by another tool, which this build does not know.
    const { connection } = await api<{ connection: { id: string } }>("POST", "/connections", { provider: "n8n" });
    await suite.server.services.database.db.update(connections).set({ status: "pending" }).where(eq(connections.id, connection.id));
    await page.reload();
    const badge = card(page, "n8n").getByText("Status: pending");
    await badge.waitFor();
    expect(await badge.getAttribute("class")).toContain("bg-yellow-100");
    await context.close();
  });

  it("asks before switching off OpenAI while it holds a key, since disconnecting deletes the key", async () => {
    const { context, page, api } = await onIntegrations("openai-key");
    await api("POST", "/connections", { provider: "openai", api_key: "sk-valid-openai-0000wxyz" });
    await page.reload();
    await card(page, "OpenAI").getByText("Connected", { exact: true }).waitFor();

    await toggle(page, "OpenAI").click();
    const dialog = page.getByRole("alertdialog", { name: "Disconnect OpenAI?" });
    await dialog.getByText("sk-...wxyz").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await toggle(page, "OpenAI").getAttribute("aria-checked")).toBe("true");
    expect((await api<Listed & { connections: { masked_key: string | null }[] }>("GET", "/connections")).connections[0]!.masked_key).toBe("sk-...wxyz");

    await toggle(page, "OpenAI").click();
    await dialog.getByRole("button", { name: "Disconnect" }).click();
    await page.getByText("OpenAI disconnected successfully").waitFor();
    const after = await api<{ connections: { status: string; masked_key: string | null }[] }>("GET", "/connections");
    expect(after.connections.map((c) => [c.status, c.masked_key])).toEqual([["disconnected", null]]);
    await context.close();
  });

  it("works from the keyboard", async () => {
    const { context, page } = await onIntegrations("keyboard");
    await toggle(page, "n8n").focus();
    await page.keyboard.press("Space");
    await page.getByText("n8n connected successfully").waitFor();
    await card(page, "n8n").getByRole("button", { name: "Test n8n" }).waitFor();
    await toggle(page, "n8n").focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Test n8n");
    await page.keyboard.press("Enter");
    await page.getByText("n8n: test passed").waitFor();
    await context.close();
  });

  it("has no axe violations in the light and dark themes", async () => {
    // One user and page for both themes, switched on the page (switchScheme): not a user per theme.
    const { context, page } = await onIntegrations("axe");
    await toggle(page, "n8n").click();
    await card(page, "n8n").getByRole("button", { name: "Test n8n" }).waitFor();
    // The toaster mounts with the first toast (themed-toaster.tsx): axe judges the toast once it is
    // on screen, not while it is still fading in. The pointer rests on it, which holds it there
    // (sonner's pause on hover) through both scans instead of its 5 s.
    const toast = page.getByText("n8n connected successfully");
    await toast.hover();
    expect(await axeViolations(page), "light").toEqual([]);
    await switchScheme(page, "dark");
    await toast.waitFor();
    expect(await axeViolations(page), "dark").toEqual([]);
    await context.close();
  });
});
