import { describe, it } from "vitest";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";
import { uniqueEmail } from "./support/users";

// A spent budget as the browser shows it: the server's words, naming the budget and its reset.
const suite = useSuite({ LIMIT_INVITATIONS_PER_ADDRESS_PER_DAY: "1", LIMIT_MODEL_CALLS_PER_DAY: "40" });

describe("budgets", () => {
  it("Settings shows the model calls used today, and a second invitation to one address says which budget is spent", async () => {
    const owner = await onDashboard(suite, "budget-owner");
    const { page } = owner;
    await page.goto("/app/settings?tab=organization");
    await page.getByTestId("settings-model-budget").getByText("0 / 40").waitFor();
    const email = uniqueEmail("budget-invitee");
    const invite = async () => {
      await page.getByLabel("Email address").fill(email);
      await page.getByLabel("Role", { exact: true }).selectOption({ label: "Member" });
      await page.getByRole("button", { name: "Send invitation" }).click();
    };
    await invite();
    await page.getByText(`Invitation sent to ${email}`).waitFor();
    await invite();
    await page.getByText(/The budget for invitations per day to one address is used up \(1\)\. It resets in \d+ seconds/).waitFor();
  });
});
