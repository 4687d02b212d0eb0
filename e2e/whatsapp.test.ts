import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { memberships, tasks } from "@/server/db/schema";
import { startWhatsappStandIn, type WhatsappStandIn } from "@/server/testing/whatsapp-stand-in";
import { axeViolations, newPage, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { seedVerifiedUser } from "./support/seed";
import { signInThroughApi } from "./support/users";
import { useSuite } from "./support/suite";

// WhatsApp as an owner and a member meet it: a wrong token is refused by the Graph API stand-in,
// the right values connect and the card shows the number; the webhook URL and verify token it shows
// pass Meta's verification; a member links their number with the card's code (a signed delivery from
// the stand-in), writes /task, the task appears, and an assignment comes back to their WhatsApp.
const NUMBER = { id: "106540352242922", token: "EAAGm0PX4ZCpsBAWhatsappJourneyToken01", appSecret: "a1b2c3d4e5f60718293a4b5c6d7e8f90", display: "+1 555-0100" };
const MEMBER_WA = "4915112345678";
let wa: WhatsappStandIn;
beforeAll(async () => {
  wa = await startWhatsappStandIn();
  wa.addNumber(NUMBER.id, NUMBER);
});
afterAll(async () => {
  await wa?.close();
});
const suite = useSuite(() => ({ WHATSAPP_API_BASE: wa.url }));
/** Texts the stand-in took for the member's number since `from`. */
const textsToMember = (from: number) => wa.sent.slice(from).flatMap((m) => (m.to === MEMBER_WA && m.type === "text" ? [m.text] : []));
const whatsappCard = (page: Page) => page.getByRole("group", { name: "WhatsApp", exact: true });

async function fillSettings(page: Page, token: string) {
  const card = whatsappCard(page);
  await card.getByLabel("Phone number id").fill(NUMBER.id);
  await card.getByLabel("Access token").fill(token);
  await card.getByLabel("App secret").fill(NUMBER.appSecret);
  await card.getByLabel("Template name (optional)").fill("task_notice");
  await card.getByRole("button", { name: "Test and connect" }).click();
}

describe("WhatsApp", () => {
  it("connects only after the Graph API read the number, links a member's number by code, makes a task from a message and sends an assignment back", async () => {
    const owner = await onDashboard(suite, "whatsapp-owner");
    await owner.project("Harbour");
    const { page } = owner;
    await page.goto("/app/integrations");
    const card = whatsappCard(page);
    await card.getByText("Not connected", { exact: true }).waitFor();

    // Checked in the browser first: a malformed secret never leaves it.
    await card.getByLabel("App secret").fill("not hex!");
    await card.getByRole("button", { name: "Test and connect" }).click();
    await card.getByText("The app secret is the hex string under App settings, Basic").waitFor();
    expect(await card.getByLabel("App secret").getAttribute("aria-invalid")).toBe("true");

    await fillSettings(page, "EAAGm0PX4ZCpsBAWrongTokenForTheJourney");
    await card.getByTestId("whatsapp-outcome").getByText(/^Not connected: WhatsApp refused the access token/).waitFor();
    await card.getByText("Saved · not verified", { exact: true }).waitFor();
    expect(await card.getByText(/^Connected/).count()).toBe(0);
    await screenshotForReview(page, "whatsapp-refused");

    // Refused, the values typed stay: only the token is typed again, and Enter sends the form.
    expect(await card.getByLabel("App secret").inputValue()).toBe(NUMBER.appSecret);
    await card.getByLabel("Access token").fill(NUMBER.token);
    await card.getByLabel("Access token").press("Enter");
    await card.getByTestId("whatsapp-state").getByText("Connected · +1 555-0100", { exact: true }).waitFor();
    await card.getByText(/Outside that window, notices go out as the approved template “task_notice”/).waitFor();
    expect(await card.textContent()).not.toContain(NUMBER.token);
    expect(await card.textContent()).not.toContain(NUMBER.appSecret);

    // What the card tells the owner to paste into Meta's dashboard is what Meta's verification needs.
    const webhookUrl = (await card.getByTestId("whatsapp-webhook-url").textContent()) ?? "";
    const verifyToken = (await card.getByTestId("whatsapp-verify-token").textContent()) ?? "";
    expect(webhookUrl).toBe(`${suite.server.url}/api/v1/hooks/whatsapp/${owner.orgId}`);
    expect(await wa.verifyWebhook(webhookUrl, verifyToken, "1158201444")).toEqual({ status: 200, text: "1158201444" });
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "whatsapp-connected", { fullPage: true });

    // A member, in a browser of their own: the state read-only, and their own number to link.
    const member = await seedVerifiedUser(suite.server, "whatsapp-member");
    const db = suite.server.services.database.db;
    await db.insert(memberships).values({ orgId: owner.orgId, userId: member.id, role: "member" });
    const { context: memberContext, page: memberPage } = await newPage(suite.browser, suite.server.url, { skipOnboarding: true });
    await signInThroughApi(memberPage, suite.server, member);
    await memberPage.goto("/app/integrations");
    const memberCard = whatsappCard(memberPage);
    await memberCard.getByText("Connected · +1 555-0100", { exact: true }).waitFor();
    expect(await memberCard.getByLabel("Access token").count()).toBe(0);
    expect(await memberCard.getByText("Verify token").count()).toBe(0);
    expect(await memberCard.getByRole("button", { name: "Disconnect" }).count()).toBe(0);

    await memberCard.getByRole("button", { name: "Link my WhatsApp number" }).click();
    const message = (await memberCard.getByTestId("whatsapp-code").locator("code").textContent()) ?? "";
    expect(message).toMatch(/^link \S+$/);
    expect(await memberCard.getByRole("link", { name: "Open in WhatsApp" }).getAttribute("href")).toBe(`https://wa.me/15550100?text=${encodeURIComponent(message)}`);
    expect((await wa.deliver(webhookUrl, NUMBER.id, wa.textDelivery(NUMBER.id, MEMBER_WA, message).payload)).status).toBe(200);
    // The link is made by a job: "I sent it" asks again until it is there.
    await expect
      .poll(
        async () => {
          if ((await memberCard.getByTestId("whatsapp-linked").count()) === 0) await memberCard.getByRole("button", { name: "I sent it" }).click();
          return memberCard.getByTestId("whatsapp-linked").count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(await axeViolations(memberPage)).toEqual([]);
    await screenshotForReview(memberPage, "whatsapp-member-linked", { fullPage: true });

    // A message to the number makes a task as the member; the number answers in the chat.
    const sentBefore = wa.sent.length;
    expect((await wa.deliver(webhookUrl, NUMBER.id, wa.textDelivery(NUMBER.id, MEMBER_WA, "/task Buy paint friday high").payload)).status).toBe(200);
    await expect.poll(async () => (await db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.orgId, owner.orgId), eq(tasks.title, "Buy paint")))).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => textsToMember(sentBefore).some((text) => text.includes("Buy paint")), { timeout: 20_000 }).toBe(true);
    await memberPage.goto("/app/tasks");
    await memberPage.getByText("Buy paint").first().waitFor();

    // The owner assigns it to the member: the notice reaches their WhatsApp (inside the 24-hour window, as text).
    const [made] = await db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.orgId, owner.orgId), eq(tasks.title, "Buy paint")));
    const assignedBefore = wa.sent.length;
    await owner.api("PATCH", `/tasks/${made!.id}`, { assignee_id: member.id });
    await expect.poll(() => textsToMember(assignedBefore).join("\n"), { timeout: 30_000 }).toContain("assigned you");

    // The owner's card shows the event; disconnecting asks first.
    await page.reload();
    await card.getByTestId("whatsapp-last-event").getByText("none yet").waitFor({ state: "detached" });
    await card.getByRole("button", { name: "Disconnect" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Disconnect WhatsApp?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await card.getByText("Connected · +1 555-0100", { exact: true }).waitFor();
    await card.getByRole("button", { name: "Disconnect" }).click();
    await dialog.getByRole("button", { name: "Disconnect" }).click();
    await card.getByTestId("whatsapp-state").getByText("Not connected", { exact: true }).waitFor();
    await screenshotForReview(page, "whatsapp-disconnected");
    await memberContext.close();
    await owner.context.close();
  });
});
