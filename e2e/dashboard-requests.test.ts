import { describe, expect, it } from "vitest";
import type { Page, Request } from "playwright-core";
import { onDashboard } from "./support/dashboard-user";
import { pathOf, recordGets } from "./support/record-gets";
import { useSuite } from "./support/suite";

// What one change costs a dashboard tab: only the queries showing the changed entity ask again.
const suite = useSuite();

const ORG_API = /^\/api\/v1\/organisations\/[^/]+(\/[^?]*)/;
/** The organisation API GETs the page makes, as endpoints such as "/tasks/counts". */
const endpointOf = (r: Request) => ORG_API.exec(pathOf(r))?.[1];
const recordEndpoints = (page: Page) => recordGets(page, endpointOf);

const tab = (page: Page, name: string) => page.getByRole("tab", { name: new RegExp(`^${name}`) });

describe("the requests a change causes in a dashboard tab", () => {
  it("a task created elsewhere, and one ticked here, refetch only task lists and counts, once", async () => {
    const { context, page, project, task } = await onDashboard(suite, "requests");
    const projectId = await project("Rigging");
    await task(projectId, "Check the mast");
    const gets = recordEndpoints(page);
    await page.reload();
    await page.getByRole("checkbox", { name: 'Mark "Check the mast" as done' }).waitFor();
    await gets.settled();

    // (i) A remote change: the same user, through the API, not through this tab.
    gets.reset();
    await task(projectId, "Tar the ropes");
    await page.getByRole("checkbox", { name: 'Mark "Tar the ropes" as done' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => tab(page, "All").textContent()).toBe("All2");
    await gets.settled();
    expect(gets.endpoints()).toEqual(["/tasks", "/tasks/counts"]);

    // (ii) A tick here: the PATCH, then one refetch of what shows tasks; the feed's echo adds none.
    gets.reset();
    const patched = page.waitForResponse((r) => r.request().method() === "PATCH");
    await page.getByRole("checkbox", { name: 'Mark "Check the mast" as done' }).click();
    expect((await patched).ok()).toBe(true);
    await gets.settled();
    expect(gets.endpoints()).toEqual(["/tasks", "/tasks/counts"]);
    expect(gets.count()).toBe(gets.endpoints().length);
    await expect.poll(() => tab(page, "Done").textContent()).toBe("Done1");
    await context.close();
  });

  it("the command palette asks for nothing until it opens", async () => {
    const { context, page, project } = await onDashboard(suite, "palette-requests");
    await project("Galley");
    const gets = recordEndpoints(page);
    await page.reload();
    await page.getByText("No tasks yet").waitFor();
    await gets.settled();
    expect(gets.endpoints()).not.toContain("/planes");
    await page.keyboard.press("Control+k");
    await page.getByRole("dialog", { name: "Command palette" }).getByRole("option", { name: "Galley plane" }).waitFor();
    expect(gets.endpoints()).toContain("/planes");
    await context.close();
  });

  it("a tab left open past local midnight asks again for the new day's lists and counts", async () => {
    const { context, page, project, task } = await onDashboard(suite, "midnight");
    await task(await project("Night watch"), "Light the lamps");
    const now = new Date();
    const at = (h: number, m: number, sec: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate(), h, m, sec);
    await page.clock.install({ time: at(23, 58, 0) });
    await page.reload();
    await page.getByRole("checkbox", { name: 'Mark "Light the lamps" as done' }).waitFor();
    // From here the page's clock moves only when told, so what happens next is the midnight timer's
    // doing (armed for one second past midnight), not a focus, a render or a stale-time refetch.
    const gets = recordEndpoints(page);
    await page.clock.pauseAt(at(23, 59, 58));
    // The jump to 23:59:58 fires the session's 30 s refetch; its answer re-renders the page, which
    // must happen before midnight or the render itself, not the timer, would find the new day.
    await gets.settled();
    gets.reset();
    await page.clock.runFor(2_500); // 00:00:00.5: a new day, but before the timer
    await gets.settled();
    expect(gets.endpoints()).toEqual([]);
    await page.clock.runFor(1_000); // 00:00:01.5: the timer has fired
    // The agent tiles' "jobs today" is a figure of the day too.
    await expect.poll(() => gets.endpoints(), { timeout: 10_000 }).toEqual(["/agents/summary", "/tasks", "/tasks/counts"]);
    await page.clock.resume();
    await context.close();
  });
});
