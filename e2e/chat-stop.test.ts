import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startLlmStandIn, type LlmStandIn, type LlmStandInBody } from "@/server/testing/llm-stand-ins";
import { axeViolations, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// The AI chat against a local Anthropic that keeps its answer open until the user presses Stop,
// and the chat page with AI assistance switched off in the browser's feature flags.
const QUESTION = "Which tasks should I plan for the harbour week?";
const HANGING = "Weighing the harbour week: the keel, the mast and the sails all";
const FOLLOW_UP = "Just the keel then, please.";
const SECOND = "Then the keel comes first on Monday.";
const KEY = "sk-ant-e2e-stop-key";

const userText = (body: LlmStandInBody) => JSON.stringify((body.messages ?? []).filter((m) => m.role === "user"));
let llm: LlmStandIn;
beforeAll(async () => {
  llm = await startLlmStandIn((req) => {
    // The key test when the connection is saved: a plain, non-streamed message.
    if (!req.body.stream) return { text: "pong" };
    if (userText(req.body).includes(FOLLOW_UP)) return { text: SECOND };
    return { text: HANGING, hang: true };
  });
});
afterAll(async () => {
  await llm?.close();
});
const suite = useSuite(() => ({ ANTHROPIC_BASE_URL: llm.url, OPENAI_BASE_URL: llm.url }));

const messageBox = (page: Page) => page.getByRole("textbox", { name: "Message" });
const log = (page: Page) => page.getByRole("log", { name: "Conversation" });
const chatRequests = () => llm.requests.filter((r) => r.body.stream === true);
const isFocused = (page: Page) => messageBox(page).evaluate((el) => el === document.activeElement);

describe("the AI command chat, stopped while the model answers", () => {
  it("keeps what arrived, gives the box back with focus, and the next message is answered", async () => {
    const { context, page, api } = await onDashboard(suite, "chat-stop");
    // The organisation's own Anthropic key; saving it tests it against the stand-in, so the agent is ready.
    const saved = await api<{ test: { outcome: string } | null }>("POST", "/connections", { provider: "anthropic", api_key: KEY });
    expect(saved.test?.outcome).toBe("valid");

    await page.goto("/app/orchestrator");
    await page.getByRole("heading", { name: "AI Command Chat", level: 1 }).waitFor();
    await page.getByText("2 Agents Ready", { exact: true }).waitFor();
    const picker = page.getByLabel("Agent", { exact: true });
    expect(await picker.locator('option[value="llm"]').textContent()).toBe("AI assistant");
    await picker.selectOption("llm");
    expect(await picker.inputValue()).toBe("llm");

    await messageBox(page).fill(QUESTION);
    await messageBox(page).press("Enter");
    // The answer streams in and then stays open: the bubble is busy, the box is disabled, Stop is offered.
    const streaming = log(page).locator('[data-role="assistant"][aria-busy="true"]');
    await streaming.getByText(HANGING, { exact: true }).waitFor();
    const stop = page.getByRole("button", { name: "Stop", exact: true });
    await stop.waitFor();
    expect(await messageBox(page).isDisabled()).toBe(true);
    await page.getByText("The agent is answering…").waitFor();
    expect(chatRequests()).toHaveLength(1);
    expect(chatRequests()[0]).toMatchObject({ protocol: "anthropic", headers: { "x-api-key": KEY } });
    expect(userText(chatRequests()[0]!.body)).toContain(QUESTION);
    await screenshotForReview(page, "chat-stop-streaming");

    await stop.click();
    // What arrived stays, marked stopped; nothing is reported as a failure.
    const stopped = log(page).locator('[data-role="assistant"]', { hasText: "Stopped: this is what had arrived." });
    await stopped.waitFor();
    expect(await stopped.locator("p").textContent()).toBe(HANGING);
    expect(await log(page).locator('[data-role="assistant"]').count()).toBe(1);
    expect(await log(page).locator('[aria-busy="true"]').count()).toBe(0);
    expect(await log(page).locator('[data-role="system"]').count()).toBe(0);
    expect(await page.locator("[data-sonner-toast]").filter({ hasText: "Failed to process your message" }).count()).toBe(0);
    await log(page).locator('[data-role="user"]', { hasText: QUESTION }).waitFor();
    // The box is back, enabled and focused; Stop has given way to Send.
    await expect.poll(() => messageBox(page).isDisabled()).toBe(false);
    await expect.poll(() => isFocused(page)).toBe(true);
    expect(await stop.count()).toBe(0);
    await page.getByRole("button", { name: "Send", exact: true }).waitFor();
    await page.getByText("Enter sends, Shift+Enter makes a new line.").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "chat-stopped");

    // Typed straight into the focused box: the next message goes to the same conversation and is answered.
    await page.keyboard.type(FOLLOW_UP);
    expect(await messageBox(page).inputValue()).toBe(FOLLOW_UP);
    await page.keyboard.press("Enter");
    const answered = log(page).locator('[data-role="assistant"]', { hasText: SECOND });
    await answered.waitFor();
    await expect.poll(() => messageBox(page).isDisabled()).toBe(false);
    expect(await log(page).locator('[data-role="assistant"]').count()).toBe(2);
    expect(await answered.getByText("Stopped: this is what had arrived.").count()).toBe(0);
    expect(chatRequests()).toHaveLength(2);
    expect(userText(chatRequests()[1]!.body)).toContain(FOLLOW_UP);
    expect(userText(chatRequests()[1]!.body)).toContain(QUESTION);

    // The Stop reached the server: the reload reopens the conversation (it is in the address), and the
    // stored answer is the part that arrived, marked stopped. Waiting for the empty chat first raced the reopening.
    expect(new URL(page.url()).searchParams.get("conversation")).toBeTruthy();
    await page.reload();
    const storedStop = log(page).locator('[data-role="assistant"]', { hasText: "Stopped: this is what had arrived." });
    await storedStop.waitFor();
    const storedText = (await storedStop.locator("p").textContent()) ?? "";
    expect(storedText.length).toBeGreaterThan(0);
    expect(HANGING.startsWith(storedText)).toBe(true);
    await log(page).locator('[data-role="assistant"]', { hasText: SECOND }).waitFor();
    // History holds it once.
    await page.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("dialog", { name: "Chat history" });
    await history.getByRole("listitem").first().waitFor();
    expect(await history.getByRole("listitem").count()).toBe(1);
    expect(chatRequests()).toHaveLength(2);
    await context.close();
  });
});

