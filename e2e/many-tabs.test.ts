import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { openStreams } from "@/server/db/schema";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// Ten tabs of the dashboard share one change stream (one per browser, docs/decisions/004): with a
// stream each, Chromium's 6 connections per host left tab 6 without data and tab 7 unopened.
const suite = useSuite();

const TABS = 10;
const checkbox = (page: Page, title: string) => page.getByRole("checkbox", { name: `Mark "${title}" as done` });
const isLeader = (page: Page) => page.evaluate(() => document.documentElement.dataset.liveLeader === "true");
const leadersOf = async (pages: Page[]) => (await Promise.all(pages.map(isLeader))).filter(Boolean).length;

describe("many tabs of one browser", () => {
  it("ten tabs show their data and every change through one stream, also after the tab holding it closes", async () => {
    const { context, page, api, project, task, userId } = await onDashboard(suite, "tabs");
    const projectId = await project("Fleet");
    await task(projectId, "Hoist the sails");
    await checkbox(page, "Hoist the sails").waitFor();

    // The streams the server holds for this user, sampled all along.
    const openNow = async () => (await suite.server.services.database.db.select({ n: count() }).from(openStreams).where(eq(openStreams.userId, userId)))[0]!.n;
    let mostOpen = 0;
    const sampler = setInterval(() => void openNow().then((n) => (mostOpen = Math.max(mostOpen, n))), 100);
    let streamRequests = 0;
    context.on("request", (r) => void (new URL(r.url()).pathname.endsWith("/events") && (streamRequests += 1)));

    try {
      const others = await Promise.all(
        Array.from({ length: TABS - 1 }, async () => {
          const tab = await context.newPage();
          tab.setDefaultTimeout(20_000);
          await tab.goto("/app/dashboard");
          await checkbox(tab, "Hoist the sails").waitFor();
          return tab;
        }),
      );
      const pages = [page, ...others];
      // Their data showed; from here on, nothing may reload.
      await Promise.all(pages.map((p) => p.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true))));
      await expect.poll(() => leadersOf(pages), { timeout: 15_000 }).toBe(1);
      expect(streamRequests).toBe(0); // the first tab's stream serves the nine others
      await expect.poll(openNow, { timeout: 15_000 }).toBe(1);

      await api("POST", "/tasks", { project_id: projectId, title: "Trim the jib" });
      await Promise.all(pages.map((p) => checkbox(p, "Trim the jib").waitFor({ timeout: 20_000 })));
      expect(mostOpen).toBe(1);

      // The tab holding the stream closes: another takes over, and changes still reach them all.
      const leader = pages[(await Promise.all(pages.map(isLeader))).indexOf(true)]!;
      await leader.close();
      const remaining = pages.filter((p) => p !== leader);
      await expect.poll(() => leadersOf(remaining), { timeout: 15_000 }).toBe(1);
      // The new leader opens its stream; until the server has dropped the old one, openNow may still count that.
      await expect.poll(() => streamRequests, { timeout: 15_000 }).toBe(1);
      await expect.poll(openNow, { timeout: 15_000 }).toBe(1);
      await api("POST", "/tasks", { project_id: projectId, title: "Stow the anchor" });
      await Promise.all(remaining.map((p) => checkbox(p, "Stow the anchor").waitFor({ timeout: 20_000 })));
      expect(mostOpen).toBeLessThanOrEqual(2);
      const notReloaded = await Promise.all(remaining.map((p) => p.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)));
      expect(notReloaded).toEqual(remaining.map(() => true));
    } finally {
      clearInterval(sampler);
      await context.close();
    }
    // Ten dashboards start at once: on a 2-core runner that alone takes 15 s or more. The polls and
    // waits are generous for the same reason (a loaded CI run missed a leader within vitest's 1 s default).
  }, 120_000);
});
