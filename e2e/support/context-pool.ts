import type { Browser, BrowserContext, Page } from "playwright-core";

// A journey's first page in a fresh browser context costs Chromium about 1.8 s of CPU more than a
// page in a context that already holds one (measured on the 2-core CI: 3.3 s against 1.5 s for a
// new page that loads /auth). So contexts are kept, each with an idle about:blank page, and handed
// out again once a test is done with one: `close()` on the handed-out context puts it back clean
// (no pages, cookies, permissions, routes, offline mode, listeners, storage or cache of its origin).
// What cannot be undone (an unknown init script, Playwright's fake clock) closes it for real.

export type ContextOptions = { baseURL: string; colorScheme: "light" | "dark"; width: number };

type Pooled = { context: BrowserContext; keeper: Page; scripts: Set<string> };

const idle = new Map<string, Pooled[]>();
/** Init scripts a context may keep between tests, since a test asks for them by name (seed.ts). */
const reusableScripts = new Set<string>();

export function markReusableScript(signature: string): void {
  reusableScripts.add(signature);
}

/** Drops the idle contexts of a file's server once the file closed them (suite.ts). */
export function forgetIdle(baseURL: string): void {
  for (const key of idle.keys()) if ((JSON.parse(key) as unknown[])[0] === baseURL) idle.delete(key);
}

export const scriptSignature = (script: unknown, arg?: unknown) => `${String(script)}\u0000${JSON.stringify(arg ?? null)}`;

const keyOf = (options: ContextOptions, scripts: Iterable<string>) => JSON.stringify([options.baseURL, options.colorScheme, options.width, [...scripts].sort()]);

/**
 * A context for one test (its `close()` returns it here) and a new page in it. `scripts` names the
 * reusable init scripts the test will add (onboarding.ts's, through newPage's skipOnboarding), so a context that has them
 * already is handed out; the test adding one again is then a no-op.
 */
export async function pooledPage(browser: Browser, options: ContextOptions, scripts: string[] = []): Promise<{ context: BrowserContext; page: Page }> {
  const list = idle.get(keyOf(options, scripts));
  let pooled = list?.pop();
  while (pooled && pooled.keeper.isClosed()) pooled = list?.pop();
  if (!pooled) {
    const context = await browser.newContext({ baseURL: options.baseURL, colorScheme: options.colorScheme, viewport: { width: options.width, height: 900 } });
    pooled = { context, keeper: await context.newPage(), scripts: new Set() };
  }
  return lend(pooled, options);
}

function lend(pooled: Pooled, options: ContextOptions): Promise<{ context: BrowserContext; page: Page }> {
  const { context } = pooled;
  let tainted = false;
  let returned = false;
  const listeners: [string, (...args: unknown[]) => unknown][] = [];
  const taint = () => {
    tainted = true;
  };
  const hand = new Proxy(context, {
    get(target, prop, receiver) {
      switch (prop) {
        case "close":
          return async () => {
            if (returned) return;
            returned = true;
            await giveBack(pooled, options, tainted, listeners);
          };
        case "pages":
          return () => target.pages().filter((p) => p !== pooled.keeper);
        case "addInitScript":
          return async (script: unknown, arg?: unknown) => {
            const signature = scriptSignature(script, arg);
            if (pooled.scripts.has(signature)) return;
            if (!reusableScripts.has(signature)) taint();
            else pooled.scripts.add(signature);
            return (target.addInitScript as unknown as (s: unknown, a?: unknown) => Promise<unknown>)(script, arg);
          };
        case "on":
        case "addListener":
        case "once":
          return (event: string, fn: (...args: unknown[]) => unknown) => {
            listeners.push([event, fn]);
            (target[prop] as (e: string, f: unknown) => unknown)(event, fn);
            return receiver;
          };
        case "clock":
        case "exposeBinding":
        case "exposeFunction":
        case "setGeolocation":
        case "setHTTPCredentials":
        case "tracing":
          taint();
          break;
        case "newPage":
          return async () => watchClock(await target.newPage(), taint);
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return context.newPage().then((page) => ({ context: hand, page: watchClock(page, taint) }));
}

/** page.clock is the context's clock: a test that installs it leaves the context unusable for the next. */
function watchClock(page: Page, taint: () => void): Page {
  const clock = page.clock;
  Object.defineProperty(page, "clock", {
    get: () => {
      taint();
      return clock;
    },
  });
  return page;
}

async function giveBack(pooled: Pooled, options: ContextOptions, tainted: boolean, listeners: [string, (...args: unknown[]) => unknown][]): Promise<void> {
  const { context, keeper } = pooled;
  for (const [event, fn] of listeners) context.off(event as "page", fn as () => void);
  if (tainted || keeper.isClosed()) return context.close().catch(() => undefined);
  try {
    await Promise.all(context.pages().filter((p) => p !== keeper).map((p) => p.close()));
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await Promise.all([context.clearCookies(), context.clearPermissions(), context.setOffline(false), context.setExtraHTTPHeaders({})]);
    const cdp = await context.newCDPSession(keeper);
    await cdp.send("Storage.clearDataForOrigin", { origin: new URL(options.baseURL).origin, storageTypes: "all" });
    await cdp.send("Network.clearBrowserCache");
    await cdp.detach();
  } catch {
    return context.close().catch(() => undefined);
  }
  const key = keyOf(options, pooled.scripts);
  idle.set(key, [...(idle.get(key) ?? []), pooled]);
}
