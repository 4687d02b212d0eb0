import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { memberships, messagingLinks, tasks } from "@/server/db/schema";
import { startTelegramStandIn, type TelegramStandIn } from "@/server/testing/telegram-stand-in";
import { axeViolations, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { seedVerifiedUser } from "./support/seed";
import { useSuite } from "./support/suite";

// Telegram as an owner meets it: a wrong token is refused, the right one connects (getMe and
// setWebhook at a Bot API stand-in), the owner links their own chat with the code the card shows,
// a message to the bot makes a task, and an assignment is sent to the assignee's linked chat.
const TOKEN = "7000001:AAE2eTelegramJourneyToken";
const OWNER_CHAT = "424242";
const MEMBER_CHAT = "515151";
let telegram: TelegramStandIn;
beforeAll(async () => {
  telegram = await startTelegramStandIn();
  telegram.addBot(TOKEN, "whq_journey_bot");
});
afterAll(async () => {
  await telegram?.close();
});
const suite = useSuite(() => ({ TELEGRAM_API_BASE: telegram.url }));

describe("Telegram", () => {
  it("connects only with a token Telegram accepts, links a chat by code, makes a task from a message and sends an assignment back", async () => {
    const { context, page, api, project, orgId } = await onDashboard(suite, "telegram-owner");
    await project("Harbour");
    await page.goto("/app/integrations");
    const card = page.getByRole("group", { name: "Telegram", exact: true });
    await card.getByText("Not connected", { exact: true }).waitFor();

    await card.getByLabel("Bot token").fill("7000002:AAWrongTokenForTheJourney");
    await card.getByRole("button", { name: "Connect" }).click();
    await card.getByTestId("telegram-outcome").waitFor();
    expect(await card.getByText(/^Connected/).count()).toBe(0);
    await screenshotForReview(page, "telegram-refused");

    await card.getByLabel("Bot token").fill(TOKEN);
    await card.getByRole("button", { name: "Connect" }).click();
    await card.getByText("Connected · @whq_journey_bot").first().waitFor();
    expect(telegram.webhookOf(TOKEN)?.url).toBe(`${suite.server.url}/api/v1/hooks/telegram/${orgId}`);
    expect(await card.textContent()).not.toContain(TOKEN);

    // The owner's own chat, linked with the one-time code the card shows.
    await card.getByRole("button", { name: "Link my Telegram chat" }).click();
    const command = (await card.locator("code").first().textContent()) ?? "";
    expect(command).toMatch(/^\/start \S+$/);
    expect((await telegram.deliver(TOKEN, telegram.textUpdate(OWNER_CHAT, command))).status).toBe(200);
    await card.getByRole("button", { name: "I sent it" }).click();
    await card.getByTestId("telegram-linked").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "telegram-linked");

    // A message to the bot makes a task, and the bot answers in the chat.
    const sentBefore = telegram.sent.length;
    await telegram.deliver(TOKEN, telegram.textUpdate(OWNER_CHAT, "/task Buy paint friday high"));
    const db = suite.server.services.database.db;
    await expect.poll(async () => (await db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.orgId, orgId), eq(tasks.title, "Buy paint")))).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => telegram.sent.slice(sentBefore).some((m) => m.chat_id === OWNER_CHAT), { timeout: 20_000 }).toBe(true);
    await page.goto("/app/tasks");
    await page.getByText("Buy paint").first().waitFor();

    // Assigned to a member whose chat is linked: the assignment reaches that chat.
    const member = await seedVerifiedUser(suite.server, "telegram-member");
    await db.insert(memberships).values({ orgId, userId: member.id, role: "member" });
    await db.insert(messagingLinks).values({ orgId, userId: member.id, channel: "telegram", chatId: MEMBER_CHAT });
    const [made] = await db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.orgId, orgId), eq(tasks.title, "Buy paint")));
    await api("PATCH", `/tasks/${made!.id}`, { assignee_id: member.id });
    await expect.poll(() => telegram.sent.find((m) => m.chat_id === MEMBER_CHAT)?.text ?? "", { timeout: 30_000 }).toContain("Buy paint");
    await context.close();
  });
});
