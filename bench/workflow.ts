// npx tsx bench/workflow.ts: how the workflow builder copes with big workflows (issue 14). For
// 50, 200 and 500 nodes: n8n export and import in Node, saving through the production server, and
// in the system Chromium opening the editor, exporting, and (500 nodes) frames per second while
// panning, zooming and dragging. Prints figures; asserts nothing about time. `--no-build` reuses
// dist/web as it is; `--node-only` skips the server and the browser.
import { mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { launchBrowser } from "../e2e/support/browser";
import { buildWeb } from "../scripts/build-web.mjs";
import { createNode, fromN8n, toN8n, validateWorkflow, writeNodeForm, type NodeForm } from "../src/shared/n8n";
import type { Workflow, WorkflowConnection, WorkflowDraft, WorkflowNode } from "../src/shared/workflows";
import { storageKeys } from "../src/web/lib/storage-keys";
import { httpClient, quantile, signUpOwner, spawnServer, type HttpClient, type SignedUpOwner } from "./support";

const SIZES = [50, 200, 500];
const NODE_RUNS = 20;
const SAVE_RUNS = 5;
const OPEN_RUNS = 3;
const GESTURE_MS = 2_000;
const GOAL = "500 nodes open and export in under 1 s; pan/zoom/drag at 60 fps";

const median = (values: number[]) => quantile([...values].sort((a, b) => a - b), 0.5);
const ms = (value: number) => (Number.isNaN(value) ? "-" : value < 10 ? value.toFixed(2) : value.toFixed(0));

/** Runs fn `runs` times; the median time in ms. */
function medianTime(runs: number, fn: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

// The body types in turn, each with the parameters validateWorkflow asks for.
const bodyTypes: { type: "http" | "code" | "condition" | "transform"; form: NodeForm }[] = [
  { type: "http", form: { type: "http", method: "POST", url: "https://api.example.eu/orders" } },
  { type: "code", form: { type: "code", jsCode: "return $input.all().map((item) => ({ json: { ...item.json, seen: true } }));" } },
  { type: "condition", form: { type: "condition", left: "={{ $json.total }}", operator: "gt", right: "100" } },
  { type: "transform", form: { type: "transform", fields: [{ name: "queue", value: "={{ $json.queue ?? 'standard' }}" }] } },
];

/**
 * A webhook, then `size - 1` nodes on a square-ish grid, column by column. Each node feeds its
 * right-hand neighbour (the webhook feeds the first column); a condition's false output also feeds
 * the node below that neighbour (above it on the bottom row), so both outputs are used and some
 * nodes have two inputs.
 */
function generateWorkflow(size: number): WorkflowDraft {
  const rows = Math.ceil(Math.sqrt(size - 1));
  const taken = new Set<string>();
  const add = (node: WorkflowNode) => (taken.add(node.name), node);
  const webhook = add(writeNodeForm(createNode("webhook", { x: 0, y: ((rows - 1) * 120) / 2 }, taken), { type: "webhook", httpMethod: "POST", path: `bench-${size}`, responseMode: "onReceived" }));
  const grid: WorkflowNode[] = [];
  for (let i = 0; i < size - 1; i++) {
    const { type, form } = bodyTypes[i % bodyTypes.length]!;
    grid.push(add(writeNodeForm(createNode(type, { x: 300 + Math.floor(i / rows) * 260, y: (i % rows) * 120 }, taken), form)));
  }
  const connections: WorkflowConnection[] = [];
  const link = (from: WorkflowNode, to: WorkflowNode | undefined, output = 0) => {
    if (to) connections.push({ from: from.id, to: to.id, output, input: 0, kind: "main" });
  };
  grid.forEach((node, i) => {
    if (i < rows) link(webhook, node);
    const right = i + rows;
    link(node, grid[right]);
    if (node.type === "condition") link(node, grid[i % rows === rows - 1 ? right - 1 : right + 1], 1);
  });
  const draft: WorkflowDraft = { name: `Bench ${size} nodes`, description: "", trigger: "webhook", nodes: [webhook, ...grid], connections, settings: { webhookPath: "", timeout: 30 } };
  const problems = validateWorkflow(draft);
  if (problems.length > 0) throw new Error(`generated ${size}-node workflow is invalid: ${problems[0]!.message}`);
  return draft;
}

type Row = { size: number; connections: number; kb: number; exportMs: number; jsonMs: number; importMs: number; saveMs?: number; n8nMs?: number; openMs?: number; listOpenMs?: number; browserExportMs?: number; longTasks?: string };

function inNode(size: number, draft: WorkflowDraft): Row {
  const exported = toN8n(draft);
  const text = JSON.stringify(exported);
  const parsed: unknown = JSON.parse(text);
  const back = fromN8n(parsed);
  if (!back.ok || back.draft.nodes.length !== size) throw new Error(`import of the ${size}-node export failed`);
  return {
    size,
    connections: draft.connections.length,
    kb: Buffer.byteLength(JSON.stringify(draft)) / 1024,
    exportMs: medianTime(NODE_RUNS, () => toN8n(draft)),
    jsonMs: medianTime(NODE_RUNS, () => JSON.stringify(exported)),
    importMs: medianTime(NODE_RUNS, () => fromN8n(parsed)),
  };
}

/** Create once, then SAVE_RUNS updates with the current version; times include JSON both ways. */
async function saves(client: HttpClient, owner: SignedUpOwner, draft: WorkflowDraft): Promise<{ id: string; saveMs: number; n8nMs: number }> {
  const { send, expectOk } = client;
  const { cookie, base } = owner;
  const created = await expectOk(send("POST", `${base}/workflows`, { cookie, body: draft }), "create workflow");
  let { id, version } = (JSON.parse(created.body) as { workflow: Workflow }).workflow;
  const times: number[] = [];
  for (let i = 0; i < SAVE_RUNS; i++) {
    const t0 = performance.now();
    // A different description each time, so no save is a no-op.
    const reply = await expectOk(send("PUT", `${base}/workflows/${id}`, { cookie, body: { ...draft, description: `save ${i}`, version } }), "update workflow");
    ({ id, version } = (JSON.parse(reply.body) as { workflow: Workflow }).workflow);
    times.push(performance.now() - t0);
  }
  const n8nTimes: number[] = [];
  for (let i = 0; i < SAVE_RUNS; i++) {
    const t0 = performance.now();
    JSON.parse((await expectOk(send("GET", `${base}/workflows/${id}/n8n`, { cookie }), "n8n export")).body);
    n8nTimes.push(performance.now() - t0);
  }
  return { id, saveMs: median(times), n8nMs: median(n8nTimes) };
}

type BenchWindow = Window & { __longTasks: number[]; __longTaskObserver: PerformanceObserver; __frames: { count: number; t0: number; last: number; worst: number; on: boolean } };

/** Opens the editor on `id` until the canvas shows all `size` nodes; its time and the long tasks on the way. */
async function openEditor(page: Page, url: string, id: string, size: number): Promise<{ ms: number; longTasks: number[] }> {
  // From a blank page, so tearing down the previous canvas is not counted.
  await page.goto("about:blank");
  const t0 = performance.now();
  await page.goto(`${url}/app/workflow-builder?id=${id}`);
  // Polled on every frame, so the time is at most a frame late and the page does no extra work.
  await page.waitForFunction(
    (n) => document.querySelector(`[data-testid="workflow-canvas"][data-ready="true"][data-node-count="${n}"]`) !== null && document.querySelector('[data-testid="workflow-node"]') !== null,
    size,
    { polling: "raf", timeout: 60_000 },
  );
  const elapsed = performance.now() - t0;
  // takeRecords: long tasks not yet handed to the observer's callback.
  const longTasks = await page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    return [...w.__longTasks, ...w.__longTaskObserver.takeRecords().map((e) => e.duration)];
  });
  return { ms: elapsed, longTasks };
}

