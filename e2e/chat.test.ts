import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { memberships } from "@/server/db/schema";
import { axeViolations, newPage, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { membershipsOf, seedVerifiedUser } from "./support/seed";
import { useSuite } from "./support/suite";
import { signInThroughUi, submitSignInForm } from "./support/users";

// The AI chat and the dev console, on the built-in assistant (no LLM, no n8n configured).
const suite = useSuite();

const messageBox = (page: Page) => page.getByRole("textbox", { name: "Message" });
const log = (page: Page) => page.getByRole("log", { name: "Conversation" });

describe("the AI command chat", () => {
  it("streams an answer with an action card, updates the dashboard live, and reopens the conversation after a reload and from History", async () => {
    const { context, page, project } = await onDashboard(suite, "chat-owner");
    const projectId = await project("Garden");
    const dashboard = await context.newPage();
    await dashboard.goto("/app/dashboard");
    await dashboard.getByText("No tasks yet").waitFor();

    await page.goto("/app/orchestrator");
    await page.getByRole("heading", { name: "AI Command Chat", level: 1 }).waitFor();
    await page.getByText(/^\d+ Agents? Ready$/).waitFor();
    await page.getByRole("heading", { name: "Ask your agent…" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Whitespace is not sent; Shift+Enter makes a new line rather than sending.
    await messageBox(page).fill("   ");
    await messageBox(page).press("Enter");
    await messageBox(page).fill("what is");
    await messageBox(page).press("Shift+Enter");
    await messageBox(page).pressSequentially("overdue?");
    expect(await messageBox(page).inputValue()).toBe("what is\noverdue?");
    expect(await log(page).count()).toBe(0);

    // An example fills the box; Enter sends it and the reply arrives as a stream of events.
    await messageBox(page).fill("");
    const reply = page.waitForResponse((r) => r.url().endsWith("/chat/messages") && r.request().method() === "POST");
    await messageBox(page).fill("create task Paint hull in Garden due friday");
    await messageBox(page).press("Enter");
    expect((await reply).headers()["content-type"]).toContain("text/event-stream");
    const card = log(page).locator('[data-action="create_task"]');
    await card.waitFor();
    expect(await card.getByRole("link").getAttribute("href")).toBe(`/app/projects/${projectId}`);
    await expect.poll(() => messageBox(page).isDisabled()).toBe(false);
    expect(await messageBox(page).inputValue()).toBe("");
    await log(page).locator('[data-role="user"]', { hasText: "create task Paint hull in Garden due friday" }).waitFor();
    expect(await log(page).locator('[data-role="assistant"]').count()).toBe(1);

    // The other page of the same session hears the change without a reload.
    await dashboard.getByRole("checkbox", { name: 'Mark "Paint hull" as done' }).waitFor({ timeout: 10_000 });
    expect(await axeViolations(page)).toEqual([]);

    // A destructive action is proposed first and runs only once confirmed in the chat.
    await messageBox(page).fill("delete task Paint hull");
    await messageBox(page).press("Enter");
    const proposal = log(page).locator('[data-action="delete_task"]');
    await proposal.getByRole("button", { name: "Confirm" }).click();
    await log(page).locator('[data-action="delete_task"][data-state="confirmed"]').waitFor();
    await dashboard.getByRole("checkbox", { name: 'Mark "Paint hull" as done' }).waitFor({ state: "detached", timeout: 10_000 });
    await screenshotForReview(page, "chat");

    // A reload reopens the conversation (its id is in the address); History reopens a stored one too.
    expect(new URL(page.url()).searchParams.get("conversation")).toMatch(/^[0-9a-f-]{36}$/);
    await page.reload();
    await log(page).locator('[data-role="user"]', { hasText: "create task Paint hull in Garden due friday" }).waitFor();
    await page.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("dialog", { name: "Chat history" });
    await history.getByRole("listitem").first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "chat-history");
    await history.getByRole("listitem").first().getByRole("button").first().click();
    await history.waitFor({ state: "hidden" });
    await log(page).locator('[data-action="create_task"]').waitFor();
    await log(page).locator('[data-role="user"]', { hasText: "create task Paint hull in Garden due friday" }).waitFor();

    // Deleting asks first, then the list is empty and the open conversation is closed.
    await page.getByRole("button", { name: "History" }).click();
    await history.getByRole("button", { name: /^Delete conversation/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this conversation?" });
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await history.getByText("No conversations yet.").waitFor();
    // Escape goes to the topmost layer: while the confirmation still plays its closing animation
    // (a busy CI), it would take the key and leave History open over the chat.
    await confirm.waitFor({ state: "detached" });
    await page.keyboard.press("Escape");
    await history.waitFor({ state: "hidden" });
    await page.getByRole("heading", { name: "Ask your agent…" }).waitFor();
    expect(new URL(page.url()).searchParams.get("conversation")).toBeNull();

    // A failed reply: the toast, and the system message in the chat; the box is usable again.
    await page.route("**/chat/messages", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
    await messageBox(page).fill("what is overdue?");
    await messageBox(page).press("Enter");
    await page.getByText("Failed to process your message").waitFor();
    await log(page).locator('[data-role="system"]', { hasText: "I encountered an error processing your request. Please try again or contact support if the issue persists." }).waitFor();
    await expect.poll(() => messageBox(page).isDisabled()).toBe(false);
    await context.close();
  });

  it("tells a member that owner access is required, at every address of the chat", async () => {
    const owner = await onDashboard(suite, "chat-org-owner");
    await owner.context.close();
    const member = await seedVerifiedUser(suite.server, "chat-member");
    await suite.server.services.database.db.insert(memberships).values({ orgId: owner.orgId, userId: member.id, role: "member" });
    const { context, page } = await newPage(suite.browser, suite.server.url, { skipOnboarding: true });
    await signInThroughUi(page, member);
    await page.getByRole("heading", { name: "Command Center" }).waitFor();
    for (const path of ["/app/orchestrator", "/app/agents/orchestrator", "/app/orchestrator-legacy"]) {
      await page.goto(path);
      await page.getByText("Owner access required. Contact your organisation owner for permissions.").waitFor();
      expect(await messageBox(page).count()).toBe(0);
    }
    expect((await context.request.get(`/api/v1/organisations/${owner.orgId}/chat/agents`)).status()).toBe(403);
    await context.close();
  });
});

describe("the built-in assistant in German", () => {
  it("offers German examples, creates the task of a German command and answers in German", async () => {
    const { context, page, project } = await onDashboard(suite, "chat-de");
    await project("Garten");
    await page.goto("/app/settings?tab=appearance");
    await page.getByLabel("Language").selectOption("de");
    await page.getByRole("link", { name: "Einstellungen" }).first().waitFor();
    await page.goto("/app/orchestrator");
    const example = "erstelle Aufgabe Beete jäten in Garten bis Freitag, Priorität hoch";
    await page.getByRole("button", { name: `Beispiel verwenden: ${example}` }).click();
    await page.getByRole("textbox", { name: "Nachricht" }).press("Enter");
    const answer = page.getByRole("log", { name: "Unterhaltung" }).locator('[data-role="assistant"]');
    await answer.getByText(/^Aufgabe „Beete jäten“ \(Garten, fällig Fr\., \d{1,2}\. \S+, hohe Priorität\) angelegt\.$/).waitFor();
    await screenshotForReview(page, "chat-german");
    await page.goto("/app/dashboard");
    await page.getByRole("checkbox", { name: "„Beete jäten“ als erledigt markieren" }).waitFor();
    await context.close();
  });
});

describe("the dev console", () => {
  it("sends a signed-out visitor to sign in and back, runs help and keeps the conversation between commands", async () => {
    const user = await seedVerifiedUser(suite.server, "dev-owner");
    const { context, page } = await newPage(suite.browser, suite.server.url, { skipOnboarding: true });
    await page.goto("/dev");
    await page.waitForURL(/\/auth$/);
    await submitSignInForm(page, user);
    await page.waitForURL((u) => u.pathname !== "/auth");
    await page.getByRole("heading", { name: "Development Console", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/dev");
    const [membership] = await membershipsOf(suite.server, user.id);
    expect(membership?.role).toBe("owner");

    const command = page.getByRole("textbox", { name: "Command" });
    const history = page.getByRole("log", { name: "Console history" });
    const first = page.waitForResponse((r) => r.url().endsWith("/functions/v1/dev-chat"));
    await command.fill("help");
    await command.press("Enter");
    const { conversationId } = (await (await first).json()) as { conversationId: string };
    await history.getByRole("listitem").first().getByText("> help").waitFor();
    expect((await history.getByRole("listitem").first().locator("pre").textContent())?.trim().length).toBeGreaterThan(0);

    const second = page.waitForRequest((r) => r.url().endsWith("/functions/v1/dev-chat"));
    await command.fill("what is overdue?");
    await command.press("Enter");
    expect(((await second).postDataJSON() as { context: { conversation_id: string } }).context.conversation_id).toBe(conversationId);
    await expect.poll(() => history.getByRole("listitem").count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "dev");
    await context.close();
  });
});
