// Builds the SPA when dist/web is missing or older than any source file it is built from.
import { execFileSync } from "node:child_process";
import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { newestMtime } from "./stale.mjs";

const root = new URL("..", import.meta.url).pathname;
const target = join(root, "dist/web/index.html");

/** The production build of the SPA into dist/web, whatever is there; `quiet` shows only vite's warnings. */
export function buildWeb({ quiet = false } = {}) {
  // Built beside dist/web and swapped in by rename: two test runs building at once must never
  // serve each other's half-written files.
  const fresh = join(root, `dist/web.build-${process.pid}`);
  execFileSync(process.execPath, [join(root, "node_modules/vite/bin/vite.js"), "build", "--outDir", fresh, "--logLevel", quiet ? "warn" : "info"], {
    cwd: root,
    stdio: "inherit",
    // Always the production build (and its bundle budgets): under Vitest NODE_ENV is "test", which
    // would give the browser journeys React's development build.
    env: { ...process.env, NODE_ENV: "production" },
  });
  const current = join(root, "dist/web");
  const old = join(root, `dist/web.old-${process.pid}`);
  try {
    renameSync(current, old);
  } catch {
    // none yet, or another build moved it a moment ago
  }
  try {
    renameSync(fresh, current);
  } catch {
    // another build swapped its own fresh copy in first: it is as new as ours
    rmSync(fresh, { recursive: true, force: true });
  }
  rmSync(old, { recursive: true, force: true });
}

export function buildWebIfStale({ quiet = false } = {}) {
  const sources = ["src/web", "src/shared", "public"].map((d) => join(root, d)).filter(existsSync);
  const sourceTime = Math.max(...sources.map(newestMtime), statSync(join(root, "vite.config.ts")).mtimeMs);
  if (existsSync(target) && statSync(target).mtimeMs >= sourceTime) return false;
  if (!quiet) console.log("Building the web app…");
  buildWeb({ quiet });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale();
