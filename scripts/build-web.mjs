// Builds the SPA when dist/web is missing or older than any source file it is built from.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const target = join(root, "dist/web/index.html");

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

export function buildWebIfStale({ quiet = false } = {}) {
  const sources = ["src/web", "src/shared", "public"].map((d) => join(root, d)).filter(existsSync);
  const sourceTime = Math.max(...sources.map(newest), statSync(join(root, "vite.config.ts")).mtimeMs);
  if (existsSync(target) && statSync(target).mtimeMs >= sourceTime) return false;
  if (!quiet) console.log("Building the web app…");
  execFileSync(process.execPath, [join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", quiet ? "warn" : "info"], { cwd: root, stdio: "inherit" });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale();
