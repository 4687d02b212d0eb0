import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { memberships, organisations } from "@/server/db/schema";
import { newPage } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { seedVerifiedUser } from "./support/seed";
import { signInThroughUi } from "./support/users";
import { useSuite } from "./support/suite";

// Issue 12: views in the address (dashboard tab, project filters, onboarding step, organisation
// switch) and the keyboard focus when a task leaves the list it was in.
const suite = useSuite();

const atLocal = (dayOffset: number, hour: number) => {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + dayOffset, hour).toISOString();
};

const tab = (page: Page, name: string) => page.getByRole("tab", { name: new RegExp(`^${name}`) });
const selectedTab = (page: Page) => page.getByRole("tab", { selected: true }).textContent();
const checkbox = (page: Page, title: string) => page.getByRole("checkbox", { name: `Mark "${title}" as done` });
const search = (page: Page) => new URL(page.url()).searchParams;
/** What has the focus: a row's check button by its name, else the element's role. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    return el.getAttribute("role") === "checkbox" ? el.getAttribute("aria-label") : el.getAttribute("role");
  });
const announced = (page: Page) => page.getByTestId("live-announcer").textContent();

describe("views in the address", () => {
  it("keeps the dashboard's tab on reload, opens a shared ?tab=done and ignores an unknown one", async () => {
    const { context, page, api, project, task } = await onDashboard(suite, "views-tab");
    const projectId = await project("Harbour");
    await task(projectId, "Late chore", { due_at: atLocal(-2, 10) });
    await api("PATCH", `/tasks/${await task(projectId, "Finished chore")}`, { status: "done" });
    await page.reload();

    const entries = await page.evaluate(() => history.length);
    await tab(page, "Overdue").click();
    await expect.poll(() => search(page).get("tab")).toBe("overdue");
    await checkbox(page, "Late chore").waitFor();
    await tab(page, "Due Today").click();
    await expect.poll(() => search(page).get("tab")).toBe("today");
    await tab(page, "Overdue").click();
    // Switching tabs replaces the entry: Back does not walk through them.
    expect(await page.evaluate(() => history.length)).toBe(entries);

    await page.reload();
    await checkbox(page, "Late chore").waitFor();
    expect(await selectedTab(page)).toMatch(/^Overdue/);

    // The default tab has the plain address.
    await tab(page, "All").click();
    await expect.poll(() => page.url()).toMatch(/\/app(\/dashboard)?$/);

    await page.goto("/app/dashboard?tab=done");
    await page.getByRole("tabpanel").getByRole("button", { name: "Finished chore" }).waitFor();
    expect(await selectedTab(page)).toMatch(/^Done/);

    await page.goto("/app/dashboard?tab=%3Cscript%3E");
    await page.getByRole("tabpanel").getByRole("button", { name: "Late chore" }).waitFor();
    expect(await selectedTab(page)).toMatch(/^All/);
    await context.close();
  });

  it("keeps a project's view and search on reload", async () => {
    const { context, page, project, task } = await onDashboard(suite, "views-project");
    const projectId = await project("Dock");
    await task(projectId, "Paint the hull", { due_at: atLocal(-1, 9) });
    await task(projectId, "Paint the mast", { due_at: atLocal(-1, 11) });
    await task(projectId, "Order rope");
    await page.goto(`/app/projects/${projectId}?view=overdue`);
    await page.getByRole("button", { name: "Paint the mast" }).waitFor();
    expect(await selectedTab(page)).toBe("Overdue");
    await page.getByLabel("Search tasks").fill("hull");
    await expect.poll(() => search(page).get("q")).toBe("hull");
    await page.reload();
    await page.getByRole("button", { name: "Paint the hull" }).waitFor();
    expect(await page.getByLabel("Search tasks").inputValue()).toBe("hull");
    expect(await page.getByRole("button", { name: "Paint the mast" }).count()).toBe(0);
    expect(await selectedTab(page)).toBe("Overdue");
    await page.getByLabel("Search tasks").fill("");
    await expect.poll(() => search(page).has("q")).toBe(false);
    await context.close();
  });

  it("keeps the onboarding step on reload; the browser's Back goes a step back", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const user = await seedVerifiedUser(suite.server, "views-onboarding");
    await signInThroughUi(page, user);
    await page.waitForURL("**/app/onboarding");
    await page.getByText("Step 1 of 4").waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Step 2 of 4").waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Step 3 of 4").waitFor();
    expect(search(page).get("step")).toBe("2");

    await page.reload();
    await page.getByRole("heading", { name: "Import tasks" }).waitFor();
    await page.getByText("Step 3 of 4").waitFor();
    await page.getByText("Import", { exact: true }).waitFor();

    await page.goBack();
    await page.getByText("Step 2 of 4").waitFor();
    await page.goForward();
    await page.getByText("Step 3 of 4").waitFor();

    for (const bad of ["9", "-1", "two", "1.5"]) {
      await page.goto(`/app/onboarding?step=${bad}`);
      await page.getByText("Step 1 of 4").waitFor();
    }
    await context.close();
  });

  it("switching organisation on a project page lands on the new organisation's dashboard", async () => {
    const { context, page, project, userId } = await onDashboard(suite, "views-org");
    const projectId = await project("Lighthouse");
    const { db } = suite.server.services.database;
    const [other] = await db.insert(organisations).values({ name: "Second Harbour" }).returning();
    await db.insert(memberships).values({ orgId: other!.id, userId, role: "member", onboardedAt: new Date() });
    const stale: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes(`/organisations/${other!.id}/`) && r.url().includes(projectId)) stale.push(r.url());
    });

    await page.goto(`/app/projects/${projectId}`);
    await page.getByRole("heading", { name: "Lighthouse", level: 1 }).waitFor();
    await page.getByRole("combobox", { name: "Switch organisation" }).selectOption({ label: "Second Harbour" });
    await page.waitForURL("**/app/dashboard");
    await page.getByText("Everything in Second Harbour at a glance.").waitFor();
    expect(stale, "requests to the new organisation for the old page's ids").toEqual([]);

    // A link to the first organisation's project, opened while the second is current, opens the
    // project in its own organisation instead of saying it does not exist.
    const switcher = page.getByRole("combobox", { name: "Switch organisation" });
    const secondId = await switcher.inputValue();
    await page.goto(`/app/projects/${projectId}`);
    await page.getByRole("heading", { name: "Lighthouse", level: 1 }).waitFor();
    await expect.poll(() => switcher.inputValue()).not.toBe(secondId);
    expect(await page.getByText("Project not found").count()).toBe(0);
    await context.close();
  });
});

