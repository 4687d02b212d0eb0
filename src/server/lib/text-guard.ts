import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { AppError } from "./errors";
import { matchedRoute } from "./route-policies";

// Postgres refuses NUL in text, and a lone UTF-16 surrogate has no UTF-8 form (the drivers turn it
// into U+FFFD silently): either would fail deep in a query, or store something else than was sent.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// No payload of ours nests beyond a few levels; deeper input only costs recursion further on.
const MAX_DEPTH = 32;

export const UNSTORABLE_TEXT = "Contains a character that cannot be stored (NUL or a broken Unicode sequence)";
const TOO_DEEP = "Nested too deeply";

export type BadText = { path: string; message: string };

export const isStorableText = (text: string) => !unstorable.test(text);
const keyOf = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);

/** The first string (value or key) at any depth that cannot be stored, as a field path like rows.3.title. */
export function findBadText(value: unknown, root = ""): BadText | undefined {
  const stack: [unknown, string, number][] = [[value, root, 0]];
  while (stack.length > 0) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === "string") {
      if (!isStorableText(v)) return { path: path || "_", message: UNSTORABLE_TEXT };
      continue;
    }
    if (!v || typeof v !== "object") continue;
    if (depth >= MAX_DEPTH) return { path: path || "_", message: TOO_DEEP };
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (!isStorableText(key)) return { path: keyOf(path, key.replace(unstorable, "\uFFFD")), message: UNSTORABLE_TEXT };
      stack.push([child, keyOf(path, key), depth + 1]);
    }
  }
  return undefined;
}

export function refuseBadText(bad: BadText | undefined): void {
  if (!bad) return;
  const summary = bad.message === TOO_DEEP ? "The request is nested too deeply" : "Some fields contain characters that cannot be stored";
  throw new AppError("bad_request", summary, { [bad.path]: bad.message });
}

/** Path segments named by the route's parameters (`:taskId`), the others as "path". */
function pathParts(c: Context): Record<string, string> {
  const pattern = (matchedRoute(c)?.path ?? "").split("/");
  const parts: Record<string, string> = {};
  c.req.path.split("/").forEach((segment, i) => {
    const name = pattern[i]?.startsWith(":") ? pattern[i]!.slice(1).replace(/\{.*$/, "") : "path";
    parts[name] = parts[name] === undefined ? segment : `${parts[name]}/${segment}`;
  });
  return parts;
}

/** The body as the route will read it: JSON, a form, or plain text. Unparseable JSON is the route's to refuse. */
function bodyValue(text: string, contentType: string): unknown {
  if (contentType.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Refuses unstorable text in the path, the query and the body of every request, so no route (new
 * ones included, and better-auth, which reads `c.req.raw` itself) can send it to the database.
 * The body is read once and put back on a rebuilt `c.req.raw`, byte for byte.
 */
export const textGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  // A URL without a percent escape holds only the characters the URL parser let through, none of
  // them NUL or a lone surrogate: only an escape can decode to one. Most requests skip the walk.
  if (c.req.url.includes("%")) {
    refuseBadText(findBadText(pathParts(c)));
    for (const [name, values] of Object.entries(c.req.queries())) values.forEach((v) => refuseBadText(findBadText({ [name]: v })));
  }
  if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.raw.body) {
    const bytes = await c.req.arrayBuffer();
    c.req.raw = new Request(c.req.raw, { body: bytes });
    const text = new TextDecoder().decode(bytes);
    if (text) refuseBadText(findBadText(bodyValue(text, c.req.header("content-type") ?? "")));
  }
  await next();
};
