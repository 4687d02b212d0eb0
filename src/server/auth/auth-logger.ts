import type { Logger } from "../lib/logger";

type Level = "debug" | "info" | "success" | "warn" | "error";

// Drizzle's "Failed query" message ends with every bound value: session tokens, password hashes.
const withoutParams = (text: string) => text.replace(/\n?params:[\s\S]*$/, "\nparams: [not logged]");

function describe(arg: unknown): string {
  if (!(arg instanceof Error)) return withoutParams(String(arg));
  const cause = arg.cause instanceof Error ? `; cause: ${withoutParams(arg.cause.message)}` : "";
  return `${arg.name}: ${withoutParams(arg.message)}${cause}`;
}

/**
 * better-auth's log calls as our JSON lines, so one log shipper reads everything. Its errors are
 * reduced to name and message (and the database's own message), never a query's parameters.
 */
export function authLogger(logger: Logger) {
  return {
    log: (level: Level, message: string, ...args: unknown[]) => {
      const to = level === "success" ? "info" : level;
      logger[to](`auth: ${withoutParams(message)}`, args.length ? { details: args.map(describe) } : undefined);
    },
  };
}
