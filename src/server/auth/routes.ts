import { Hono } from "hono";
import type { AppEnv } from "../context";
import { pingDatabase } from "../db/client";
import { renderError } from "../lib/error-handler";
import { AppError } from "../lib/errors";

/**
 * better-auth answers /api/auth/*. We add the standard Retry-After to its 429s, give its bodiless
 * 404s the JSON error of every other /api path, and turn its 500s into 503 when the database is gone.
 */
export const authRoutes = new Hono<AppEnv>().on(["GET", "POST"], "/*", async (c) => {
  const response = await c.get("services").auth.handler(c.req.raw);
  if (response.status === 429 && !response.headers.has("Retry-After")) {
    const headers = new Headers(response.headers);
    const retryAfter = Number(headers.get("X-Retry-After") ?? "60") || 60;
    headers.set("Retry-After", String(retryAfter));
    headers.set("Content-Type", "application/json");
    const body = JSON.stringify({ code: "RATE_LIMITED", message: "Too many attempts. Please wait a minute and try again.", retryAfter });
    return new Response(body, { status: 429, headers });
  }
  if (response.status === 404 && !response.headers.get("Content-Type")?.includes("json")) {
    return renderError(c, new AppError("not_found", `No such endpoint: ${c.req.method} ${c.req.path}`));
  }
  if (response.status >= 500) {
    const databaseUp = await pingDatabase(c.get("services").database.db).then(() => true, () => false);
    c.get("services").logger.error("auth handler failed", { requestId: c.get("requestId"), path: c.req.path, status: response.status, databaseUp });
    return renderError(
      c,
      databaseUp
        ? new AppError("internal", "Something went wrong on our side. Please try again.")
        : new AppError("unavailable", "The database is unavailable right now. Please try again shortly."),
    );
  }
  return response;
});
