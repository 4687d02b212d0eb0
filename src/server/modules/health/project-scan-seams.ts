import type { Env } from "../../env";
import type { ScanSeams } from "./project-fetch-site";

/**
 * Production passes no seam: every address gets the public-address check. Only a test server
 * started with PROJECT_SCAN_ALLOW_LOOPBACK=1 (env.ts refuses it outside NODE_ENV=test) may reach
 * 127.0.0.1 itself, for its local website fixtures; every other private address stays refused.
 */
export function projectScanSeams(env: Pick<Env, "NODE_ENV" | "PROJECT_SCAN_ALLOW_LOOPBACK">): ScanSeams {
  if (env.NODE_ENV !== "test" || env.PROJECT_SCAN_ALLOW_LOOPBACK !== "1") return {};
  return { isAllowedAddress: (address) => address === "127.0.0.1" };
}
