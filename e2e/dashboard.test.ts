import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { gate } from "@/server/testing/gate";
import { axeViolations, switchScheme } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { withClockAfterTrial } from "./support/seed";
import { useSuite } from "./support/suite";

// The Command Center: Quick Task, the four tabs and their counts, the check button, edit and delete.
const suite = useSuite();

type Seeded = { id: string };


const atLocal = (dayOffset: number, hour: number) => {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + dayOffset, hour).toISOString();
};

const tab = (page: Page, name: string) => page.getByRole("tab", { name: new RegExp(`^${name}`) });
const count = async (page: Page, name: string) => (await tab(page, name).textContent())?.replace(name, "").trim();
const expectCounts = async (page: Page, want: Record<string, string>) => {
  for (const [name, value] of Object.entries(want)) await expect.poll(() => count(page, name), { message: name }).toBe(value);
};
const checkbox = (page: Page, title: string, done = false) => page.getByRole("checkbox", { name: `Mark "${title}" as ${done ? "not done" : "done"}` });
const panel = (page: Page) => page.getByRole("tabpanel");

describe("the dashboard", () => {
  it("Quick Task checks its fields, creates a task and lists it under All", async () => {
    const { context, page, project } = await onDashboard(suite, "quick");
    await project("Website");
    await project("Boats", "#dc2626");
    await page.reload();
    await page.getByRole("button", { name: "Quick Task" }).click();
    const dialog = page.getByRole("dialog", { name: "New Task" });
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await dialog.getByRole("alert").getByText("Please fill in title and select a project").waitFor();
    await dialog.getByLabel("Title").fill("Paint the hull");
    await dialog.getByLabel("Project").selectOption({ label: "Boats" });
    expect(await dialog.getByLabel("Priority").inputValue()).toBe("medium");
    await dialog.getByLabel("Priority").selectOption("high");
    await dialog.getByLabel("Due date").fill("2031-05-04T09:30");
    await dialog.getByLabel("Description").fill("Two coats");
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await page.getByText("Task created").waitFor();
    await dialog.waitFor({ state: "detached" });
    const row = page.getByRole("listitem").filter({ has: checkbox(page, "Paint the hull") });
    await row.getByText("Boats").waitFor();
    await row.getByText("High").waitFor();
    expect(await row.locator("time").getAttribute("datetime")).toBe(new Date("2031-05-04T09:30").toISOString());
    await expectCounts(page, { All: "1", "Due Today": "0", Overdue: "0", Done: "0" });
    await context.close();
  });

  it("the check button moves a task to Done and back; the counts follow", async () => {
    const { context, page, project, task } = await onDashboard(suite, "toggle");
    await task(await project("Chores"), "Sweep the deck", { due_at: atLocal(-1, 10) });
    await page.reload();
    await expectCounts(page, { All: "1", Overdue: "1", Done: "0" });
    await checkbox(page, "Sweep the deck").click();
    expect(await checkbox(page, "Sweep the deck", true).getAttribute("aria-checked")).toBe("true");
    await expectCounts(page, { All: "1", Overdue: "0", Done: "1" });
    await tab(page, "Done").click();
    await checkbox(page, "Sweep the deck", true).click();
    await panel(page).getByText("No completed tasks").waitFor();
    await expectCounts(page, { All: "1", Overdue: "1", Done: "0" });
    await tab(page, "Overdue").click();
    await checkbox(page, "Sweep the deck").waitFor();
    await context.close();
  });

  it("shows the change at once and rolls it back with a toast when saving fails", async () => {
    const { context, page, project, task } = await onDashboard(suite, "rollback");
    await task(await project("Chores"), "Coil the ropes");
    await page.reload();
    const saving = gate();
    await page.route("**/api/v1/organisations/*/tasks/*", async (route) => {
      if (route.request().method() !== "PATCH") return route.continue();
      await saving.opened;
      await route.fulfill({ status: 500, json: { error: { code: "internal", message: "Something broke" } } });
    });
    await checkbox(page, "Coil the ropes").click();
    // Before the server has answered:
    await checkbox(page, "Coil the ropes", true).waitFor();
    await expectCounts(page, { Done: "1" });
    saving.open();
    await page.getByText("Failed to update task").waitFor();
    await checkbox(page, "Coil the ropes").waitFor();
    expect(await checkbox(page, "Coil the ropes").getAttribute("aria-checked")).toBe("false");
    await expectCounts(page, { All: "1", Done: "0" });
    await context.close();
  });

  it("counts and lists tasks due today, overdue, done and undated under their tabs", async () => {
    const { context, page, api, project, task } = await onDashboard(suite, "tabs");
    const projectId = await project("Harbour");
    await task(projectId, "Someday task");
    await task(projectId, "Today task", { due_at: atLocal(0, 12) });
    await task(projectId, "Late task", { due_at: atLocal(-2, 9) });
    const done = await task(projectId, "Finished task", { due_at: atLocal(-3, 9) });
    await api("PATCH", `/tasks/${done}`, { status: "done" });
    await page.reload();
    await expectCounts(page, { All: "4", "Due Today": "1", Overdue: "1", Done: "1" });
    const titles = () => panel(page).getByRole("checkbox").evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")?.match(/"(.*)"/)?.[1]));
    expect(await titles()).toEqual(["Finished task", "Late task", "Today task", "Someday task"]); // due soonest first, undated last
    const overdueTime = panel(page).getByRole("listitem").filter({ hasText: "Late task" }).locator("time");
    expect(await overdueTime.textContent()).toMatch(/^Overdue: /);
    expect(await overdueTime.getAttribute("class")).toContain("text-destructive");
    for (const [name, want] of [["Due Today", "Today task"], ["Overdue", "Late task"], ["Done", "Finished task"]] as const) {
      await tab(page, name).click();
      await expect.poll(titles, { message: name }).toEqual([want]);
    }
    await context.close();
  });

  it("shows the empty text of each tab", async () => {
    const { context, page, project } = await onDashboard(suite, "empty");
    await project("Quiet");
    await page.reload();
    const texts = { All: "No tasks yet", "Due Today": "No tasks due today", Overdue: "No overdue tasks", Done: "No completed tasks" };
    for (const [name, text] of Object.entries(texts)) {
      await tab(page, name).click();
      await panel(page).getByText(text, { exact: true }).waitFor();
    }
    await context.close();
  });

  it("without projects it shows the Tasks card with its four tabs beside the way to start one, and so does the task dialog", async () => {
    const { context, page } = await onDashboard(suite, "noprojects");
    await page.getByRole("heading", { name: "Get Started with Your First Project" }).waitFor();
    await expect.poll(() => page.getByRole("tab").allTextContents()).toEqual(["All0", "Due Today0", "Overdue0", "Done0"]);
    await page.getByRole("button", { name: "Quick Task" }).click();
    await page.getByRole("dialog", { name: "New Task" }).getByRole("link", { name: "Go to Planes" }).click();
    await page.waitForURL("**/app/planes");
    await page.goto("/app/dashboard");
    await page.getByRole("link", { name: "Go to Planes" }).click();
    await page.waitForURL("**/app/planes");
    await context.close();
  });

  it("edits a task from its title and deletes it after confirmation", async () => {
    const { context, page, project, task } = await onDashboard(suite, "edit");
    await task(await project("Dock"), "Fix the gate", { priority: "low" });
    await page.reload();
    await page.getByRole("button", { name: "Fix the gate" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    expect(await dialog.getByLabel("Title").inputValue()).toBe("Fix the gate");
    expect(await dialog.getByLabel("Priority").inputValue()).toBe("low");
    await dialog.getByLabel("Title").fill("Fix the harbour gate");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Task updated").waitFor();
    await page.getByRole("button", { name: "Fix the harbour gate" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this task?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await confirm.getByRole("button", { name: "Delete Task" }).click();
    await page.getByText("Task deleted").waitFor();
    await dialog.waitFor({ state: "detached" });
    await panel(page).getByText("No tasks yet").waitFor();
    await expectCounts(page, { All: "0" });
    await context.close();
  });

  it("the sidebar's New AI Project creates a project from here, and at the plan limit links to pricing", async () => {
    const { context, page, api, project } = await onDashboard(suite, "newproject");
    await project("First");
    await page.reload();
    await page.getByRole("button", { name: "New AI Project" }).click();
    const dialog = page.getByRole("dialog", { name: "New Project" });
    await dialog.getByLabel("Name").fill("Second");
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await page.getByText('Project "Second" created').waitFor();
    const { projects } = await api<{ projects: Seeded[] }>("GET", "/projects");
    expect(projects).toHaveLength(2);
    await project("Third");
    await withClockAfterTrial(suite.server, async () => {
      await page.goto("/app/dashboard");
      await page.getByRole("button", { name: "New AI Project" }).click();
      await dialog.getByLabel("Name").fill("Fourth");
      await dialog.getByRole("button", { name: "Create Project" }).click();
      await dialog.getByText("The Starter plan includes up to 3 projects", { exact: false }).waitFor();
      await dialog.getByRole("link", { name: "See plans on the pricing page" }).click();
      await page.waitForURL("**/pricing");
    });
    await context.close();
  });

  it("has no axe violations in the light and dark themes with the task dialog closed and open", async () => {
    // One user and page for both themes: the scheme is switched on the page, which the app follows
    // (theme.ts, for a user who never picked one), rather than a new user and page per theme.
    const { context, page, project, task } = await onDashboard(suite, "axe");
    const projectId = await project("Fleet");
    await task(projectId, "Check engines", { due_at: atLocal(-1, 8), priority: "high" });
    await task(projectId, "Order fuel", { due_at: atLocal(0, 15) });
    await task(projectId, "Wash the sails", { priority: "low" });
    await page.reload();
    await checkbox(page, "Order fuel").waitFor();
    expect(await axeViolations(page), "light, closed").toEqual([]);
    await switchScheme(page, "dark");
    expect(await axeViolations(page), "dark, closed").toEqual([]);
    await page.getByRole("button", { name: "Quick Task" }).click();
    await page.getByRole("dialog", { name: "New Task" }).getByLabel("Title").waitFor();
    expect(await axeViolations(page), "dark, open").toEqual([]);
    await switchScheme(page, "light");
    expect(await axeViolations(page), "light, open").toEqual([]);
    await context.close();
  });
});
