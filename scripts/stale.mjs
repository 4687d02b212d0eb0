// For the build scripts: whether an output is older than what it is built from.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** The latest modification time (ms) of any file under `dir`, recursively; 0 for an empty tree. */
export function newestMtime(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return latest;
}
