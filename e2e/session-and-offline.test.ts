import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Page, Route } from "playwright-core";
import { session, tasks } from "@/server/db/schema";
import { screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";
import { signInThroughUi } from "./support/users";

// A session that ends under an open dialog, a server that asks the tab to slow down, and a
// browser that goes offline: each says what happened, and nothing typed is lost.
const suite = useSuite();

/** A signed-in user on the dashboard with one project, "Boats". */
async function withProject(label: string) {
  const { user, context, page, orgId } = await onDashboard(suite, label, "light", "form");
  const orgPath = `/api/v1/organisations/${orgId}`;
  const plane = await (await page.request.post(`${orgPath}/planes`, { data: { name: "Fleet" } })).json();
  const created = await page.request.post(`${orgPath}/projects`, { data: { plane_id: plane.plane.id, name: "Boats", color: "#dc2626" } });
  expect(created.ok()).toBe(true);
  await page.goto("/app/dashboard");
  await page.getByRole("heading", { name: "Command Center" }).waitFor();
  return { user, context, page, orgId };
}

const openNewTask = async (page: Page) => {
  await page.getByRole("button", { name: "Quick Task" }).click();
  return page.getByRole("dialog", { name: "New Task" });
};

/** The task dialog's read of every project (projectsQuery), not the dashboard's one-row check. */
const isProjectList = (url: URL) => /\/api\/v1\/organisations\/[^/]+\/projects$/.test(url.pathname) && url.searchParams.get("limit") === "100";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text);

