import { describe, expect, it } from "vitest";
import { newPage, screenshotForReview } from "./support/browser";
import { membershipsOf, seedVerifiedUser } from "./support/seed";
import { signInThroughUi } from "./support/users";
import { useSuite } from "./support/suite";

const suite = useSuite();

// One bad row (an unknown project), and a title with a comma and quotes to prove the parser.
const CSV = ['title,project,priority,due date', '"Paint the hull, twice",Fleet,high,2030-05-01', 'Order "sails",Fleet,,', 'Ghost task,Nowhere,low,'].join("\r\n");

describe("the onboarding wizard", () => {
  it("walks four steps, names the business plane, imports a CSV with a row report and makes each plane once", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const user = await seedVerifiedUser(suite.server, "onboarding");
    await signInThroughUi(page, user);
    await page.waitForURL("**/app/onboarding");

    await page.getByRole("heading", { name: "Welcome to We Love HQ" }).waitFor();
    await page.getByText("Step 1 of 4").waitFor();
    const businessName = page.getByLabel("Business plane name");
    expect(await businessName.inputValue()).toBe("Boats Business");
    await businessName.fill("Harbour Works");
    await page.getByRole("button", { name: "Continue" }).click();

    await page.getByRole("heading", { name: "Connect your tools" }).waitFor();
    // No switches: each service shows what the server checked, and leads to the card that sets it up.
    const services = page.getByRole("list", { name: "Services" });
    expect(await services.getByRole("switch").count()).toBe(0);
    const telegramRow = services.locator('[data-provider="telegram"]');
    await telegramRow.getByText("Not connected").waitFor();
    await screenshotForReview(page, "onboarding-integrations");
    await page.getByRole("link", { name: "Set up Telegram" }).click();
    await page.waitForURL("**/app/integrations?from=onboarding#telegram");
    // The wizard is not finished, yet the page stays (it would otherwise send the user back), with its card focused.
    await page.getByRole("heading", { name: "Integrations", level: 1 }).waitFor();
    await page.waitForFunction(() => {
      const card = document.activeElement;
      return card?.id === "telegram" && card.getBoundingClientRect().top >= 0 && card.getBoundingClientRect().top < window.innerHeight / 2;
    });
    await screenshotForReview(page, "onboarding-set-up-telegram");
    await page.getByRole("link", { name: "Back to setup" }).click();
    await page.getByRole("heading", { name: "Connect your tools" }).waitFor();
    expect(new URL(page.url()).searchParams.get("step")).toBe("1");
    await page.getByRole("button", { name: "Continue" }).click();

    await page.getByRole("heading", { name: "Import tasks" }).waitFor();
    // A new organisation has no projects: create one from the step, in the renamed plane.
    await page.getByRole("button", { name: "New Project" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Plane", { exact: true }).selectOption({ label: "Harbour Works" });
    await dialog.getByLabel("Name", { exact: true }).fill("Fleet");
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/app/onboarding");

    await page.getByLabel("CSV file").setInputFiles({ name: "tasks.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
    await page.getByRole("cell", { name: "Paint the hull, twice" }).waitFor();
    await page.getByText("No project yet for: Nowhere").waitFor();
    await page.getByRole("button", { name: "Import 3 tasks" }).click();
    await page.getByText("Imported 2 tasks.").waitFor();
    await page.getByText('Row 3: No project named "Nowhere"').waitFor();

    // Back to step 1: it shows the planes that exist; continuing again creates nothing new.
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByText("Your organisation already has these planes.").waitFor();
    for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "You're all set" }).waitFor();
    await page.getByRole("button", { name: "Go to Dashboard" }).click();
    await page.waitForURL("**/app/dashboard");

    await page.goto("/app/onboarding");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Connect your tools" }).waitFor();
    // Nothing was connected on the way: no row claims it is.
    await page.getByRole("list", { name: "Services" }).locator('[data-provider="gmail"]').getByText("Not connected").waitFor();
    expect(await page.getByRole("list", { name: "Services" }).getByText("Connected", { exact: true }).count()).toBe(0);
    await page.goto("/app/planes");
    await page.getByRole("link", { name: "Harbour Works" }).waitFor();
    const names = await page.getByTestId("plane-card").getByRole("heading", { level: 2 }).allTextContents();
    expect(names.sort()).toEqual(["Harbour Works", "Personal"]);
    const [membership] = await membershipsOf(suite.server, user.id);
    const res = await page.request.get(`/api/v1/organisations/${membership!.orgId}/connections`);
    const { connections } = (await res.json()) as { connections: { provider: string; status: string }[] };
    expect(connections).toEqual([]);
    await context.close();
  });
});
