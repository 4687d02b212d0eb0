import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../context";
import { renderError } from "./error-handler";
import { AppError } from "./errors";
import { BODY_LIMITS, policyOf } from "./route-policies";

const tooLarge = (limit: number) => new AppError("payload_too_large", `The request body is larger than the ${Math.round(limit / 1024)} KB this endpoint accepts`);

/**
 * Runs before anything reads a body, /api/auth/* included. A declared Content-Length over the
 * limit is refused unread; a streamed body is counted as it arrives and cut off at the limit.
 */
export const bodyLimits: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  const limit = BODY_LIMITS[policyOf(c).body ?? "json"];
  return bodyLimit({ maxSize: limit, onError: () => renderError(c, tooLarge(limit)) })(c, next);
};