/** On the builder with nothing open, a click on the workflow in the list until the canvas shows all `size` nodes. */
async function openFromList(page: Page, url: string, id: string, size: number): Promise<number> {
  await page.goto(`${url}/app/workflow-builder`);
  const item = page.locator(`[data-workflow-id="${id}"]`);
  await item.waitFor();
  const box = (await item.boundingBox())!;
  const t0 = performance.now();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction(
    (n) => document.querySelector(`[data-testid="workflow-canvas"][data-ready="true"][data-node-count="${n}"]`) !== null && document.querySelector('[data-testid="workflow-node"]') !== null,
    size,
    { polling: "raf", timeout: 60_000 },
  );
  return performance.now() - t0;
}

/** Clicks Export by raw mouse input (no actionability waits inside the timing) until the download starts. */
async function exportInBrowser(page: Page): Promise<number> {
  const button = page.getByRole("button", { name: "Export to n8n" });
  const box = (await button.boundingBox())!;
  const t0 = performance.now();
  await Promise.all([page.waitForEvent("download"), page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)]);
  return performance.now() - t0;
}

/** Counts requestAnimationFrame callbacks in the page while `gesture` runs: fps and the longest frame. */
async function framesDuring(page: Page, gesture: (until: number) => Promise<void>): Promise<{ fps: number; worstMs: number }> {
  await page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    const f = (w.__frames = { count: 0, t0: performance.now(), last: performance.now(), worst: 0, on: true });
    const tick = (now: number) => {
      if (!f.on) return;
      f.count++;
      f.worst = Math.max(f.worst, now - f.last);
      f.last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await gesture(performance.now() + GESTURE_MS);
  const { count, seconds, worst } = await page.evaluate(() => {
    const f = (window as unknown as BenchWindow).__frames;
    f.on = false;
    return { count: f.count, seconds: (performance.now() - f.t0) / 1000, worst: f.worst };
  });
  return { fps: count / seconds, worstMs: worst };
}

/** A point of the canvas with only the empty pane under it (no node, edge, toolbar or minimap), nearest the middle. */
async function emptyPanePoint(page: Page): Promise<{ x: number; y: number }> {
  const point = await page.evaluate(() => {
    const box = document.querySelector('[data-testid="workflow-canvas"]')!.getBoundingClientRect();
    const mid = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    let best: { x: number; y: number } | null = null;
    for (let y = box.top + 60; y < box.bottom - 20; y += 4)
      for (let x = box.left + 20; x < box.right - 20; x += 4) {
        if (!document.elementFromPoint(x, y)?.classList.contains("react-flow__pane")) continue;
        if (!best || Math.hypot(x - mid.x, y - mid.y) < Math.hypot(best.x - mid.x, best.y - mid.y)) best = { x, y };
      }
    return best;
  });
  if (!point) throw new Error("no empty pane to drag");
  return point;
}

/** The node nearest the middle of the canvas: its id, the centre of its box and its transform. */
async function nodeNearMiddle(page: Page): Promise<{ id: string; x: number; y: number; transform: string }> {
  return page.evaluate(() => {
    const box = document.querySelector('[data-testid="workflow-canvas"]')!.getBoundingClientRect();
    const nodes = [...document.querySelectorAll<HTMLElement>(".react-flow__node")].map((n) => {
      const r = n.getBoundingClientRect();
      return { id: n.dataset.id ?? "", x: r.left + r.width / 2, y: r.top + r.height / 2, transform: n.style.transform };
    });
    const d = (p: { x: number; y: number }) => Math.hypot(p.x - (box.left + box.width / 2), p.y - (box.top + box.height / 2));
    return nodes.sort((a, b) => d(a) - d(b))[0]!;
  });
}

/** Drags from `from` in small circles until `until`: each step is one mouse event, sent once the last was handled. */
async function dragInCircles(page: Page, from: { x: number; y: number }, radius: number, until: number) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let step = 0; performance.now() < until; step++) await page.mouse.move(from.x + radius * Math.sin(step / 10), from.y + radius * (1 - Math.cos(step / 10)));
  await page.mouse.up();
}

