import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    // Two files at a time even on a 2-core machine (Vitest's default there is one): a browser
    // journey spends most of its time waiting on its server and Chromium, and serially the run took
    // 27 of CI's 30 minutes.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts"],
          // Scans everything the test servers logged for the secrets the tests used.
          globalSetup: ["src/server/testing/log-capture-setup.ts"],
          environment: "node",
          // Files share each worker's modules instead of importing the server afresh per file:
          // that import was 936 of the 2300 s the whole run took. Every file opens its own
          // database and app, and the few that stub globals or timers restore them.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll's default second is shorter than a page's first query takes on a busy 2-core
          // CI with two journeys and their servers side by side; a poll that needs longer is a flake,
          // not a finding (plan-and-claims failed so, its list still loading).
          expect: { poll: { timeout: 10_000, interval: 100 } },
          // A failure shows the whole value it got: an accessibility violation's rule id was cut off at 40 characters.
          chaiConfig: { truncateThreshold: 0 },
          // Each file has its own server, database and Chromium (e2e/support/suite.ts), so files run
          // side by side: one after another they took 1000 s of a 2-core CI, past its 30 minutes.
          fileParallelism: true,
          // As in the unit project: files share each worker's modules, so the server, React's
          // server-side helpers and Playwright are imported once per worker, not once per journey.
          // Every journey still starts its own server on its own database (support/suite.ts).
          isolate: false,
        },
      },
    ],
  },
});
