import { expect } from "vitest";
import type { Page, Request } from "playwright-core";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
// The change feed's own stream is not a read, and never finishes.
const isStream = (r: Request) => /^\/api\/v1\/organisations\/[^/]+\/events$/.test(new URL(r.url()).pathname);

/** A request's path with every id as ":id", and its query if `withQuery`. */
export const pathOf = (r: Request, withQuery = false) => {
  const url = new URL(r.url());
  return `${url.pathname}${withQuery ? url.search : ""}`.replace(UUID, ":id");
};

/**
 * The GETs a page makes from now on, each as `keyOf` names it (undefined leaves it out of the list),
 * and a wait for quiet: nothing in flight, nor started or finished for `quietMs`. Every request
 * counts for quiet (a session refetch re-renders the page when it answers), only the keyed GETs
 * are listed. What is still in flight names itself in a failure.
 */
export function recordGets(page: Page, keyOf: (r: Request) => string | undefined, { quietMs = 1000, timeout = 15_000 } = {}) {
  let gets: string[] = [];
  // The requests themselves, not a count: one started before recording began (say, before a
  // reload) and finishing after must not leave the count below zero for good.
  const inFlight = new Set<Request>();
  let lastActivity = Date.now();
  page.on("request", (r) => {
    if (isStream(r)) return;
    inFlight.add(r);
    lastActivity = Date.now();
    const key = keyOf(r);
    if (key && r.method() === "GET") gets.push(key);
  });
  const done = (r: Request) => {
    if (inFlight.delete(r)) lastActivity = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    gets: () => gets,
    endpoints: () => [...new Set(gets)].sort(),
    count: () => gets.length,
    reset: () => void (gets = []),
    settled: () =>
      expect
        .poll(() => (inFlight.size > 0 ? [...inFlight].map((r) => r.url()).join(" ") : Date.now() - lastActivity > quietMs ? "quiet" : "just answered"), { timeout })
        .toBe("quiet"),
  };
}
