import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../context";
import { constraintMessage, isDatabaseUnavailable } from "./database-errors";
import { AppError } from "./errors";

function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (err instanceof HTTPException) {
    const code = err.status === 401 ? "unauthorized" : err.status === 403 ? "forbidden" : err.status === 404 ? "not_found" : "bad_request";
    return err.status < 500 ? new AppError(code, err.message || "Bad request") : undefined;
  }
  if (isDatabaseUnavailable(err)) return new AppError("unavailable", "The database is unavailable right now. Please try again shortly.");
  const constraint = constraintMessage(err);
  if (constraint) return new AppError(constraint.code, constraint.message);
  return undefined;
}

/** The one place errors become JSON; functions keep the spec's { ok: false, error } shape. */
export const errorHandler: ErrorHandler<AppEnv> = (err, c) => {
  const known = toAppError(err);
  const requestId = c.get("requestId");
  if (!known) c.get("services").logger.error("unhandled error", { requestId, path: c.req.path, error: String(err instanceof Error ? err.stack : err) });
  const appError = known ?? new AppError("internal", "Something went wrong on our side. Please try again.");
  return renderError(c, appError);
};

export function renderError(c: Context<AppEnv>, e: AppError) {
  const requestId = c.get("requestId");
  c.header("Cache-Control", "no-store");
  if (c.req.path.startsWith("/functions/")) {
    return c.json({ ok: false, error: e.message, code: e.code, requestId }, e.status);
  }
  return c.json({ error: { code: e.code, message: e.message, requestId, ...(e.fields ? { fields: e.fields } : {}) } }, e.status);
}
