import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ErrorCode } from "@/shared/api-error";
import type { AppEnv } from "../context";
import { languageOfRequest } from "../i18n/request-language";
import { translateFields, translateServerMessage } from "../i18n/server-messages";
import { clientDatabaseError, describeDatabaseError, isDatabaseUnavailable } from "./database-errors";
import { AppError } from "./errors";
import { forCaller, namesOperatorAddress } from "./operator-addresses";
import { loggedPath } from "./request-log";

const httpCodes: Partial<Record<number, ErrorCode>> = { 401: "unauthorized", 403: "forbidden", 404: "not_found", 409: "conflict", 413: "payload_too_large", 429: "rate_limited" };

function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (err instanceof HTTPException) return err.status < 500 ? new AppError(httpCodes[err.status] ?? "bad_request", err.message || "Bad request") : undefined;
  if (isDatabaseUnavailable(err)) return new AppError("unavailable", "The database is unavailable right now. Please try again shortly.");
  return clientDatabaseError(err);
}

/**
 * An unexpected error as a log line may carry it: the database's own facts when it came from
 * there, otherwise the message and a few frames. Drizzle's message (and so its stack's first
 * line) holds the statement's parameters, every value the user sent, so it is never logged.
 */
function describeError(err: unknown): Record<string, unknown> {
  const database = describeDatabaseError(err);
  if (!(err instanceof Error)) return { error: String(err), ...database };
  const frames = (err.stack ?? "").split("\n").filter((l) => l.trimStart().startsWith("at ")).slice(0, 8).map((l) => l.trim());
  return { errorType: err.name, ...(database ? database : { error: err.message }), frames };
}

/** The one place errors become JSON; functions keep the spec's { ok: false, error } shape. */
export const errorHandler: ErrorHandler<AppEnv> = async (err, c) => {
  // No connection could be had, or one broke or went silent: the database is away (logged once per outage).
  if (isDatabaseUnavailable(err)) c.get("services").database.availability.markDown(err);
  const known = toAppError(err);
  const requestId = c.get("requestId");
  if (!known) c.get("services").logger.error("unhandled error", { requestId, method: c.req.method, path: loggedPath(c.req.path), ...describeError(err) });
  const appError = known ?? new AppError("internal", "Something went wrong on our side. Please try again.");
  // A failed deploy or agent test may name the operator's n8n address: only an operator reads it.
  if (known && c.get("user") && namesOperatorAddress(known.message, c.get("services").env)) {
    const message = await forCaller(c, known.message);
    if (message !== known.message) return renderError(c, new AppError(known.code, message, known.fields, known.retryAfterSeconds));
  }
  return renderError(c, appError);
};

export function renderError(c: Context<AppEnv>, e: AppError) {
  const requestId = c.get("requestId");
  c.header("Cache-Control", "no-store");
  // Every 503 here is passing (a lost connection, a serialization failure): say when to come back.
  const retryAfter = e.retryAfterSeconds ?? (e.status === 503 ? 1 : undefined);
  if (retryAfter !== undefined) c.header("Retry-After", String(retryAfter));
  // Said in the reader's language (Accept-Language, which the app sets to its own); logs keep the English.
  const lang = languageOfRequest(c);
  const message = translateServerMessage(lang, e.message);
  const fields = e.fields ? translateFields(lang, e.fieldsIn?.(lang) ?? e.fields) : undefined;
  c.header("Content-Language", lang);
  if (c.req.path.startsWith("/functions/")) {
    return c.json({ ok: false, error: message, code: e.code, requestId, ...e.details }, e.status);
  }
  return c.json({ error: { code: e.code, message, requestId, ...(fields ? { fields } : {}), ...e.details } }, e.status);
}