describe("focus when a task leaves the list", () => {
  it("ticking an overdue task with Space moves to the next task, then the previous, then the panel", async () => {
    const { context, page, project, task } = await onDashboard(suite, "focus-tick");
    const projectId = await project("Chores");
    await task(projectId, "First", { due_at: atLocal(-3, 10) });
    await task(projectId, "Second", { due_at: atLocal(-2, 10) });
    await task(projectId, "Third", { due_at: atLocal(-1, 10) });
    await page.goto("/app/dashboard?tab=overdue");
    await checkbox(page, "Third").waitFor();

    await checkbox(page, "First").focus();
    await page.keyboard.press("Space");
    await checkbox(page, "First").waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toBe('Mark "Second" as done');
    await expect.poll(() => announced(page)).toBe('Task "First" marked as done');

    // The last row goes: the one before it takes the focus.
    // Each row holds its check, its title and its open-in-panel link; Tab walks to the next row's check.
    for (let step = 0; step < 3; step++) await page.keyboard.press("Tab");
    expect(await focused(page)).toBe('Mark "Third" as done');
    await page.keyboard.press("Space");
    await expect.poll(() => focused(page)).toBe('Mark "Second" as done');
    await expect.poll(() => announced(page)).toBe('Task "Third" marked as done');

    // The list empties: the tab panel holds the focus and says why.
    await page.keyboard.press("Space");
    await page.getByText("No overdue tasks").waitFor();
    await expect.poll(() => focused(page)).toBe("tabpanel");
    await expect.poll(() => announced(page)).toBe('Task "Second" marked as done');
    const tree = await page.locator("body").ariaSnapshot();
    expect(tree).toMatch(/- status:\n\s+- paragraph: Task "Second" marked as done/);
    await context.close();
  });

  it("deleting a task from its dialog moves to the next row, and the last one to the panel", async () => {
    const { context, page, project, task } = await onDashboard(suite, "focus-delete");
    const projectId = await project("Dock");
    await task(projectId, "Fix the gate", { due_at: atLocal(1, 9) });
    await task(projectId, "Oil the hinge", { due_at: atLocal(2, 9) });
    await page.reload();
    await checkbox(page, "Oil the hinge").waitFor();

    const remove = async (title: string) => {
      await page.getByRole("button", { name: title }).focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Edit Task" });
      await dialog.getByRole("button", { name: "Delete" }).click();
      await page.getByRole("alertdialog", { name: "Delete this task?" }).getByRole("button", { name: "Delete Task" }).click();
      await dialog.waitFor({ state: "detached" });
      await page.getByRole("button", { name: title }).waitFor({ state: "detached" });
    };

    await remove("Fix the gate");
    await expect.poll(() => focused(page)).toBe('Mark "Oil the hinge" as done');
    // The toast is in sonner's polite live region, so it is read out without more.
    await page.locator('section[aria-live="polite"]').getByText("Task deleted").first().waitFor();

    await remove("Oil the hinge");
    await page.getByRole("tabpanel").getByText("No tasks yet").waitFor();
    await expect.poll(() => focused(page)).toBe("tabpanel");
    await context.close();
  });
});
