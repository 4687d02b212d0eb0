import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startProviderStandIn, type ProviderStandIn } from "@/server/testing/provider-stand-ins";
import { axeViolations, switchScheme } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// API Key Management: keys are tested by the server against a local stand-in for OpenAI and Anthropic.
let standIn: ProviderStandIn;
beforeAll(async () => {
  standIn = await startProviderStandIn();
});
afterAll(async () => {
  await standIn.close();
});
const suite = useSuite(() => ({ OPENAI_BASE_URL: standIn.url, ANTHROPIC_BASE_URL: standIn.url }));

const randomTail = () => Math.random().toString(36).slice(2, 14);
const card = (page: Page, provider: string) => page.getByRole("group", { name: provider, exact: true });
const dialog = (page: Page) => page.getByRole("dialog");

async function onApiKeys(label: string) {
  const user = await onDashboard(suite, label);
  await user.page.goto("/app/api-keys");
  await user.page.getByRole("heading", { name: "API Key Management", level: 1 }).waitFor();
  return user;
}

async function addKey(page: Page, provider: string, key: string) {
  await page.getByRole("button", { name: "Add API Key" }).first().click();
  await dialog(page).getByLabel("Provider").selectOption({ label: provider });
  await dialog(page).getByLabel("API key", { exact: true }).fill(key);
  await dialog(page).getByRole("button", { name: "Save" }).click();
  await dialog(page).waitFor({ state: "detached" });
}

