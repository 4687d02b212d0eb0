import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

let cached: { version: string; commit: string | null } | undefined;

/** Resolved once: env first, then package.json and the git checkout the server runs from. */
export function releaseOf(env: { RELEASE_VERSION?: string; RELEASE_COMMIT?: string }) {
  if (cached) return cached;
  const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string };
  let commit = env.RELEASE_COMMIT ?? null;
  if (!commit) {
    try {
      commit = execFileSync("git", ["rev-parse", "HEAD"], { stdio: ["ignore", "pipe", "ignore"] }).toString().trim() || null;
    } catch {
      commit = null;
    }
  }
  cached = { version: env.RELEASE_VERSION ?? pkg.version, commit };
  return cached;
}
