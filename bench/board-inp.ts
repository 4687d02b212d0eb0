// npx tsx bench/board-inp.ts: a board of BOARD_TASKS (2,000) tasks in Chromium against the built web app
// (npm run build first) on an embedded database. Prints how long the board takes to show its first
// cards and all of them, and the interaction-to-next-paint of drags by mouse and moves by keyboard,
// read from the Event Timing API (what web-vitals' INP reads): each interaction's longest event.
// Not a test: figures only. BOARD_DRAGS (10) mouse drags and as many keyboard moves.
import { generateNKeysBetween } from "fractional-indexing";
import { tasks } from "../src/server/db/schema";
import { newPage, launchBrowser } from "../e2e/support/browser";
import { membershipsOf, seedVerifiedUser } from "../e2e/support/seed";
import { startTestServer } from "../e2e/support/server";
import { signInThroughUi } from "../e2e/support/users";
import { quantile } from "./support";

const N = Number(process.env.BOARD_TASKS ?? 2000);
const DRAGS = Number(process.env.BOARD_DRAGS ?? 10);

const server = await startTestServer({ LIMIT_WRITES_PER_MINUTE: "100000" });
const browser = await launchBrowser();
try {
  const owner = await seedVerifiedUser(server, "board-bench");
  const { context, page } = await newPage(browser, server.url, { width: 1400, skipOnboarding: true });
  await signInThroughUi(page, owner);
  await page.getByRole("heading", { name: "Command Center" }).waitFor();
  const [m] = await membershipsOf(server, owner.id);
  const base = `/api/v1/organisations/${m!.orgId}`;
  const plane = ((await (await page.request.post(`${base}/planes`, { data: { name: "Bench" } })).json()) as { plane: { id: string } }).plane;
  const project = ((await (await page.request.post(`${base}/projects`, { data: { plane_id: plane.id, name: "Board" } })).json()) as { project: { id: string } }).project;
  const statuses = ["todo", "in_progress", "done"] as const;
  const per = Math.ceil(N / 3);
  for (const status of statuses) {
    const ranks = generateNKeysBetween(null, null, per);
    await server.services.database.db.insert(tasks).values(ranks.map((rank, i) => ({ orgId: m!.orgId, projectId: project.id, title: `${status} card ${i}`, status, rank, authorId: owner.id, assigneeId: i % 3 ? owner.id : null })));
  }
  const t0 = Date.now();
  await page.goto("/app/board");
  await page.locator("[data-card-id]").first().waitFor();
  const firstCards = Date.now() - t0;
  // Every page of every column, as someone scrolling the whole board would end up with.
  for (;;) {
    const more = page.getByRole("button", { name: "Show more" });
    if ((await more.count()) === 0) break;
    // A DOM click: loading pages is not what is measured, and a pointer click can be refused while
    // the columns are still laying out ("section intercepts pointer events").
    // The button may go between counting and clicking (the last page came): then look again.
    await more.first().evaluate((b) => (b as HTMLButtonElement).click(), undefined, { timeout: 2_000 }).catch(() => undefined);
    await page.waitForTimeout(50);
  }
  // Loaded, not necessarily mounted: a column renders only the cards in view (data-count says how many it holds).
  await page.waitForFunction((n) => [...document.querySelectorAll("[data-column]")].reduce((sum, c) => sum + Number(c.getAttribute("data-count") ?? 0), 0) >= n, N - 3, { timeout: 120_000 });
  const allCards = Date.now() - t0;
  await page.evaluate(() => {
    const w = window as unknown as { inp: Map<number, number> };
    w.inp = new Map();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { interactionId: number })[]) if (e.interactionId) w.inp.set(e.interactionId, Math.max(w.inp.get(e.interactionId) ?? 0, e.duration));
    }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
  const todo = page.locator('[data-column="todo"] [data-card-id]');
  const doing = page.locator('[data-column="in_progress"]');
  for (let i = 0; i < DRAGS; i++) {
    const from = (await todo.nth(i).boundingBox())!;
    const to = (await doing.boundingBox())!;
    await page.mouse.move(from.x + 20, from.y + 10);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 20, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 8 });
    await page.mouse.up();
    await page.waitForTimeout(300);
  }
  for (let i = 0; i < DRAGS; i++) {
    await todo.nth(i).focus();
    for (const key of ["Space", "ArrowDown", "Space"]) {
      await page.keyboard.press(key);
      await page.waitForTimeout(150);
    }
    await page.waitForTimeout(300);
  }
  const durations = (await page.evaluate(() => [...(window as unknown as { inp: Map<number, number> }).inp.values()])).sort((a, b) => a - b);
  console.log(`board of ${N} tasks: first cards ${firstCards} ms, all cards loaded ${allCards} ms (${await page.locator("[data-card-id]").count()} in the DOM)`);
  console.log(`interactions over 16 ms: ${durations.length} of about ${DRAGS * 2 + DRAGS * 3 * 1}; INP p50 ${quantile(durations, 0.5) ?? 0} ms, p95 ${quantile(durations, 0.95) ?? 0} ms, max ${durations.at(-1) ?? 0} ms (goal p95 < 100 ms)`);
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
