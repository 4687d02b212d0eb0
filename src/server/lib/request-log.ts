import type { MiddlewareHandler } from "hono";
import { randomUUID } from "node:crypto";
import type { AppEnv } from "../context";

/** Gives each request an id (echoed in X-Request-Id and in error bodies) and logs one line for it. */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const incoming = c.req.header("x-request-id");
  const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
  c.set("requestId", requestId);
  const started = performance.now();
  await next();
  c.res.headers.set("X-Request-Id", requestId);
  c.get("services").logger.info("request", {
    requestId,
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
    userId: c.get("user")?.id,
  });
};