describe("the AI command chat with AI assistance switched off", () => {
  it("says so instead of offering a message box, and the box comes back when it is switched on again", async () => {
    const { context, page } = await onDashboard(suite, "chat-ai-off");
    const aiSwitch = (p: Page, checked: boolean) => p.locator(`[data-flag="AI_ASSIST_ENABLED"] [role="switch"][aria-checked="${checked}"]`);
    await page.goto("/app/admin/flags");
    await page.getByRole("heading", { name: "Feature Flags", level: 1 }).waitFor();
    await aiSwitch(page, true).click();
    await aiSwitch(page, false).waitFor();

    const agentCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/chat/")) agentCalls.push(r.url());
    });
    await page.goto("/app/orchestrator");
    await page.getByRole("heading", { name: "AI Command Chat", level: 1 }).waitFor();
    const notice = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "AI is turned off", exact: true }) });
    await notice.waitFor();
    await notice.getByText("AI assistance is switched off in this browser's feature flags (Feature Flags page).", { exact: true }).waitFor();
    expect(await messageBox(page).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Send" }).count()).toBe(0);
    expect(await page.getByLabel("Agent", { exact: true }).count()).toBe(0);
    // Nothing about the chat is asked of the server while it is off.
    expect(agentCalls).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "chat-ai-off");
    // Hidden from the sidebar too, and the console built on the same assistant says the same.
    expect(await page.getByRole("link", { name: "AI Chat" }).count()).toBe(0);
    await page.goto("/dev");
    await page.getByRole("heading", { name: "AI is turned off", exact: true }).waitFor();
    expect(await page.getByRole("textbox").count()).toBe(0);
    await page.goto("/app/orchestrator");
    await notice.waitFor();

    // Switched on again in another tab: this one hears the change and shows the chat without a reload.
    const flags = await context.newPage();
    await flags.goto("/app/admin/flags");
    await flags.getByRole("heading", { name: "Feature Flags", level: 1 }).waitFor();
    await aiSwitch(flags, false).click();
    await aiSwitch(flags, true).waitFor();
    await messageBox(page).waitFor();
    expect(await messageBox(page).isDisabled()).toBe(false);
    await page.getByText(/^\d+ Agents? Ready$/).waitFor();
    expect(await notice.count()).toBe(0);
    await page.getByRole("link", { name: "AI Chat" }).waitFor();
    expect(agentCalls.some((url) => url.endsWith("/chat/agents"))).toBe(true);
    await context.close();
  });
});
