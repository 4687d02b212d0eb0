import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

type Release = { version: string; commit: string | null };

let detected: Release | undefined;

/** package.json and the git checkout the server runs from, looked up once per process. */
function detectRelease(): Release {
  if (detected) return detected;
  const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string };
  let commit: string | null;
  try {
    commit = execFileSync("git", ["rev-parse", "HEAD"], { stdio: ["ignore", "pipe", "ignore"] }).toString().trim() || null;
  } catch {
    commit = null;
  }
  detected = { version: pkg.version, commit };
  return detected;
}

/** RELEASE_VERSION and RELEASE_COMMIT win over what the checkout says, for every caller's env. */
export function releaseOf(env: { RELEASE_VERSION?: string; RELEASE_COMMIT?: string }): Release {
  const found = detectRelease();
  return { version: env.RELEASE_VERSION ?? found.version, commit: env.RELEASE_COMMIT ?? found.commit };
}
