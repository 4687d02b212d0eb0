import type { Context, MiddlewareHandler } from "hono";
import { randomUUID } from "node:crypto";
import type { AppEnv } from "../context";
import { UNMATCHED_ROUTE } from "./metrics/request-metrics";
import { matchedRouteKey } from "./route-policies";

// Segments that carry a token; the route pattern is logged in their place.
const tokenRoutes: [RegExp, string][] = [
  [/\/reset-password\/[^/]+/g, "/reset-password/:token"],
  [/\/calendar-feeds\/[^/]+/g, "/calendar-feeds/:token"],
];
// Anything else shaped like a token (24+ letters and digits, with both): an id of ours is a UUID.
const opaque = /^(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{24,}$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The path as it may be logged: never the query string (verification links carry `token=` and
 * `callbackURL=` there), and token-bearing segments replaced, so a log reader holds no live link.
 */
export function loggedPath(path: string): string {
  let out = path.split(/[?#]/, 1)[0] ?? "";
  for (const [pattern, replacement] of tokenRoutes) out = out.replace(pattern, replacement);
  return out
    .split("/")
    .map((segment) => (opaque.test(segment) && !uuid.test(segment) ? ":redacted" : segment))
    .join("/");
}

/**
 * The registered route a request was for, as its pattern ("GET /api/v1/organisations/:orgId"),
 * even when a middleware answered it (a 403, a 429); "unmatched" when no route was, including an
 * /api or /functions address that only the web app's catch-all would have taken.
 */
export function routeLabelOf(c: Context<AppEnv>): string {
  const key = matchedRouteKey(c);
  if (!key || (key === "GET /*" && /^\/(?:api|functions)(?:\/|$)/.test(c.req.path))) return UNMATCHED_ROUTE;
  return key;
}

/** Gives each request an id (echoed in X-Request-Id and in error bodies) and logs one line for it. */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const incoming = c.req.header("x-request-id");
  const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
  c.set("requestId", requestId);
  const started = performance.now();
  await next();
  c.res.headers.set("X-Request-Id", requestId);
  const ms = performance.now() - started;
  const { metrics, logger } = c.get("services");
  metrics.record(routeLabelOf(c), c.res.status, ms);
  logger.info("request", {
    requestId,
    method: c.req.method,
    path: loggedPath(c.req.path),
    status: c.res.status,
    ms: Math.round(ms * 10) / 10,
    userId: c.get("user")?.id,
  });
};
