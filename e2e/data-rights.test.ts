import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { axeViolations, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { submitSignInForm } from "./support/users";
import { useSuite } from "./support/suite";

// GDPR in the browser: the export's progress and the zip arriving, erasing the account, the audit viewer.
const suite = useSuite();

describe("data rights", () => {
  it("downloads my data as a zip, then deletes my account with its organisation, after which sign-in fails", async () => {
    const { context, page, user } = await onDashboard(suite, "data-rights");
    await page.goto("/app/settings?tab=profile");
    await page.getByRole("heading", { name: "Your data" }).waitFor();
    // Told before starting how large it will be (a new account has next to nothing).
    await expect.poll(() => page.getByTestId("export-estimate").textContent(), { timeout: 10_000 }).toMatch(/almost nothing to export|About [\d,]+ rows/);
    await page.getByRole("button", { name: "Download my data" }).click();
    const link = page.getByRole("link", { name: "Download zip" });
    await link.waitFor({ timeout: 60_000 });
    await page.getByText(/Your export is ready/).waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^we-love-hq-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("PK\u0003\u0004");
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "data-rights-export");

    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
    await dialog.getByText("This organisation has no other owner and will be deleted with everything in it:").waitFor();
    await dialog.getByTestId("erasure-orgs").getByText("1 member").waitFor();
    await dialog.getByLabel("Current password").fill("not-my-password-at-all");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByText("The password is not correct").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "data-rights-erase-dialog");
    await dialog.getByLabel("Current password").fill(user.password);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    await page.getByRole("status").filter({ hasText: "Your account and its data were deleted." }).waitFor();
    expect(await (await page.request.get("/api/auth/get-session")).json()).toBeNull();

    await submitSignInForm(page, user);
    await page.getByRole("alert").filter({ hasText: /email or password/i }).waitFor();
    expect(page.url()).toContain("/auth");
    await context.close();
  });

  it("lets an owner read and filter the audit log, and delete the organisation by typing its name", async () => {
    const { context, page, api, orgId } = await onDashboard(suite, "data-rights-org");
    await api("PATCH", "", { name: "Doomed Org" });
    await api("POST", "/connections", { provider: "mistral", api_key: "e2e-audit-key-000111" });
    await page.goto("/app/settings?tab=organization");
    await page.getByRole("heading", { name: "Organisation data" }).waitFor();
    await page.getByRole("link", { name: "Open the audit log" }).click();
    await page.getByRole("heading", { name: "Audit log", level: 1 }).waitFor();
    await page.getByRole("cell", { name: "Connection added" }).waitFor();
    await page.getByLabel("Action").selectOption({ label: "Invitation withdrawn" });
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByText("No entries match these filters.").waitFor();
    await page.getByRole("button", { name: "Clear" }).click();
    await page.getByRole("cell", { name: "Connection added" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshotForReview(page, "data-rights-audit");

    await page.getByRole("link", { name: "Back to settings" }).click();
    await page.getByRole("button", { name: "Delete organisation" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Doomed Org?" });
    const confirm = dialog.getByRole("button", { name: "Delete organisation" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Type the organisation's name to confirm").fill("Doomed Org");
    await confirm.click();
    await page.getByText("Doomed Org was deleted").waitFor();
    // The shell then starts a fresh organisation for someone left with none; the deleted one is gone.
    const { memberships } = (await (await page.request.get("/api/v1/organisations")).json()) as { memberships: { org_id: string }[] };
    expect(memberships.map((m) => m.org_id)).not.toContain(orgId);
    expect((await page.request.get(`/api/v1/organisations/${orgId}/planes`)).status()).toBe(404);
    await context.close();
  });
});
