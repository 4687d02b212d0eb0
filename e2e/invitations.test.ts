import { describe, expect, it } from "vitest";
import { storageKeys } from "@/web/lib/storage-keys";
import { axeViolations, newPage, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { mailedLink, PASSWORD, submitSignInForm, uniqueEmail } from "./support/users";
import { useSuite } from "./support/suite";

// Invitations: what only a browser shows — the link's page signed out, wrong account and right,
// the way back to it through sign-up and its confirmation mail, and the switcher afterwards.
const suite = useSuite();

/** The owner invites an address from Settings > Organization; the link is read from the outbox. */
async function inviteFromSettings(owner: Awaited<ReturnType<typeof onDashboard>>, email: string, role: "Member" | "Owner" = "Member") {
  const { page } = owner;
  await page.goto("/app/settings?tab=organization");
  await page.getByRole("heading", { name: "Invitations" }).waitFor();
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption({ label: role });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await page.getByText(`Invitation sent to ${email}`).waitFor();
  await page.getByRole("list", { name: "Pending invitations" }).getByText(email).waitFor();
  return mailedLink(suite.server, email);
}

describe("invitations", () => {
  it("a new person signs up through the link, accepts, and sees the owner's shared plane", async () => {
    const owner = await onDashboard(suite, "inv-owner");
    await owner.api("PATCH", "", { name: "Alpha Team" });
    await owner.api("POST", "/planes", { name: "Shared Plane" });
    const email = uniqueEmail("invitee");
    const link = await inviteFromSettings(owner, email);
    expect(new URL(link).pathname).toBe("/invite");
    expect(await axeViolations(owner.page)).toEqual([]);
    await screenshotForReview(owner.page, "invitations-settings");

    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto(link);
    await page.getByRole("heading", { name: "Join Alpha Team" }).waitFor();
    await page.getByText("Test inv-owner invited you to join Alpha Team as a member.").waitFor();
    // The token leaves the address bar once read.
    await expect.poll(() => new URL(page.url()).hash).toBe("");
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "invitations-signed-out");
    // A second link pasted into the open tab changes only the fragment: the page follows it, and
    // keeps it over a reload; the first link brings the first invitation back.
    const second = uniqueEmail("second-invitee");
    await owner.api("POST", "/invitations", { email: second, role: "owner" });
    await page.goto(await mailedLink(suite.server, second));
    await page.getByText("Test inv-owner invited you to join Alpha Team as an owner.").waitFor();
    await page.reload();
    await page.getByText("Test inv-owner invited you to join Alpha Team as an owner.").waitFor();
    await page.goto(link);
    await page.getByText("Test inv-owner invited you to join Alpha Team as a member.").waitFor();
    await page.getByRole("link", { name: "Create account" }).click();
    await page.getByRole("heading", { name: "Create an account" }).waitFor();
    await page.getByLabel("Full name").fill("Bea Invited");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await page.getByRole("button", { name: "Sign In", exact: true }).waitFor();

    // The confirmation link signs them in and brings them back to the invitation.
    await page.goto(await mailedLink(suite.server, email));
    await page.waitForURL((url) => url.pathname === "/invite");
    await page.getByText(`This invitation is for ${email}.`).waitFor();
    await screenshotForReview(page, "invitations-accept");
    await page.getByRole("button", { name: "Accept invitation" }).click();
    await page.waitForURL((url) => url.pathname === "/app/dashboard");
    await page.getByText("You joined Alpha Team").waitFor();
    await page.goto("/app/planes");
    await page.getByText("Shared Plane").first().waitFor();
    await page.getByText("Alpha Team").first().waitFor();

    // The owner's open Settings heard it: the member is listed and the invitation no longer pending, without a reload.
    await owner.page.getByRole("list", { name: "Members" }).getByText("Bea Invited").waitFor();
    await owner.page.getByRole("list", { name: "Pending invitations" }).getByText(email).waitFor({ state: "detached" });
    await owner.page.getByRole("list", { name: "Pending invitations" }).getByText(second).waitFor();
    await context.close();
    await owner.context.close();
  });

  it("tells the wrong account so, comes back after signing in as the invited one, and the switcher lists both organisations", async () => {
    const invited = await onDashboard(suite, "inv-existing");
    await invited.api("PATCH", "", { name: "Home Org" });
    await invited.context.close();
    const owner = await onDashboard(suite, "inv-owner2");
    await owner.api("PATCH", "", { name: "Bravo Team" });
    await owner.api("POST", "/planes", { name: "Bravo Plane" });
    const link = await inviteFromSettings(owner, invited.user.email, "Owner");

    const { page } = owner;
    await page.goto(link);
    await page.getByText(`This invitation is for ${invited.user.email}, you are signed in as ${owner.user.email}.`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "invitations-wrong-account");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await submitSignInForm(page, invited.user);
    await page.waitForURL((url) => url.pathname === "/invite");
    await page.getByText("Test inv-owner2 invited you to join Bravo Team as an owner.").waitFor();
    await page.getByRole("button", { name: "Accept invitation" }).click();
    await page.waitForURL((url) => url.pathname === "/app/dashboard");

    const switcher = page.getByLabel("Switch organisation");
    await expect.poll(() => switcher.locator("option:checked").textContent()).toBe("Bravo Team");
    expect(await switcher.locator("option").allTextContents()).toEqual(expect.arrayContaining(["Home Org", "Bravo Team"]));
    await page.goto("/app/planes");
    await page.getByText("Bravo Plane").first().waitFor();
    // Keyboard: focus the switcher and choose the other organisation. The choice is kept the
    // moment it is made, before React has rendered it, so a reload at once opens Home Org.
    await switcher.focus();
    const keptAtOnce = await switcher.evaluate((select: HTMLSelectElement, key) => {
      const home = [...select.options].find((option) => option.text === "Home Org");
      if (!home) return false;
      select.value = home.value;
      select.dispatchEvent(new Event("change", { bubbles: true }));
      return localStorage.getItem(key) === home.value;
    }, storageKeys.currentOrg);
    expect(keptAtOnce).toBe(true);
    await expect.poll(() => switcher.locator("option:checked").textContent()).toBe("Home Org");
    await page.waitForURL((url) => url.pathname === "/app/dashboard");
    await page.goto("/app/planes");
    await page.getByText("No planes yet").waitFor();
    expect(await page.getByText("Bravo Plane").count()).toBe(0);
    await screenshotForReview(page, "invitations-switcher");

    // Who hears of what: the switch is saved for this user and survives a reload.
    await page.goto("/app/settings?tab=notifications");
    const accepted = page.getByRole("switch", { name: "Invitation accepted" });
    await expect.poll(() => accepted.getAttribute("aria-checked")).toBe("true");
    await accepted.focus();
    await page.keyboard.press("Space");
    await page.getByText("Notification settings saved").waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole("switch", { name: "Invitation accepted" }).getAttribute("aria-checked")).toBe("false");
    expect(await page.getByRole("switch", { name: "Job failed" }).getAttribute("aria-checked")).toBe("true");
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "notifications-tab");
    await owner.context.close();
  });
});
