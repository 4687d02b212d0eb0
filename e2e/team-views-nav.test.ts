import { describe, expect, it } from "vitest";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// Two small things only a browser shows: a saved view's delete button is there to see and to press
// (it used to appear only on focus), and a single task's page is not "All Tasks" in the sidebar.
const suite = useSuite();

describe("saved views and the sidebar", () => {
  it("a saved view's delete button is visible, named, and deletes it", async () => {
    const { context, page } = await onDashboard(suite, "views-delete");
    await page.goto("/app/tasks?priority=high");
    await page.getByRole("textbox", { name: "Name this view" }).fill("Urgent");
    await page.getByRole("button", { name: "Save view" }).click();
    const del = page.getByRole("button", { name: "Delete the view Urgent" });
    await del.waitFor();
    // Seen without focusing it first: not clipped to a pixel like a screen-reader-only element.
    const box = (await del.boundingBox())!;
    expect(box.width).toBeGreaterThan(40);
    expect(await del.isVisible()).toBe(true);
    await del.click();
    await expect.poll(() => del.count(), { timeout: 10_000 }).toBe(0);
    await context.close();
  });

  it("the sidebar marks All Tasks current on the list, not on a single task's page", async () => {
    const { context, page, api } = await onDashboard(suite, "nav-task");
    const { plane } = await api<{ plane: { id: string } }>("POST", "/planes", { name: "Week" });
    const { project } = await api<{ project: { id: string } }>("POST", "/projects", { plane_id: plane.id, name: "Launch" });
    const { task } = await api<{ task: { id: string } }>("POST", "/tasks", { project_id: project.id, title: "One task" });
    const allTasks = page.getByRole("navigation").getByRole("link", { name: "All Tasks" });
    await page.goto("/app/tasks");
    await expect.poll(() => allTasks.getAttribute("aria-current")).toBe("page");
    await page.goto(`/app/tasks/${task.id}`);
    await page.getByText("One task").first().waitFor();
    expect(await allTasks.getAttribute("aria-current")).toBeNull();
    expect(await page.locator('nav a[aria-current="page"]').count()).toBe(0);
    await context.close();
  });
});
