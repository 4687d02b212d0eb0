import type { MiddlewareHandler } from "hono";
import { AppError } from "./errors";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sends from another site. Requests without
 * Origin or Sec-Fetch-Site come from non-browser clients, which carry no ambient cookies.
 * Only APP_URL counts as ours: an origin built from the request's Host header would let anyone
 * who can point a name at this server (DNS rebinding, a stray virtual host) pass the check.
 */
export function originGuard(appUrl: string, exemptPaths: string[] = []): MiddlewareHandler {
  const appOrigin = new URL(appUrl).origin;
  return async (c, next) => {
    if (safeMethods.has(c.req.method) || exemptPaths.includes(c.req.path)) return next();
    const origin = c.req.header("origin");
    if (origin !== undefined) {
      if (origin !== appOrigin) throw new AppError("forbidden", "Cross-origin request refused");
    } else if (c.req.header("sec-fetch-site") === "cross-site") {
      throw new AppError("forbidden", "Cross-origin request refused");
    }
    return next();
  };
}
