// Codes that mean "the database is not there" rather than "this query is wrong".
const unavailableCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "57P01", "57P02", "57P03", "53300", "08000", "08001", "08003", "08006"]);
const unavailableMessages = /pool after calling end|PGlite is closed|Connection terminated|connect ECONNREFUSED|the database system is (starting up|shutting down)/i;

/** Walks the cause chain (Drizzle wraps driver errors) looking for a lost connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (typeof e !== "object") return false;
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && unavailableCodes.has(code)) return true;
    if (typeof message === "string" && unavailableMessages.test(message)) return true;
    e = cause;
  }
  return false;
}

/** Constraint failures a client can provoke (a race on a unique key, a row deleted meanwhile). */
export function constraintMessage(error: unknown): { code: "conflict" | "bad_request"; message: string } | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === "23505") return { code: "conflict", message: "That already exists. Reload and try again." };
    if (code === "23503") return { code: "conflict", message: "Something this refers to was changed or removed meanwhile. Reload and try again." };
    if (code === "22P02" || code === "22007" || code === "22008") return { code: "bad_request", message: "A value in the request has the wrong format" };
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