describe("API key management", () => {
  it("saves a valid key: connected, shown only masked, and the whole key never reaches the page", async () => {
    const { context, page } = await onApiKeys("valid");
    const bodies: string[] = [];
    const browserUrls: string[] = [];
    page.on("request", (request) => browserUrls.push(request.url()));
    page.on("response", (response) => {
      if (response.url().includes("/api/")) void response.text().then((text) => bodies.push(text), () => undefined);
    });
    await page.getByRole("heading", { name: "No API keys yet" }).waitFor();
    await page.getByText("Encrypted at rest with AES-256-GCM", { exact: false }).waitFor();

    await page.getByRole("button", { name: "Add your first API key" }).click();
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await dialog(page).getByRole("alert").getByText("Please select a provider and enter an API key").waitFor();

    const key = `sk-valid-${randomTail()}${randomTail()}`;
    const keyInput = dialog(page).getByLabel("API key", { exact: true });
    await dialog(page).getByLabel("Provider").selectOption({ label: "OpenAI" });
    await keyInput.fill(key);
    expect(await keyInput.getAttribute("type")).toBe("password");
    await dialog(page).getByRole("button", { name: "Show API key" }).click();
    expect(await keyInput.getAttribute("type")).toBe("text");
    await dialog(page).getByRole("button", { name: "Hide API key" }).click();
    expect(await keyInput.getAttribute("type")).toBe("password");
    await dialog(page).getByLabel("Endpoint (optional)").fill("not a url");
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await dialog(page).getByText("Give a full address starting with https://").waitFor();
    await dialog(page).getByLabel("Endpoint (optional)").fill("https://api.openai.com");
    await dialog(page).getByLabel("Description (optional)").fill("Planning assistant");
    await dialog(page).getByRole("button", { name: "Save" }).click();

    await page.getByText("OpenAI connected successfully").waitFor();
    const openai = card(page, "OpenAI");
    await openai.getByText("Connected", { exact: true }).waitFor();
    await openai.getByText(`sk-...${key.slice(-4)}`).waitFor();
    await openai.getByText("Planning assistant").waitFor();
    await openai.getByText("https://api.openai.com").waitFor();
    await openai.getByText("OpenAI accepted the key").waitFor();
    expect(await openai.locator("time").textContent()).toMatch(/^Tested /);

    // The server asked the provider; the browser never did.
    expect(standIn.requests.some((r) => r.path === "/v1/models" && r.headers.authorization === `Bearer ${key}`)).toBe(true);
    expect(browserUrls.filter((url) => url.startsWith(standIn.url))).toEqual([]);
    await page.reload();
    await openai.waitFor();
    expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(key.slice(8));
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.filter((body) => body.includes(key.slice(8)))).toEqual([]);
    await context.close();
  });

  it("saves a refused key with status error and says validation failed", async () => {
    const { context, page } = await onApiKeys("invalid");
    await addKey(page, "Anthropic", `sk-bad-${randomTail()}`);
    await page.getByText("Anthropic key saved, but validation failed: Anthropic refused the key (401)").waitFor();
    const anthropic = card(page, "Anthropic");
    await anthropic.getByText("Error", { exact: true }).waitFor();
    await anthropic.getByText("Anthropic refused the key (401)").waitFor();

    // A provider the server cannot test is stored as untested, never shown as valid.
    await addKey(page, "Mistral", `mk-${randomTail()}`);
    await page.getByText("Mistral key saved").waitFor();
    await card(page, "Mistral").getByText("Stored, but We Love HQ cannot test Mistral keys").waitFor();
    await card(page, "Mistral").getByText("Never tested").waitFor();
    await card(page, "Mistral").getByText("Untested", { exact: true }).waitFor();
    expect(await card(page, "Mistral").getByText("Connected", { exact: true }).count()).toBe(0);
    await context.close();
  });

  it("re-tests with progress, edits keeping or replacing the key, and removes after confirmation", async () => {
    const { context, page, api } = await onApiKeys("manage");
    const key = `sk-valid-${randomTail()}`;
    await addKey(page, "OpenAI", key);
    const openai = card(page, "OpenAI");
    await openai.getByText("Connected", { exact: true }).waitFor();

    // Hold the test request until the card has shown its progress state.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/connections/*/test", async (route) => {
      await held;
      await route.continue();
    });
    await openai.getByRole("button", { name: "Re-test OpenAI" }).click();
    await openai.getByRole("button", { name: "Testing... OpenAI" }).waitFor();
    expect(await openai.getByRole("button", { name: "Testing... OpenAI" }).isDisabled()).toBe(true);
    release();
    await page.getByText("OpenAI: test passed").waitFor();
    await openai.getByRole("button", { name: "Re-test OpenAI" }).waitFor();
    await page.unroute("**/connections/*/test");

    await openai.getByRole("button", { name: "Edit OpenAI" }).click();
    await dialog(page).getByRole("heading", { name: "Edit OpenAI key" }).waitFor();
    expect(await dialog(page).getByLabel("New API key (optional)").inputValue()).toBe("");
    await dialog(page).getByLabel("Description (optional)").fill("Kept key");
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await page.getByText("OpenAI key saved").waitFor();
    await openai.getByText("Kept key").waitFor();
    await openai.getByText(`sk-...${key.slice(-4)}`).waitFor();

    const replacement = `sk-bad-${randomTail()}`;
    await openai.getByRole("button", { name: "Edit OpenAI" }).click();
    await dialog(page).getByLabel("New API key (optional)").fill(replacement);
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await page.getByText("OpenAI key saved, but validation failed: OpenAI refused the key (401)").waitFor();
    await openai.getByText(`sk-...${replacement.slice(-4)}`).waitFor();
    await openai.getByText("Error", { exact: true }).waitFor();

    await openai.getByRole("button", { name: "Remove OpenAI" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove the OpenAI connection?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await openai.waitFor();
    await openai.getByRole("button", { name: "Remove OpenAI" }).click();
    await confirm.getByRole("button", { name: "Remove" }).click();
    await page.getByText("API connection removed").waitFor();
    await openai.waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "No API keys yet" }).waitFor();
    expect((await api<{ connections: unknown[] }>("GET", "/connections")).connections).toEqual([]);
    await context.close();
  });

  it("shows the count on the dashboard tile", async () => {
    const { context, page } = await onApiKeys("tile");
    await addKey(page, "OpenAI", `sk-valid-${randomTail()}`);
    await addKey(page, "Anthropic", `sk-bad-${randomTail()}`);
    await card(page, "Anthropic").waitFor();
    await page.goto("/app/dashboard");
    const tile = page.getByRole("list", { name: "Overview" }).getByRole("link", { name: /API Keys/ });
    await tile.getByText("1 connected").waitFor();
    expect(await tile.locator("span").nth(1).textContent()).toBe("2");
    await context.close();
  });

  it("says so when the list cannot load", async () => {
    const { context, page } = await onDashboard(suite, "loadfail");
    await page.route("**/api/v1/organisations/*/connections", (route) => route.fulfill({ status: 403, json: { error: { code: "forbidden", message: "No" } } }));
    await page.goto("/app/api-keys");
    await page.getByRole("alert").filter({ hasText: "Failed to load API connections" }).first().waitFor();
    await page.getByRole("button", { name: "Retry" }).waitFor();
    await context.close();
  });

  it("works from the keyboard", async () => {
    const { context, page } = await onApiKeys("keyboard");
    await page.getByRole("button", { name: "Add API Key" }).first().focus();
    await page.keyboard.press("Enter");
    await dialog(page).getByLabel("Provider").waitFor();
    await dialog(page).getByLabel("Provider").focus();
    await page.keyboard.press("ArrowDown"); // OpenAI, the first provider
    await page.keyboard.press("Tab");
    await page.keyboard.type(`sk-valid-${randomTail()}`);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Show API key");
    await page.keyboard.press("Space");
    expect(await dialog(page).getByLabel("API key", { exact: true }).getAttribute("type")).toBe("text");
    await page.keyboard.press("Enter"); // the focused toggle: hides again, does not submit
    expect(await dialog(page).getByLabel("API key", { exact: true }).getAttribute("type")).toBe("password");
    await dialog(page).getByLabel("API key", { exact: true }).press("Enter");
    await page.getByText("OpenAI connected successfully").waitFor();
    await card(page, "OpenAI").getByRole("button", { name: "Remove OpenAI" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("alertdialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("alertdialog").waitFor({ state: "detached" });
    await card(page, "OpenAI").waitFor();
    await context.close();
  });

  it("has no axe violations in the light and dark themes, with cards and with the dialog open", async () => {
    // One user and page for both themes, switched on the page (switchScheme): not a user per theme.
    const { context, page, api } = await onApiKeys("axe");
    await page.getByRole("heading", { name: "No API keys yet" }).waitFor();
    expect(await axeViolations(page), "light, empty").toEqual([]);
    await switchScheme(page, "dark");
    expect(await axeViolations(page), "dark, empty").toEqual([]);
    // Seeded through the API: no toasts on screen, whose fading stack axe would read as low contrast.
    await api("POST", "/connections", { provider: "openai", api_key: `sk-valid-${randomTail()}`, description: "Planning" });
    await api("POST", "/connections", { provider: "anthropic", api_key: `sk-bad-${randomTail()}` });
    await api("POST", "/connections", { provider: "mistral", api_key: `mk-${randomTail()}` });
    await page.reload();
    await card(page, "Anthropic").getByText("Error", { exact: true }).waitFor();
    expect(await axeViolations(page), "dark, cards").toEqual([]);
    await switchScheme(page, "light");
    expect(await axeViolations(page), "light, cards").toEqual([]);
    await page.getByRole("button", { name: "Add API Key" }).first().click();
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await dialog(page).getByRole("alert").waitFor();
    expect(await axeViolations(page), "light, dialog").toEqual([]);
    await switchScheme(page, "dark");
    expect(await axeViolations(page), "dark, dialog").toEqual([]);
    await context.close();
  });
});
