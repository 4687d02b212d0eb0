import { withoutQueryParams } from "./database-errors";

type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export type Logger = Record<Level, (msg: string, fields?: Record<string, unknown>) => void>;

/** Longest string a log line carries: enough to diagnose, never a whole payload a user sent. */
export const MAX_LOG_STRING = 500;
const MAX_DEPTH = 4;
const MAX_ITEMS = 50;

function capString(text: string): string {
  const s = withoutQueryParams(text);
  return s.length > MAX_LOG_STRING ? `${s.slice(0, MAX_LOG_STRING)}…[${s.length - MAX_LOG_STRING} more chars]` : s;
}

/** Every string in a log field capped and stripped of query parameters, arrays and objects cut short, whatever a caller passes. */
function capValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") return capString(value);
  if (typeof value === "bigint") return String(value);
  if (value instanceof Error) return capString(String(value.stack ?? value.message));
  if (!value || typeof value !== "object") return value;
  if (value instanceof Date) return value;
  if (depth >= MAX_DEPTH) return "[nested too deep]";
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => capValue(v, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `…[${value.length - MAX_ITEMS} more items]`] : items;
  }
  const entries = Object.entries(value);
  const kept = entries.slice(0, MAX_ITEMS).map(([k, v]) => [capString(k), capValue(v, depth + 1)] as const);
  if (entries.length > MAX_ITEMS) kept.push(["…", `[${entries.length - MAX_ITEMS} more keys]`]);
  return Object.fromEntries(kept);
}

/** One JSON object per line, so any log shipper can parse it without configuration. */
export function createLogger(level: Level | "silent" = "info", write: (line: string) => void = (l) => process.stdout.write(l + "\n")): Logger {
  const log = (lvl: Level) => (msg: string, fields: Record<string, unknown> = {}) => {
    if (order[lvl] < order[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg: capString(msg), ...(capValue(fields, 0) as Record<string, unknown>) }));
  };
  return { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}
