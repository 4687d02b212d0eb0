import { afterAll, beforeAll } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser";
import { startTestServer, type TestServer } from "./server";

export type Suite = { readonly server: TestServer; readonly browser: Browser };

/** One server on a fresh database and one Chromium per test file, both closed after it. */
export function useSuite(): Suite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
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
