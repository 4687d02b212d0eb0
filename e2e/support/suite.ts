import { afterAll, beforeAll } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser";
import { forgetIdle } from "./context-pool";
import { startTestServer, type TestServer, type TestServerOptions } from "./server";

export type Suite = { readonly server: TestServer; readonly browser: Browser };

// One Chromium per Vitest worker, shared by the files that worker runs one after another (the e2e
// project does not isolate them): launching one per file cost seconds of a busy CI each time. Files
// stay apart as before, since each works in its own browser contexts and closes them all at its end.
// Playwright kills the browser when the worker process exits.
let shared: Promise<Browser> | undefined;

async function workerBrowser(): Promise<Browser> {
  const browser = await shared?.catch(() => undefined);
  if (browser?.isConnected()) return browser;
  shared = launchBrowser();
  return shared;
}

/**
 * One server on a fresh database per test file, closed after it, and the worker's Chromium, whose
 * contexts the file opened are closed after it. `env` may be a function, so a suite can point the
 * server at stand-in services it started in an earlier beforeAll.
 */
export function useSuite(env: Record<string, string> | (() => Record<string, string>) = {}, options: TestServerOptions = {}): Suite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(typeof env === "function" ? env() : env, options), workerBrowser()]);
  });
  afterAll(async () => {
    if (browser?.isConnected()) await Promise.all(browser.contexts().map((context) => context.close()));
    if (server) forgetIdle(server.url);
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error("suite not started");
      return server;
    },
    get browser() {
      if (!browser) throw new Error("suite not started");
      return browser;
    },
  };
}