async function fitView(page: Page) {
  await page.getByRole("button", { name: "Fit to screen" }).click();
  await page.waitForTimeout(500);
}

async function fpsLines(page: Page): Promise<string[]> {
  const line = (what: string, r: { fps: number; worstMs: number }) => `  ${what.padEnd(28)} ${r.fps.toFixed(0).padStart(3)} fps   (longest frame ${r.worstMs.toFixed(0)} ms)`;
  await fitView(page);
  const pane = await emptyPanePoint(page);
  const pan = await framesDuring(page, (until) => dragInCircles(page, pane, 120, until));
  await fitView(page);
  const mid = await nodeNearMiddle(page);
  await page.mouse.move(mid.x, mid.y);
  const zoom = await framesDuring(page, async (until) => {
    // Ten notches in, ten out: the view stays near the fitted one.
    for (let step = 0; performance.now() < until; step++) await page.mouse.wheel(0, Math.floor(step / 10) % 2 === 0 ? -50 : 50);
  });
  await fitView(page);
  const node = await nodeNearMiddle(page);
  const drag = await framesDuring(page, (until) => dragInCircles(page, node, 80, until));
  // A drag that missed the node would measure an idle page.
  const moved = await page.evaluate(({ id, transform }) => document.querySelector<HTMLElement>(`.react-flow__node[data-id="${id}"]`)?.style.transform !== transform, node);
  if (!moved) throw new Error("the node drag did not move the node");
  return [line("pan (drag the empty pane)", pan), line("zoom (mouse wheel)", zoom), line("drag one node", drag)];
}

