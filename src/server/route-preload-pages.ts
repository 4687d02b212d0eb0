import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

/** Written by the build (scripts/vite/route-preloads.ts): route pattern ("/app/planes/:id") -> its chunks beyond the entry's, as URL paths. */
export const ROUTE_PRELOADS_FILE = "route-preloads.json";
const routePreloadsSchema = z.record(z.string().regex(/^\/app(\/[\w:-]+)*$/), z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)));

/** "/app/planes/:id" -> a pattern for that path, with or without a trailing slash. */
export function routePattern(route: string): RegExp {
  const body = route
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${body}/?$`);
}

/**
 * index.html with a modulepreload for each of `files`. Low priority: at the default they shared the
 * phone's bandwidth with the stylesheet, and the first paint came at 1.2-1.6 s instead of 0.8 s
 * (bench/lighthouse.ts, /app/api-keys, /app/planes, /app/dashboard, median of 3).
 */
export function withModulepreloads(template: string, files: string[]): string {
  const links = files.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${file}">`).join("");
  return template.replace("</head>", `${links}</head>`);
}

/**
 * One page per /app route that names the route's chunks: the browser fetches the shell's and the
 * page's code beside the entry instead of after it (on a phone, the entry's download and run).
 * Built once at start; without the build's file (an older build) every path gets the plain page.
 */
export function routePreloadPages<Page>(webDir: string, template: string, compress: (template: string) => Page): { find: (path: string) => Page | undefined } {
  const file = join(webDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return { find: () => undefined };
  const parsed = routePreloadsSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) return { find: () => undefined };
  const pages = Object.entries(parsed.data).map(([route, files]) => ({ pattern: routePattern(route), page: compress(withModulepreloads(template, files)) }));
  return { find: (path) => pages.find(({ pattern }) => pattern.test(path))?.page };
}
