import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { axeViolations, newPage } from "./support/browser";
import { seedVerifiedUser, withClockAfterTrial } from "./support/seed";
import { signInThroughUi } from "./support/users";
import { useSuite } from "./support/suite";

const suite = useSuite();

async function signedInOnPlanes() {
  const { context, page } = await newPage(suite.browser, suite.server.url, { skipOnboarding: true });
  await signInThroughUi(page, await seedVerifiedUser(suite.server, "planes"));
  await page.waitForURL((url) => url.pathname === "/app" || url.pathname === "/app/dashboard");
  await page.goto("/app/planes");
  await page.getByRole("heading", { name: "Planes", level: 1 }).waitFor();
  return { context, page };
}

async function createPlane(page: Page, button: string, name: string) {
  await page.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Create Plane" }).click();
  await dialog.waitFor({ state: "hidden" });
  await page.getByRole("link", { name, exact: true }).waitFor();
}

async function createProject(page: Page, name: string) {
  await page.getByRole("button", { name: "New Project" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByRole("button", { name: "Create Project" }).click();
}

const card = (page: Page, name: string) => page.getByTestId("plane-card").filter({ has: page.getByRole("link", { name, exact: true }) });

describe("planes", () => {
  it("creates, renames, fills and deletes a plane, moving its projects", async () => {
    const { context, page } = await signedInOnPlanes();
    await page.getByRole("heading", { name: "No planes yet" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await createPlane(page, "Create First Plane", "Alpha");
    await createPlane(page, "New Plane", "Beta");

    await page.getByRole("button", { name: "Actions for Alpha" }).click();
    await page.getByRole("menuitem", { name: "Rename" }).click();
    await page.getByRole("dialog").getByLabel("Name").fill("Alpha Prime");
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await page.getByRole("link", { name: "Alpha Prime", exact: true }).waitFor();
    // axe reads a toast mid-animation as low contrast: check the page once toasts are gone.
    await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 10_000 });
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Alpha Prime", exact: true }).click();
    await page.getByRole("heading", { name: "Alpha Prime", level: 1 }).waitFor();
    await page.getByText("No projects in this plane yet").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await createProject(page, "Lighthouse");
    await page.waitForURL("**/app/projects/**");
    await page.getByRole("heading", { name: "Lighthouse", level: 1 }).waitFor();
    await page.getByRole("link", { name: "Plane: Alpha Prime" }).click();
    await page.getByRole("link", { name: "Lighthouse" }).waitFor();
    await page.getByText("0 open / 0 tasks").waitFor();
    await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 10_000 });
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/app/planes");
    await card(page, "Alpha Prime").getByText("1 project · 1 active").waitFor();
    await page.getByRole("button", { name: "Actions for Alpha Prime" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("The plane holds 1 project with 0 tasks").waitFor();
    await confirm.getByLabel("Move to").selectOption({ label: "Beta" });
    await confirm.getByRole("button", { name: "Delete Plane" }).click();
    await page.getByText("Plane deleted; 1 project moved").waitFor();
    await card(page, "Beta").getByText("Lighthouse").waitFor();
    expect(await page.getByRole("link", { name: "Alpha Prime", exact: true }).count()).toBe(0);
    await context.close();
  });

  it("explains the plan limit on the fourth project with a link to pricing", async () => {
    const { context, page } = await signedInOnPlanes();
    await createPlane(page, "Create First Plane", "Studio");
    await page.getByRole("link", { name: "Studio", exact: true }).click();
    for (const name of ["One", "Two", "Three"]) {
      await createProject(page, name);
      await page.getByRole("heading", { name, level: 1 }).waitFor();
      await page.goBack();
      await page.getByRole("heading", { name: "Studio", level: 1 }).waitFor();
    }
    await withClockAfterTrial(suite.server, async () => {
      await createProject(page, "Four");
      const dialog = page.getByRole("dialog");
      await dialog.getByText("The Starter plan includes up to 3 projects").waitFor();
      await dialog.getByRole("link", { name: "See plans on the pricing page" }).click();
      await page.waitForURL("**/pricing");
    });
    await context.close();
  });

  it("shows 'Plane not found' for an unknown plane", async () => {
    const { context, page } = await signedInOnPlanes();
    await page.goto("/app/planes/00000000-0000-4000-8000-000000000000");
    await page.getByRole("heading", { name: "Plane not found" }).waitFor();
    await page.getByRole("link", { name: "Back to Planes" }).click();
    await page.waitForURL("**/app/planes");
    await context.close();
  });
});