async function inBrowser(url: string, owner: SignedUpOwner, rows: Row[], ids: Map<number, string>): Promise<string[]> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await context.addCookies(owner.cookie.split("; ").map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url })));
    await context.addInitScript(
      ([keys, orgId]) => {
        // tsx compiles with keepNames: a function named inside a page.evaluate callback calls __name.
        (globalThis as { __name?: (f: unknown) => unknown }).__name ??= (f) => f;
        localStorage.setItem(keys.onboardingDone, "true");
        localStorage.setItem(keys.currentOrg, orgId);
        const w = window as unknown as BenchWindow;
        w.__longTasks = [];
        w.__longTaskObserver = new PerformanceObserver((list) => w.__longTasks.push(...list.getEntries().map((e) => e.duration)));
        w.__longTaskObserver.observe({ type: "longtask", buffered: true });
      },
      [storageKeys, owner.orgId] as const,
    );
    const page = await context.newPage();
    let fps: string[] = [];
    for (const row of rows) {
      const id = ids.get(row.size)!;
      // The first open is cold (nothing cached), the others warm.
      const opens: { ms: number; longTasks: number[] }[] = [];
      for (let i = 0; i < OPEN_RUNS; i++) opens.push(await openEditor(page, url, id, row.size));
      row.openMs = median(opens.map((o) => o.ms));
      const lt = opens.at(-1)!.longTasks;
      row.longTasks = `${lt.length} long tasks, ${lt.reduce((a, b) => a + b, 0).toFixed(0)} ms, longest ${Math.max(0, ...lt).toFixed(0)} ms (warm open); cold/warm opens ${opens.map((o) => o.ms.toFixed(0)).join("/")} ms`;
      const listOpens: number[] = [];
      for (let i = 0; i < OPEN_RUNS; i++) listOpens.push(await openFromList(page, url, id, row.size));
      row.listOpenMs = median(listOpens);
      const exports: number[] = [];
      for (let i = 0; i < OPEN_RUNS; i++) exports.push(await exportInBrowser(page));
      row.browserExportMs = median(exports);
      if (row.size === 500) fps = await fpsLines(page);
    }
    return fps;
  } finally {
    await browser.close();
  }
}

function print(rows: Row[], fps: string[]) {
  const head = ["size", "edges", "draft KB", "export ms", "(+JSON ms)", "import ms", "save ms", "GET n8n ms", "page load ms", "open from list ms", "browser export ms"];
  const lines = rows.map((r) => [String(r.size), String(r.connections), r.kb.toFixed(0), ms(r.exportMs), ms(r.jsonMs), ms(r.importMs), ms(r.saveMs ?? NaN), ms(r.n8nMs ?? NaN), ms(r.openMs ?? NaN), ms(r.listOpenMs ?? NaN), ms(r.browserExportMs ?? NaN)]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join("  ");
  console.log(`\n${row(head)}\n${lines.map(row).join("\n")}\n`);
  for (const r of rows) if (r.longTasks) console.log(`open ${r.size}: ${r.longTasks}`);
  if (fps.length > 0) console.log(`\n500 nodes at the fitted zoom, ${GESTURE_MS / 1000} s per gesture, headless Chromium without GPU (requestAnimationFrame callbacks / s):\n${fps.join("\n")}`);
}

async function main() {
  const cpus = os.cpus();
  console.log(`workflow bench: ${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${os.platform()} ${os.release()}, Node ${process.version}`);
  console.log(`goal (issue 14): ${GOAL}`);
  console.log(`Node: median of ${NODE_RUNS} runs; saves: median of ${SAVE_RUNS} PUTs (after one POST); open: median of ${OPEN_RUNS} (first cold); browser export: median of ${OPEN_RUNS}`);
  const drafts = new Map(SIZES.map((size) => [size, generateWorkflow(size)]));
  const rows = SIZES.map((size) => inNode(size, drafts.get(size)!));
  if (process.argv.includes("--node-only")) return print(rows, []);

  if (!process.argv.includes("--no-build")) {
    console.log("Building the web app (NODE_ENV=production)…");
    buildWeb({ quiet: true });
  }
  const dataDir = mkdtempSync(join(tmpdir(), "whq-bench-workflow-"));
  let server: Awaited<ReturnType<typeof spawnServer>> | undefined;
  let client: HttpClient | undefined;
  try {
    server = await spawnServer({ NODE_ENV: "production", DATA_DIR: dataDir, MAIL_OUTBOX: "1", LOG_LEVEL: "warn" });
    client = httpClient(server.url, { maxSockets: 1 });
    const owner = await signUpOwner(client, "Workflow bench");
    const ids = new Map<number, string>();
    for (const row of rows) {
      const { id, saveMs, n8nMs } = await saves(client, owner, drafts.get(row.size)!);
      Object.assign(row, { saveMs, n8nMs });
      ids.set(row.size, id);
    }
    const fps = await inBrowser(server.url, owner, rows, ids);
    print(rows, fps);
  } finally {
    client?.close();
    if (server && server.child.exitCode === null) {
      const exited = new Promise((resolve) => server!.child.once("exit", resolve));
      server.child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
