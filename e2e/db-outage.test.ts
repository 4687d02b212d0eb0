import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { openPostgres } from "@/server/db/client";
import { tasks } from "@/server/db/schema";
import { publishChange } from "@/server/lib/events";
import { openProxiedDatabase, type ProxiedDatabase } from "@/server/testing/tcp-proxy";
import { axeViolations, screenshotForReview } from "./support/browser";
import { onDashboard } from "./support/dashboard-user";
import { requirePostgresForJourney } from "./support/proxied-postgres";
import { membershipsOf } from "./support/seed";
import { useSuite } from "./support/suite";

// The database goes away under an open dashboard and comes back: the app runs on a PostgreSQL
// server through a TCP proxy the test cuts, as a restart or a failover would look from the app.
const postgresUrl = requirePostgresForJourney("db-outage");

const checkbox = (page: Page, title: string) => page.getByRole("checkbox", { name: `Mark "${title}" as done` });

/** Another instance of the app, connected to the database directly, writes a task and announces it. */
async function createTaskElsewhere(directUrl: string, orgId: string, projectId: string, title: string) {
  const other = await openPostgres(directUrl, 1);
  try {
    await other.db.transaction(async (tx) => {
      const [row] = await tx.insert(tasks).values({ orgId, projectId, title }).returning({ id: tasks.id });
      await publishChange(tx, orgId, { entity: "task", id: row!.id, action: "created" });
    });
  } finally {
    await other.close();
  }
}

describe.skipIf(!postgresUrl)("when the database goes away", () => {
  let outage: ProxiedDatabase | undefined;
  // Streams check their session and membership every second, so checks fail during the outage:
  // that must not end them as if the user had signed out.
  const suite = useSuite({ STREAM_ACCESS_CHECK_MS: "1000" }, { database: async () => (outage = await openProxiedDatabase(postgresUrl!)).database });

  it("the dashboard says it is reconnecting, once, recovers by itself and shows what changed meanwhile", async () => {
    const { context, page, api, project, task, userId } = await onDashboard(suite, "outage");
    const [membership] = await membershipsOf(suite.server, userId);
    const projectId = await project("Harbour");
    await task(projectId, "Coil the ropes");
    await checkbox(page, "Coil the ropes").waitFor(); // heard on the change feed
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const banner = page.getByRole("status").filter({ hasText: "Reconnecting…" });
    const unsaved = page.getByText("The server cannot be reached right now, so your change was not saved.");

    outage!.proxy.cut();
    // Two ticks that cannot be saved: each is put back, and the user is told once, not twice.
    for (let i = 0; i < 2; i++) {
      const answered = page.waitForResponse((r) => r.request().method() === "PATCH");
      await checkbox(page, "Coil the ropes").click();
      expect((await answered).status()).toBe(503);
      await expect.poll(() => checkbox(page, "Coil the ropes").getAttribute("aria-checked")).toBe("false");
    }
    await banner.waitFor();
    expect(await unsaved.count()).toBe(1);
    expect(await page.getByText("Error", { exact: true }).count()).toBe(0);
    await screenshotForReview(page, "outage-banner");
    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "dark" });
    // The theme fades over; the spinner's own animation never ends, so only transitions are awaited.
    await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await page.evaluate(async () => {
      await new Promise(requestAnimationFrame);
      // A transition that is replaced by another one rejects its `finished`: it is over all the same.
      await Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined)));
    });
    await screenshotForReview(page, "outage-banner-dark");
    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });

    // Meanwhile another instance of the app, whose database connection held, adds a task: this
    // server's LISTEN is down, so nobody here hears of it.
    await createTaskElsewhere(outage!.directUrl, membership!.orgId, projectId, "Written during the outage");

    outage!.proxy.restore();
    await banner.waitFor({ state: "hidden", timeout: 20_000 });
    await checkbox(page, "Written during the outage").waitFor({ timeout: 10_000 });

    // And the change feed works again: a task made in another tab appears here.
    await api("POST", "/tasks", { project_id: projectId, title: "Written after the outage" });
    await checkbox(page, "Written after the outage").waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // Without a network the bar says so, and goes once the network is back.
    await context.setOffline(true);
    await page.getByRole("status").filter({ hasText: "You are offline." }).waitFor();
    await context.setOffline(false);
    await banner.waitFor({ state: "hidden" });
    await context.close();
  });
});
