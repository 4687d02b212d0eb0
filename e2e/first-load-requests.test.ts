import { describe, expect, it } from "vitest";
import type { Page, Request } from "playwright-core";
import { onDashboard } from "./support/dashboard-user";
import { useSuite } from "./support/suite";

// A first load asks for each page's first data early, while its code is on its way
// (src/web/lib/early-reads.ts). What it asks must be what the page itself asks, path and query
// string alike, or the answer goes unused and the page asks again.
const suite = useSuite();

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
// The change feed's stream is not a read, and never finishes.
const isStream = (r: Request) => new URL(r.url()).pathname.endsWith("/events");

/** The API GETs made from now on (path and query, ids as ":id"), and a wait until none has been in flight for 0.6 s. */
function recordGets(page: Page) {
  const gets: string[] = [];
  const inFlight = new Set<Request>();
  let lastActivity = Date.now();
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith("/api/") || isStream(r)) return;
    inFlight.add(r);
    lastActivity = Date.now();
    if (r.method() === "GET") gets.push(`${url.pathname}${url.search}`.replace(UUID, ":id"));
  });
  const done = (r: Request) => {
    if (inFlight.delete(r)) lastActivity = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    gets,
    // What is still in flight, if anything, names itself in a failure.
    settled: () =>
      expect
        .poll(() => (inFlight.size > 0 ? [...inFlight].map((r) => r.url()).join(" ") : Date.now() - lastActivity > 600 ? "quiet" : "just answered"), { timeout: 20_000 })
        .toBe("quiet"),
  };
}

describe("a first load's early reads", () => {
  it("on every sidebar page and a task page, are the page's own reads, each asked once", async () => {
    const { context, page, project, task } = await onDashboard(suite, "first-load");
    const taskId = await task(await project("Hull"), "Scrape the keel");
    const pages = ["/app/dashboard", "/app/planes", "/app/api-keys", "/app/integrations", "/app/agents", "/app/orchestrator", "/app/workflow-builder", "/app/settings", `/app/tasks/${taskId}`];
    for (const path of pages) {
      // Loaded afresh: the early reads go out at boot.
      const first = recordGets(page);
      await page.goto(path);
      await first.settled();
      const twice = first.gets.filter((get, i) => first.gets.indexOf(get) !== i);
      expect(twice, `${path} asked these twice`).toEqual([]);

      // Opened from a page that read nothing (a missing one), with nothing early: what the page itself asks.
      await page.goto("/no-such-page");
      await page.getByText("404", { exact: true }).waitFor();
      const later = recordGets(page);
      await page.evaluate((to) => {
        history.pushState(null, "", to);
        dispatchEvent(new PopStateEvent("popstate"));
      }, path);
      await later.settled();
      const unused = first.gets.filter((get) => !later.gets.includes(get));
      expect(unused, `${path} read these early, but the page asks for others`).toEqual([]);
    }
    await context.close();
  });
});
