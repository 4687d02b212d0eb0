// npm test: every suite (unit, API on a real database, browser journeys) in one Vitest run.
import { spawnSync } from "node:child_process";
import { chromiumPath } from "../e2e/chromium-path.mjs";

const browser = chromiumPath();
const args = ["node_modules/vitest/vitest.mjs", "run", ...process.argv.slice(2)];
if (!browser) {
  if (process.env.REQUIRE_BROWSER === "1") {
    console.error("REQUIRE_BROWSER=1 but no Chromium was found (set CHROMIUM_PATH or install /usr/bin/chromium).");
    process.exit(1);
  }
  console.warn("\n  Browser tests SKIPPED: no Chromium at CHROMIUM_PATH or /usr/bin/chromium.\n  Install it (apt-get install chromium) to run the e2e/ journeys.\n");
  args.push("--project", "unit");
}
const db = process.env.TEST_DATABASE_URL ? `PostgreSQL server (${new URL(process.env.TEST_DATABASE_URL).host})` : "embedded PGlite";
console.log(`Running tests on ${db}${browser ? `, browser ${browser}` : ""}`);
const result = spawnSync(process.execPath, args, { stdio: "inherit", cwd: new URL("..", import.meta.url).pathname });
process.exit(result.status ?? 1);
