import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { axeViolations, newPage } from "./support/browser";
import { seedVerifiedUser } from "./support/seed";
import { signInThroughUi } from "./support/users";
import { useSuite } from "./support/suite";

const suite = useSuite();

/** A JSON call from inside the signed-in page: same origin, same session cookie. */
async function call<T>(page: Page, path: string, body?: unknown, method = "POST"): Promise<T> {
  return page.evaluate(
    async ({ path, body, method }) => {
      const orgId = localStorage.getItem("whq.currentOrgId");
      const res = await fetch(`/api/v1/organisations/${orgId}${path}`, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { path, body, method },
  ) as Promise<T>;
}

/** Noon local time, `days` from today, as the browser sees it. */
const noon = (page: Page, days: number) =>
  page.evaluate((days) => {
    const d = new Date();
    d.setDate(d.getDate() + days);
    d.setHours(12, 0, 0, 0);
    return d.toISOString();
  }, days);

const tasksList = (page: Page) => page.getByRole("list", { name: "Tasks" });
const shownTitles = async (page: Page) => (await tasksList(page).getByRole("button").allTextContents()).sort();

describe("the project page", () => {
  it("lists and filters the project's tasks, edits the project and deletes it after confirming", async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url, { skipOnboarding: true });
    await signInThroughUi(page, await seedVerifiedUser(suite.server, "project"));
    await page.waitForURL((url) => url.pathname === "/app" || url.pathname === "/app/dashboard");
    await page.waitForFunction(() => localStorage.getItem("whq.currentOrgId"));

    const { plane } = await call<{ plane: { id: string } }>(page, "/planes", { name: "Marina", type: "business" });
    const { project } = await call<{ project: { id: string } }>(page, "/projects", { plane_id: plane.id, name: "Harbour", color: "#6366f1" });
    const add = (title: string, due_at: string | null) => call<{ task: { id: string } }>(page, "/tasks", { title, project_id: project.id, due_at });
    await add("Write brief", await noon(page, 0));
    await add("Fix leak", await noon(page, -1));
    await add("Someday idea", null);
    const { task: done } = await add("Old chore", null);
    await call(page, `/tasks/${done.id}`, { status: "done" }, "PATCH");

    await page.goto(`/app/projects/${project.id}`);
    await page.getByRole("heading", { name: "Harbour", level: 1 }).waitFor();
    await page.getByRole("link", { name: "Plane: Marina" }).waitFor();
    await tasksList(page).getByRole("button", { name: "Old chore" }).waitFor();
    expect(await shownTitles(page)).toEqual(["Fix leak", "Old chore", "Someday idea", "Write brief"]);
    expect(await axeViolations(page)).toEqual([]);

    const filters: [string, string[]][] = [["Today", ["Write brief"]], ["Overdue", ["Fix leak"]], ["Done", ["Old chore"]]];
    for (const [tab, titles] of filters) {
      await page.getByRole("tab", { name: tab }).click();
      // Poll the titles, not the row count: Today and Overdue both hold one row, so a count
      // would pass on the old list before the new one has loaded.
      await expect.poll(() => shownTitles(page), { message: tab }).toEqual(titles);
    }
    await page.getByRole("tab", { name: "All" }).click();
    await page.getByLabel("Search tasks").fill("leak");
    await expect.poll(() => shownTitles(page)).toEqual(["Fix leak"]);
    await page.getByLabel("Search tasks").fill("");

    await page.getByRole("button", { name: "Add Task" }).click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "Edit Project" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name", { exact: true }).fill("Harbour Site");
    await dialog.getByRole("button", { name: "Colour #10b981" }).click();
    await dialog.getByLabel("Status").selectOption("paused");
    await dialog.getByLabel("Website URL").fill("not a url");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await dialog.getByText("Give a full address starting with https://").waitFor();
    await dialog.getByLabel("Website URL").fill("https://example.com");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("heading", { name: "Harbour Site", level: 1 }).waitFor();
    await page.getByText("Paused", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "example.com" }).getAttribute("href")).toBe("https://example.com");
    const saved = await call<{ project: { color: string; status: string } }>(page, `/projects/${project.id}`, undefined, "GET");
    expect(saved.project).toMatchObject({ color: "#10b981", status: "paused" });

    await page.getByRole("button", { name: "Delete Project" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText('"Harbour Site" and its 4 tasks will be deleted.').waitFor();
    await confirm.getByRole("button", { name: "Delete Project" }).click();
    await page.waitForURL(`**/app/planes/${plane.id}`);
    await page.getByText("No projects in this plane yet").waitFor();
    await context.close();
  });
});
