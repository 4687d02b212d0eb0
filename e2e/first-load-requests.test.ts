import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { onDashboard } from "./support/dashboard-user";
import { pathOf, recordGets } from "./support/record-gets";
import { useSuite } from "./support/suite";

// A first load asks for each page's first data early, while its code is on its way
// (src/web/lib/early-reads.ts). What it asks must be what the page itself asks, path and query
// string alike, or the answer goes unused and the page asks again.
const suite = useSuite();

/** Every API GET from now on, path and query, ids as ":id"; quiet after 0.6 s without a request. */
const recordApiGets = (page: Page) => recordGets(page, (r) => (new URL(r.url()).pathname.startsWith("/api/") ? pathOf(r, true) : undefined), { quietMs: 600, timeout: 20_000 });

describe("a first load's early reads", () => {
  it("on every sidebar page and a task page, are the page's own reads, each asked once", async () => {
    const { context, page, project, task } = await onDashboard(suite, "first-load");
    const taskId = await task(await project("Hull"), "Scrape the keel");
    const pages = ["/app/dashboard", "/app/planes", "/app/api-keys", "/app/integrations", "/app/agents", "/app/orchestrator", "/app/workflow-builder", "/app/settings", `/app/tasks/${taskId}`];
    for (const path of pages) {
      // Loaded afresh: the early reads go out at boot.
      const first = recordApiGets(page);
      await page.goto(path);
      await first.settled();
      const twice = first.gets().filter((get, i) => first.gets().indexOf(get) !== i);
      expect(twice, `${path} asked these twice`).toEqual([]);

      // Opened from a page that read nothing (a missing one), with nothing early: what the page itself asks.
      await page.goto("/no-such-page");
      await page.getByText("404", { exact: true }).waitFor();
      const later = recordApiGets(page);
      await page.evaluate((to) => {
        history.pushState(null, "", to);
        dispatchEvent(new PopStateEvent("popstate"));
      }, path);
      await later.settled();
      const unused = first.gets().filter((get) => !later.gets().includes(get));
      expect(unused, `${path} read these early, but the page asks for others`).toEqual([]);
    }
    await context.close();
  });
});
