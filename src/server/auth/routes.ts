import { Hono, type Context } from "hono";
import type { AppEnv } from "../context";
import { pingDatabaseWithin } from "../db/client";
import { renderError } from "../lib/error-handler";
import { AppError } from "../lib/errors";
import { loggedPath } from "../lib/request-log";
import { languageOfRequest } from "../i18n/request-language";
import { authErrorIn } from "./auth-error-language";
import { withSessionHint } from "./session-hint";

/**
 * better-auth answers /api/auth/*. We add the standard Retry-After to its 429s, give its bodiless
 * 404s the JSON error of every other /api path, and turn its 500s into 503 when the database is gone.
 * Its GET /reset-password/:token would put a live token in a URL the server sees; our mails carry
 * the token in a fragment instead, so that route answers 404. Whenever it sets or clears the
 * session cookie, the readable session hint follows (session-hint.ts).
 */
export const authRoutes = new Hono<AppEnv>()
  // Its refusals in the reader's language, as every other /api refusal (auth-error-language.ts).
  .use("*", async (c, next) => {
    await next();
    c.res = await authErrorIn(languageOfRequest(c), c.res);
  })
  .get("/reset-password/:token", (c) => renderError(c, new AppError("not_found", "No such endpoint: GET /api/auth/reset-password/:token")))
  .on(["GET", "POST"], "/*", async (c) => {
    const response = await c.get("services").auth.handler(c.req.raw);
    if (response.status === 429 && !response.headers.has("Retry-After")) return response.headers.has("X-Retry-After") ? rateLimited(response) : withRetryAfter(response, TWO_FACTOR_LOCK_SECONDS);
    if (response.status === 404 && !response.headers.get("Content-Type")?.includes("json")) {
      return renderError(c, new AppError("not_found", `No such endpoint: ${c.req.method} ${c.req.path}`));
    }
    if (response.status >= 500) return failed(c, response.status);
    return withSessionHint(response, c.get("services").env.APP_URL.startsWith("https://"));
  });

/** better-auth's two-factor lock (ACCOUNT_TEMPORARILY_LOCKED): its body says why, its length is the plugin's default. */
const TWO_FACTOR_LOCK_SECONDS = 15 * 60;

function withRetryAfter(response: Response, seconds: number) {
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(seconds));
  return new Response(response.body, { status: 429, headers });
}

/** better-auth's per-IP limiter answers without Retry-After; the per-account lockout sets its own. */
function rateLimited(response: Response) {
  const headers = new Headers(response.headers);
  const retryAfter = Number(headers.get("X-Retry-After") ?? "60") || 60;
  headers.set("Retry-After", String(retryAfter));
  headers.set("Content-Type", "application/json");
  const body = JSON.stringify({ code: "RATE_LIMITED", message: "Too many attempts. Please wait a minute and try again.", retryAfter });
  return new Response(body, { status: 429, headers });
}

async function failed(c: Context<AppEnv>, status: number) {
  // Bounded as the health check's is: a database that hangs answers 503 in seconds, not never.
  const databaseUp = await pingDatabaseWithin(c.get("services").database).then(
    () => true,
    () => false,
  );
  c.get("services").logger.error("auth handler failed", { requestId: c.get("requestId"), path: loggedPath(c.req.path), status, databaseUp });
  return renderError(
    c,
    databaseUp
      ? new AppError("internal", "Something went wrong on our side. Please try again.")
      : new AppError("unavailable", "The database is unavailable right now. Please try again shortly."),
  );
}
