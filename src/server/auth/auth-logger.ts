import type { Logger } from "../lib/logger";

type Level = "debug" | "info" | "success" | "warn" | "error";

function describe(arg: unknown): string {
  if (!(arg instanceof Error)) return String(arg);
  const cause = arg.cause instanceof Error ? `; cause: ${arg.cause.message}` : "";
  return `${arg.name}: ${arg.message}${cause}`;
}

/**
 * better-auth's log calls as our JSON lines, so one log shipper reads everything. Its errors are
 * reduced to name and message (and the database's own message); our logger strips the query
 * parameters such a message quotes (session tokens, password hashes) from every line.
 */
export function authLogger(logger: Logger) {
  return {
    log: (level: Level, message: string, ...args: unknown[]) => {
      const to = level === "success" ? "info" : level;
      logger[to](`auth: ${message}`, args.length ? { details: args.map(describe) } : undefined);
    },
  };
}
