import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startLlmStandIn, type LlmStandIn } from "@/server/testing/llm-stand-ins";
import { screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// A German reader whose model answers 429: the chat names the rate limit and what to do, in
// German, and a reload reopens the conversation (its id is in the address), not an empty chat.
let llm: LlmStandIn;
let isLimited = true;
beforeAll(async () => {
  // The key test when the connection is saved is a plain, non-streamed message: it passes.
  llm = await startLlmStandIn((req) => (!req.body.stream ? { text: "pong" } : isLimited ? { status: 429 } : { text: "Wieder da." }));
});
afterAll(async () => {
  await llm?.close();
});
const suite = useSuite(() => ({ ANTHROPIC_BASE_URL: llm.url, OPENAI_BASE_URL: llm.url }));

const log = (page: Page) => page.getByRole("log", { name: "Unterhaltung" });
const messageBox = (page: Page) => page.getByRole("textbox", { name: "Nachricht" });

describe("a failed chat answer in German", () => {
  it("names the model's rate limit with what to do, and a reload reopens the conversation", async () => {
    const { context, page, api } = await onDashboard(suite, "chat-failure");
    const saved = await api<{ test: { outcome: string } | null }>("POST", "/connections", { provider: "anthropic", api_key: "sk-ant-e2e-failure-key" });
    expect(saved.test?.outcome).toBe("valid");
    await page.goto("/app/settings?tab=appearance");
    await page.getByLabel("Language").selectOption("de");
    await page.getByRole("link", { name: "Einstellungen" }).first().waitFor();
    await page.goto("/app/orchestrator");
    await page.getByLabel("KI-Agent", { exact: true }).selectOption("llm");
    await messageBox(page).fill("Was steht heute an?");
    await messageBox(page).press("Enter");

    const said = log(page).locator('[data-role="system"]');
    await said.getByText(/^Der Modelldienst begrenzt gerade die Anfragen \(Ratenlimit\)\. Warten Sie eine Minute/).waitFor();
    await page.getByText("Ratenlimit des Modelldienstes erreicht").first().waitFor();
    await screenshotForReview(page, "chat-rate-limited-german");
    await expect.poll(() => new URL(page.url()).searchParams.get("conversation")).toMatch(/^[0-9a-f-]{36}$/);
    const conversation = new URL(page.url()).searchParams.get("conversation");

    await page.reload();
    await log(page).locator('[data-role="user"]').getByText("Was steht heute an?").waitFor();
    expect(new URL(page.url()).searchParams.get("conversation")).toBe(conversation);
    // The next message continues the same conversation.
    isLimited = false;
    await page.getByLabel("KI-Agent", { exact: true }).selectOption("llm");
    await messageBox(page).fill("Und jetzt?");
    await messageBox(page).press("Enter");
    await log(page).locator('[data-role="assistant"]').getByText("Wieder da.").waitFor();
    expect(new URL(page.url()).searchParams.get("conversation")).toBe(conversation);
    expect(JSON.stringify(llm.requests.at(-1)?.body.messages)).toContain("Was steht heute an?");
    await context.close();
  });
});
