import { AppError } from "./errors";

// Codes that mean "the database is not there" rather than "this query is wrong": socket errors,
// class 08 (connection exception), 57P01-57P05 (shut down, crashed, not yet up, idle timeout)
// and 53300 (too many connections).
const unavailableCodes = new Set([
  ...["ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENETDOWN", "ENOTFOUND", "EAI_AGAIN"],
  ...["57P01", "57P02", "57P03", "57P05", "53300", "08000", "08001", "08003", "08004", "08006"],
]);
// What node-postgres and pg-pool say when no connection could be had or one broke underneath:
// the pool's "timeout exceeded when trying to connect" (no client free in time), a new client's
// connect timeout, a client used after its connection failed, a LISTEN probe that went unanswered,
// a statement that got no answer at all within query_timeout (a stalled or silently dead connection).
const unavailableMessages =
  /pool after calling end|PGlite is closed|Connection terminated|connect ECONNREFUSED|the database system is (starting up|shutting down)|timeout exceeded when trying to connect|connection error and is not queryable|Client was closed and is not queryable|stopped answering|Query read timeout/i;
const sqlState = /^[0-9A-Z]{5}$/;

/** Drizzle wraps driver errors (and may wrap them again): every object on the cause chain, outermost first. */
function causeChain(error: unknown): Record<string, unknown>[] {
  const chain: Record<string, unknown>[] = [];
  for (let e: unknown = error; e && typeof e === "object" && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e as Record<string, unknown>);
  return chain;
}

/** The driver's error, the one carrying the SQLSTATE, if the failure came from Postgres. */
function driverErrorOf(error: unknown): Record<string, unknown> | undefined {
  return causeChain(error).find((e) => typeof e.code === "string" && sqlState.test(e.code));
}

/** The SQLSTATE of a failure that came from Postgres, however deeply Drizzle wrapped it. */
export const sqlStateOf = (error: unknown): string | undefined => driverErrorOf(error)?.code as string | undefined;

/**
 * Drizzle's "Failed query: … params: …" (and better-auth's messages that quote it) end with every
 * bound value: titles, tokens, password hashes. The statement may be said, its values never.
 */
export const withoutQueryParams = (text: string) => text.replace(/\n?params:[\s\S]*$/, "\nparams: [not logged]");

/** Walks the cause chain looking for a lost connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causeChain(error).some(({ code, message }) => (typeof code === "string" && unavailableCodes.has(code)) || (typeof message === "string" && unavailableMessages.test(message)));
}

/**
 * Failures a client can provoke with what it sends, as the AppError they deserve; undefined for
 * the ones that are our bug (a 500). Class 22 is "data exception", 23 "integrity constraint
 * violation", 54 "program limit exceeded" (an index row too big, too many columns...).
 */
export function clientDatabaseError(error: unknown): AppError | undefined {
  const driver = driverErrorOf(error);
  const code = driver?.code as string | undefined;
  if (!code) return undefined;
  if (code === "40001" || code === "40P01") return new AppError("unavailable", "The database was busy with a conflicting change. Please try again.");
  // statement_timeout (client/db.ts): the database is there but this took too long; coming back helps.
  if (code === "57014") return new AppError("unavailable", "The database took too long to answer. Please try again shortly.");
  if (code === "23505") return new AppError("conflict", "That already exists. Reload and try again.");
  if (code === "23503") return new AppError("conflict", "Something this refers to was changed or removed meanwhile. Reload and try again.");
  if (code === "23502" || code === "23514") return new AppError("bad_request", "A value in the request is missing or not allowed");
  if (code === "22023" && /time zone/i.test(String(driver?.message))) return new AppError("bad_request", "Unknown time zone", { tz: "Unknown time zone" });
  if (code.startsWith("22")) return new AppError("bad_request", "A value in the request has the wrong format or is out of range");
  if (code.startsWith("54")) return new AppError("bad_request", "A value in the request is too large");
  return undefined;
}

/** The first keywords of a statement ("insert into tasks"): what ran, never the values it ran with. */
export const statementHead = (query: string) => query.trim().split(/\s+/).slice(0, 3).join(" ").replace(/"/g, "").slice(0, 80);

/**
 * What a log line may say about a database failure: the SQLSTATE, where it happened and the kind
 * of statement. Never Drizzle's "Failed query: ... params: ...", which carries every value sent.
 */
export function describeDatabaseError(error: unknown): Record<string, string> | undefined {
  const chain = causeChain(error);
  const driver = driverErrorOf(error);
  const query = chain.map((e) => e.query).find((q): q is string => typeof q === "string");
  if (!driver && !query) return undefined;
  const picked: Record<string, string> = {};
  if (query) picked.statement = statementHead(query);
  for (const key of ["code", "constraint", "table", "column", "routine", "message"] as const) {
    const value = driver?.[key];
    if (typeof value === "string" && value) picked[key === "code" ? "sqlstate" : key === "message" ? "dbMessage" : key] = value;
  }
  return picked;
}