describe("sessions, limits and the network going away", () => {
  it("a session revoked under the task dialog goes to sign-in at once and comes back with the draft", async () => {
    const { user, context, page, orgId } = await withProject("expired");
    const dialog = await openNewTask(page);
    await dialog.getByLabel("Title").fill("Caulk the seams");
    await dialog.getByLabel("Project").selectOption({ label: "Boats" });
    await dialog.getByLabel("Priority").selectOption("high");
    await dialog.getByLabel("Description").fill("Before the spring tide");

    await suite.server.services.database.db.delete(session).where(eq(session.userId, user.id));
    await dialog.getByRole("button", { name: "Create Task" }).click();

    await page.waitForURL((url) => url.pathname === "/auth");
    expect(new URL(page.url()).searchParams.get("returnTo")).toBe("/app/dashboard");
    await page.getByRole("status").filter({ hasText: "Your session expired. Sign in again to pick up where you left off." }).waitFor();
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();

    await page.waitForURL((url) => url.pathname === "/app/dashboard");
    const restored = page.getByRole("dialog", { name: "New Task" });
    await restored.getByText("Restored your unsaved draft").waitFor();
    expect(await restored.getByLabel("Title").inputValue()).toBe("Caulk the seams");
    expect(await restored.getByLabel("Description").inputValue()).toBe("Before the spring tide");
    expect(await restored.getByLabel("Priority").inputValue()).toBe("high");
    expect(await restored.getByLabel("Project").locator("option:checked").textContent()).toBe("Boats");
    // Nothing went out with the refused request; it is saved now, once.
    expect(await suite.server.services.database.db.select().from(tasks).where(eq(tasks.orgId, orgId))).toHaveLength(0);
    await restored.getByRole("button", { name: "Create Task" }).click();
    await toast(page, "Task created").waitFor();
    expect(await suite.server.services.database.db.select().from(tasks).where(eq(tasks.orgId, orgId))).toHaveLength(1);

    // Opened again, the dialog is empty: the draft was used up.
    await page.reload();
    await page.getByRole("heading", { name: "Command Center" }).waitFor();
    const again = await openNewTask(page);
    expect(await again.getByLabel("Title").inputValue()).toBe("");
    expect(await again.getByText("Restored your unsaved draft").count()).toBe(0);
    await context.close();
  });

  it("the session check noticing the end first also keeps the draft: the project dialog restores it when opened again", async () => {
    const { user, context, page } = await withProject("checked");
    await page.getByRole("button", { name: "New AI Project" }).click();
    const dialog = page.getByRole("dialog", { name: /project/i });
    await dialog.getByLabel("Name").fill("Regatta");
    await dialog.getByLabel("Description").fill("Autumn race");

    await suite.server.services.database.db.delete(session).where(eq(session.userId, user.id));
    // The tab coming back into view is when better-auth asks for the session again.
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await page.waitForURL((url) => url.pathname === "/auth");
    await signInThroughUi(page, user); // the same tab: session storage keeps the address and the draft
    await page.waitForURL((url) => url.pathname === "/app/dashboard");

    await page.getByRole("button", { name: "New AI Project" }).click();
    await dialog.getByText("Restored your unsaved draft").waitFor();
    expect(await dialog.getByLabel("Name").inputValue()).toBe("Regatta");
    expect(await dialog.getByLabel("Description").inputValue()).toBe("Autumn race");
    await context.close();
  });

  it("a 429 says how long to wait, and the dialog keeps what was typed", async () => {
    const { context, page } = await withProject("limited");
    await page.route("**/api/v1/organisations/*/tasks", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 429, headers: { "Retry-After": "30" }, json: { error: { code: "rate_limited", message: "Too many requests. Please wait 30 seconds and try again." } } })
        : route.continue(),
    );
    const dialog = await openNewTask(page);
    await dialog.getByLabel("Title").fill("Trim the sails");
    await dialog.getByLabel("Project").selectOption({ label: "Boats" });
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await toast(page, "Too many requests. Try again in 30 seconds.").waitFor();
    expect(await dialog.getByLabel("Title").inputValue()).toBe("Trim the sails");
    await context.close();
  });

  it("offline, the task dialog says so instead of loading, refuses to save and keeps the text; online, it saves", async () => {
    const { context, page, orgId } = await withProject("offline");
    // The dialog's code loads once the dashboard has settled (task-dialog-provider.tsx): gone
    // offline before that, it never came, and the dialog never opened (the flake). Opened once
    // online, its code is in the page; its project list is held back meanwhile and cut off once
    // offline, so the list is not at hand when it opens again.
    const held: Route[] = [];
    await page.route(isProjectList, (route) => void held.push(route));
    const first = await openNewTask(page);
    await expect.poll(() => held.length > 0).toBe(true);
    await page.keyboard.press("Escape");
    await first.waitFor({ state: "detached" });
    await context.setOffline(true);
    // The page hears it before the dialog asks: a read started while the tab still thought itself
    // online could slip through.
    await page.waitForFunction(() => !navigator.onLine);
    await Promise.all(held.map((route) => route.abort("internetdisconnected")));
    await page.unroute(isProjectList);
    const dialog = await openNewTask(page);
    await dialog.getByText("You are offline. This will load once the network is back.").waitFor();
    await screenshotForReview(page, "offline-dialog-loading");

    await context.setOffline(false);
    await dialog.getByLabel("Title").fill("Scrape the keel");
    await dialog.getByLabel("Project").selectOption({ label: "Boats" });
    await context.setOffline(true);
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await toast(page, "You are offline: nothing was saved.").waitFor();
    await screenshotForReview(page, "offline-dialog-save");
    expect(await dialog.getByLabel("Title").inputValue()).toBe("Scrape the keel");
    expect(await dialog.getByRole("button", { name: "Create Task" }).isEnabled()).toBe(true);

    // Back online nothing goes out by itself: only the user's next click saves, once.
    await context.setOffline(false);
    await page.waitForTimeout(500);
    expect(await suite.server.services.database.db.select().from(tasks).where(eq(tasks.orgId, orgId))).toHaveLength(0);
    await dialog.getByRole("button", { name: "Create Task" }).click();
    await toast(page, "Task created").waitFor();
    await dialog.waitFor({ state: "detached" });
    expect(await suite.server.services.database.db.select().from(tasks).where(eq(tasks.orgId, orgId))).toHaveLength(1);
    await context.close();
  });
});
