import { Hono } from "hono";
import type { AppEnv } from "../context";
import { renderError } from "../lib/error-handler";
import { AppError } from "../lib/errors";

/**
 * better-auth answers /api/auth/*; we add the standard Retry-After to its 429s and give its
 * bodiless 404s for unknown paths the same JSON error as every other /api path.
 */
export const authRoutes = new Hono<AppEnv>().on(["GET", "POST"], "/*", async (c) => {
  const response = await c.get("services").auth.handler(c.req.raw);
  if (response.status === 429 && !response.headers.has("Retry-After")) {
    const headers = new Headers(response.headers);
    headers.set("Retry-After", headers.get("X-Retry-After") ?? "60");
    const body = JSON.stringify({ code: "RATE_LIMITED", message: "Too many attempts. Please wait a minute and try again." });
    headers.set("Content-Type", "application/json");
    return new Response(body, { status: 429, headers });
  }
  if (response.status === 404 && !response.headers.get("Content-Type")?.includes("json")) {
    return renderError(c, new AppError("not_found", `No such endpoint: ${c.req.method} ${c.req.path}`));
  }
  return response;
});
