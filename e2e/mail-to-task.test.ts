import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { freePort } from "@/server/testing/free-port";
import { screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// Mail to task as a user meets it: make the project's address on the Gmail card, copy it, mail it over
// real SMTP into the server's receiver, and see the task on the project's page.
let smtpPort = 0;
const suite = useSuite(() => ({ INBOUND_SMTP_PORT: String(smtpPort), INBOUND_SMTP_HOST: "127.0.0.1", INBOUND_MAIL_DOMAIN: "in.example.test" }));
// Before the suite's server starts (its beforeAll runs after this module's top level).
smtpPort = await freePort();

describe("mail to task", () => {
  it("copies a project's address from the Gmail card, mails it, and the task appears", async () => {
    const { context, page, project, user } = await onDashboard(suite, "mail");
    const projectId = await project("Mailbox");
    await page.goto("/app/integrations");
    const gmail = page.locator("#gmail");
    await gmail.getByTestId("mail-state").getByText("Receiver on", { exact: false }).waitFor();
    await gmail.getByRole("button", { name: "Make address" }).click();
    const address = (await gmail.getByTestId("mail-address").textContent())!;
    expect(address).toMatch(/^p-[0-9a-f]{30}@in\.example\.test$/);
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: smtpPort, secure: false, ignoreTLS: true });
    await transport.sendMail({ from: user.email, to: address, subject: "Order the blue paint", text: "Two litres, matt." });
    transport.close();
    await gmail.getByTestId("mail-state").getByText("Connected", { exact: false }).waitFor({ timeout: 20_000 });
    await gmail.scrollIntoViewIfNeeded();
    await screenshotForReview(page, "mail-to-task-gmail-card");
    // Someone outside the organisation gets in through the project's allow-list, typed on the card.
    const allowList = gmail.getByLabel("Allowed senders besides members");
    await allowList.fill("bob at partner");
    await gmail.getByRole("button", { name: "Save allow-list" }).click();
    await gmail.getByRole("alert").getByText("“bob at partner” is neither an address", { exact: false }).waitFor();
    await allowList.fill("@partner.example");
    await gmail.getByRole("button", { name: "Save allow-list" }).click();
    await page.getByText("Allow-list saved").waitFor();
    const partner = nodemailer.createTransport({ host: "127.0.0.1", port: smtpPort, secure: false, ignoreTLS: true });
    await partner.sendMail({ from: "bob@partner.example", to: address, subject: "Quote from the partner", text: "See attached." });
    partner.close();
    // A new address is asked for first: Escape keeps the old one.
    await gmail.getByRole("button", { name: "New address (the old one stops working)" }).click();
    await page.getByRole("alertdialog").getByText(address, { exact: false }).waitFor();
    await screenshotForReview(page, "mail-to-task-new-address-confirm");
    await page.keyboard.press("Escape");
    expect(await gmail.getByTestId("mail-address").textContent()).toBe(address);
    await page.goto(`/app/projects/${projectId}`);
    await page.getByText("Order the blue paint").first().waitFor();
    await page.getByText("Quote from the partner").first().waitFor({ timeout: 20_000 });
    await context.close();
  });
});
