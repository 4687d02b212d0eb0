import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { ROUTE_PRELOADS_FILE } from "../../src/server/route-preload-pages";
import { measureRoutes } from "./bundle-budgets";

export type RoutePreload = { route: string; modules: string[] };

/**
 * Vite build plugin: writes which chunks each /app route needs besides the entry's (the same chunk
 * graph the budgets measure), so the server can name them in that route's page as modulepreloads.
 * Without them the browser learns of the shell's and the page's chunks only once the entry has
 * arrived and run: a round trip and a phone's evaluation of the entry later.
 */
export function routePreloads(routes: RoutePreload[], { root }: { root: string }): Plugin {
  return {
    name: "whq:route-preloads",
    apply: "build",
    writeBundle(options, bundle) {
      const measured = measureRoutes(bundle, root, [{ route: "entry", modules: [], maxGzipKb: Infinity }, ...routes.map((r) => ({ ...r, maxGzipKb: Infinity }))]);
      const entryFiles = new Set(measured[0]!.files.map((f) => f.name));
      const preloads = Object.fromEntries(
        measured.slice(1).map(({ route, files }) => [
          route,
          files
            .filter((f) => !entryFiles.has(f.name))
            .map((f) => `/${f.name}`)
            .sort(),
        ]),
      );
      writeFileSync(join(options.dir!, ROUTE_PRELOADS_FILE), `${JSON.stringify(preloads, null, 1)}\n`);
    },
  };
}
