import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { memberships, organisations } from "@/server/db/schema";
import { axeViolations } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// The command palette, driven by the keyboard alone once signed in.
const suite = useSuite();

type Seeded = { id: string };


/** Reloads and waits for the shell, whose keyboard shortcut only listens once it has rendered. */
async function reload(page: Page) {
  await page.reload();
  await page.getByRole("heading", { name: "Command Center" }).waitFor();
}

const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });
const input = (page: Page) => page.getByPlaceholder("Type a command or search...");
const option = (page: Page, name: string) => palette(page).getByRole("option", { name, exact: true });
const group = (page: Page, name: string) => palette(page).getByRole("group", { name });

// The dialog focuses its box in an effect, a moment after it shows: type once the box has it.
const inputFocused = (page: Page) => expect.poll(() => input(page).evaluate((el) => el === document.activeElement)).toBe(true);

async function openAndType(page: Page, text: string) {
  await page.keyboard.press("Control+k");
  await inputFocused(page);
  await page.keyboard.type(text);
}

describe("the command palette", () => {
  it("opens and closes with Ctrl+K, filters as you type and runs the chosen command with Enter", async () => {
    const { context, page } = await onDashboard(suite, "keys");
    await reload(page); // no sign-in toast left over for axe to judge
    await page.keyboard.press("Control+k");
    await input(page).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("placeholder"))).toBe("Type a command or search...");
    for (const name of ["New Project", "New Task", "Open Today", "View Planes", "Connect Gmail", "Open Integrations"]) await option(page, name).waitFor();
    await group(page, "Actions").waitFor();
    await group(page, "Navigation").waitFor();
    expect(await group(page, "Switch Plane").count()).toBe(0);
    expect(await group(page, "Switch Organisation").count()).toBe(0);
    expect(await palette(page).locator("[cmdk-list]").evaluate((el) => getComputedStyle(el).maxHeight)).toBe("300px");
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Control+k");
    await palette(page).waitFor({ state: "detached" });

    await openAndType(page, "view pla");
    await option(page, "View Planes").waitFor();
    expect(await option(page, "New Task").count()).toBe(0);
    expect(await option(page, "View Planes").getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/app/planes");
    await palette(page).waitFor({ state: "detached" });

    await openAndType(page, "zzqqxx");
    await palette(page).getByText("No results found.").waitFor();
    await page.keyboard.press("Escape");
    await palette(page).waitFor({ state: "detached" });
    await openAndType(page, "open today");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/app/dashboard");
    await context.close();
  });

  it("New Task opens the task dialog, which the keyboard can fill and submit", async () => {
    const { context, page, api } = await onDashboard(suite, "newtask");
    const { plane } = await api<{ plane: Seeded }>("POST", "/planes", { name: "Home" });
    await api("POST", "/projects", { plane_id: plane.id, name: "Garden" });
    await reload(page);
    await openAndType(page, "new task");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "New Task" });
    await dialog.getByLabel("Title").waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("task-title");
    await page.keyboard.type("Water the roses");
    await page.keyboard.press("Enter"); // the only project is chosen already
    await page.getByText("Task created").waitFor();
    await page.getByRole("checkbox", { name: 'Mark "Water the roses" as done' }).waitFor();
    await context.close();
  });

  it("finds tasks and projects by name and lists the planes to switch to", async () => {
    const { context, page, api } = await onDashboard(suite, "search");
    const { plane } = await api<{ plane: Seeded }>("POST", "/planes", { name: "Marina" });
    await api("POST", "/planes", { name: "Shipyard" });
    const { project } = await api<{ project: Seeded }>("POST", "/projects", { plane_id: plane.id, name: "Lighthouse", color: "#f59e0b" });
    await api("POST", "/tasks", { project_id: project.id, title: "Anchor inspection" });
    await reload(page);

    await openAndType(page, "anchor");
    await group(page, "Tasks").getByRole("option", { name: /Anchor inspection/ }).waitFor();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Edit Task" });
    expect(await dialog.getByLabel("Title").inputValue()).toBe("Anchor inspection");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    await openAndType(page, "lighth");
    await group(page, "Projects").getByRole("option", { name: "Lighthouse" }).waitFor();
    await expect.poll(() => group(page, "Projects").getByRole("option", { name: "Lighthouse" }).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Enter");
    await page.waitForURL(`**/app/projects/${project.id}`);

    await page.keyboard.press("Control+k");
    const planes = group(page, "Switch Plane");
    await planes.getByRole("option", { name: /Shipyard/ }).waitFor();
    await planes.getByRole("option", { name: /Marina/ }).waitFor();
    await inputFocused(page);
    await page.keyboard.type("marina");
    await page.keyboard.press("Enter");
    await page.waitForURL(`**/app/planes/${plane.id}`);
    await context.close();
  });

  it("switches organisation when the user belongs to more than one", async () => {
    const { context, page, userId } = await onDashboard(suite, "orgs");
    const [other] = await suite.server.services.database.db.insert(organisations).values({ name: "Second Harbour" }).returning();
    await suite.server.services.database.db.insert(memberships).values({ orgId: other!.id, userId, role: "member" });
    await reload(page);
    await page.keyboard.press("Control+k");
    const orgs = group(page, "Switch Organisation");
    await orgs.getByRole("option").nth(1).waitFor();
    expect(await orgs.getByRole("option").count()).toBe(2);
    await inputFocused(page);
    await page.keyboard.type("second harb");
    await page.keyboard.press("Enter");
    await page.getByText("Switched to Second Harbour").waitFor();
    await expect.poll(() => page.getByRole("combobox", { name: "Switch organisation" }).inputValue()).toBe(other!.id);
    await context.close();
  });
});
