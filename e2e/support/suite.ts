import { afterAll, beforeAll } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser";
import { startTestServer, type TestServer, type TestServerOptions } from "./server";

export type Suite = { readonly server: TestServer; readonly browser: Browser };

/**
 * One server on a fresh database and one Chromium per test file, both closed after it. `env` may be
 * a function, so a suite can point the server at stand-in services it started in an earlier beforeAll.
 */
export function useSuite(env: Record<string, string> | (() => Record<string, string>) = {}, options: TestServerOptions = {}): Suite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(typeof env === "function" ? env() : env, options), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
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
