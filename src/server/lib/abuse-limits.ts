import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { AppError } from "./errors";
import { countRequest, type LimitCheck } from "./request-limit-store";
import { policyOf } from "./route-policies";

// Several people may share one address (an office, a NAT), so an address gets a few users' worth.
const PER_IP_FACTOR = 3;
const STREAM_OPENS_PER_MINUTE_PER_IP = 60;

type Window = { seconds: number; checks: LimitCheck[] };

function windowsOf(c: Context<AppEnv>): Window[] {
  const { env } = c.get("services");
  const userId = c.get("user")?.id;
  const ip = c.get("clientIp");
  const policy = policyOf(c);
  const perUserAndIp = (kind: string, max: number): LimitCheck[] => [
    ...(userId ? [{ key: `${kind}:user:${userId}`, max }] : []),
    { key: `${kind}:ip:${ip}`, max: max * PER_IP_FACTOR },
  ];
  const windows: Window[] = [];
  // Writes count per user and address; a signed-out caller's only reach public routes (an
  // invitation's preview), which count per address.
  if (c.req.method !== "GET" && c.req.method !== "HEAD") {
    windows.push({ seconds: 60, checks: perUserAndIp("write", env.LIMIT_WRITES_PER_MINUTE) });
  }
  if (policy.limit === "search") windows.push({ seconds: 60, checks: perUserAndIp("search", env.LIMIT_SEARCHES_PER_MINUTE) });
  if (policy.limit === "stream") windows.push({ seconds: 60, checks: [{ key: `stream-open:ip:${ip}`, max: STREAM_OPENS_PER_MINUTE_PER_IP }] });
  if (policy.limit === "import") {
    const orgId = /\/organisations\/([^/]+)/.exec(c.req.path)?.[1];
    windows.push({ seconds: 3600, checks: [...(orgId ? [{ key: `import:org:${orgId}`, max: env.LIMIT_IMPORTS_PER_HOUR }] : []), { key: `import:ip:${ip}`, max: env.LIMIT_IMPORTS_PER_HOUR * PER_IP_FACTOR }] });
  }
  return windows;
}

/**
 * Per-user and per-address limits on writes, searches, imports and stream opens, counted in
 * Postgres so they hold across instances. Runs after the session is read and before the handler.
 * Signed-out callers are counted only on public routes (per address): elsewhere the handler refuses them anyway.
 */
export const abuseLimits: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("user") && policyOf(c).access !== "public") return next();
  const db = c.get("services").database.db;
  for (const window of windowsOf(c)) {
    const verdict = await countRequest(db, window.checks, window.seconds);
    if (!verdict.allowed) {
      const wait = verdict.retryAfterSeconds;
      throw new AppError("rate_limited", `Too many requests. Please wait ${wait} seconds and try again.`, undefined, wait);
    }
  }
  await next();
};
