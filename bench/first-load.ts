// npx tsx bench/first-load.ts: each sidebar page's first load, signed in, in Chromium on a slow
// phone network (Lighthouse's applied mobile throttling: 562.5 ms per request, 1.47 Mbit/s down)
// but with this machine's own CPU, not slowed down. Prints when the page's largest paint came (LCP,
// read by the page's own PerformanceObserver) and its layout shift. Lighthouse's simulated score
// (bench/lighthouse.ts) is mostly CPU on a slow machine; this shows what round trips cost. Needs
// the build (npm run build). FIRST_LOAD_RUNS (3) loads of each page, in turn; the median and range.
// FIRST_LOAD_PAGES=/app/planes,/app/agents picks pages. Not a test: figures only.
import type { Page } from "playwright-core";
import { launchBrowser, newPage } from "../e2e/support/browser";
import { seedVerifiedUser } from "../e2e/support/seed";
import { startTestServer } from "../e2e/support/server";
import { signInThroughApi } from "../e2e/support/users";
import { quantile } from "./support";

const RUNS = Number(process.env.FIRST_LOAD_RUNS ?? 3);
const SETTLE_MS = 5000;
const PAGES = process.env.FIRST_LOAD_PAGES?.split(",") ?? ["/app/dashboard", "/app/planes", "/app/api-keys", "/app/integrations", "/app/agents", "/app/settings", "/app/orchestrator", "/app/workflow-builder"];
const PHONE = { width: 412 };
// Lighthouse's "devtools" (applied) mobile throttling, in bytes per second.
const NETWORK = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

type Load = { lcp: number; cls: number };

async function firstLoad(page: Page, path: string): Promise<Load> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.clearBrowserCache");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  await page.goto(path, { waitUntil: "load", timeout: 60_000 });
  // The page's own reads and the parts they bring, on a slow network (the change feed's stream
  // never ends, so the network is never idle).
  await page.waitForTimeout(SETTLE_MS);
  const load = await page.evaluate(() => (window as unknown as { firstLoad: Load }).firstLoad);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.detach();
  await page.goto("about:blank");
  return load;
}

const server = await startTestServer();
const browser = await launchBrowser();
try {
  const owner = await seedVerifiedUser(server, "first-load-bench");
  const { context, page } = await newPage(browser, server.url, { skipOnboarding: true, width: PHONE.width });
  await signInThroughApi(page, server, owner);
  await page.getByRole("heading", { name: "Command Center" }).waitFor();
  await context.addInitScript(() => {
    const state = { lcp: 0, cls: 0 };
    (window as unknown as { firstLoad: Load }).firstLoad = state;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.lcp = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) state.cls += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  const results = new Map<string, Load[]>(PAGES.map((p) => [p, []]));
  // In turn, page after page, so that a busy moment of the machine falls on all of them alike.
  for (let run = 0; run < RUNS; run++) for (const path of PAGES) results.get(path)!.push(await firstLoad(page, path));
  console.log(`\nFirst loads on a throttled network (562.5 ms per request, 1.47 Mbit/s), this machine's CPU, median of ${RUNS} (range):\n`);
  console.log(`${"page".padEnd(24)}${"LCP".padEnd(24)}CLS`);
  for (const [path, loads] of results) {
    const lcp = loads.map((l) => l.lcp).sort((a, b) => a - b);
    const cls = loads.map((l) => l.cls).sort((a, b) => a - b);
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`${path.padEnd(24)}${`${s(quantile(lcp, 0.5))} (${s(lcp[0]!)}–${s(lcp.at(-1)!)})`.padEnd(24)}${quantile(cls, 0.5).toFixed(3)}`);
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
