import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

/** Where the pages go inside the web build, and the scripts each of them loads (both in public/). */
export const PRERENDERED_DIR = "prerendered";
const PAGE_SCRIPTS = ["/theme-init.js", "/public-page.js"];

type Options = { root: string; entry: string; maxScriptGzipKb: number; goalScriptGzipKb?: number };
type Renderer = { publicPagePaths: string[]; renderPublicPage: (path: string) => string };

/** The file a public path is written to, and read from by the server (src/server/static.ts). */
export const prerenderedFile = (path: string) => `${PRERENDERED_DIR}/${path === "/" ? "index" : path.slice(1)}.html`;

/**
 * Turns the built index.html into a prerendered page: the markup in #root, and no module script or
 * preload, so the page downloads no React. Its stylesheet stays; public-page.js replaces the bundle.
 */
export function pageFromTemplate(template: string, markup: string): string {
  const page = template
    .replace(/\s*<script type="module"[^>]*><\/script>/g, "")
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
    .replace('<div id="root"></div>', `<div id="root">${markup}</div>`)
    .replace("</head>", '    <script src="/public-page.js" defer></script>\n  </head>');
  if (!page.includes(markup) || page.includes('type="module"')) throw new Error("prerender: index.html is not the shape this plugin expects");
  return page;
}

/**
 * Vite build plugin: after the SPA is written, renders the public pages with the same components
 * (an SSR build of `entry`) into dist/web/prerendered/, and fails the build when the scripts such a
 * page loads are over budget (docs/decisions/005-bundle-budgets.md).
 */
export function prerenderPublic({ root, entry, maxScriptGzipKb, goalScriptGzipKb }: Options): Plugin {
  let outDir = "";
  let production = true;
  let log: (message: string) => void = console.log;
  return {
    name: "whq:prerender-public",
    apply: (config, env) => env.command === "build" && !config.build?.ssr,
    configResolved(config) {
      outDir = config.build.outDir;
      production = config.isProduction;
      log = (message) => config.logger.info(message);
    },
    async closeBundle() {
      const ssrDir = join(root, "dist/prerender-ssr");
      await build({
        configFile: false,
        root,
        logLevel: "warn",
        mode: production ? "production" : "development",
        plugins: [react()],
        resolve: { alias: { "@": join(root, "src") } },
        build: { ssr: entry, outDir: ssrDir, emptyOutDir: true, copyPublicDir: false, minify: false },
      });
      const built = (await readdir(ssrDir)).find((f) => /\.m?js$/.test(f));
      if (!built) throw new Error("prerender: the SSR build wrote no module");
      const renderer = (await import(pathToFileURL(join(ssrDir, built)).href)) as Renderer;
      const template = await readFile(join(outDir, "index.html"), "utf8");
      await mkdir(join(outDir, PRERENDERED_DIR), { recursive: true });
      for (const path of renderer.publicPagePaths) {
        await writeFile(join(outDir, prerenderedFile(path)), pageFromTemplate(template, renderer.renderPublicPage(path)));
      }
      await rm(ssrDir, { recursive: true, force: true });

      const scripts = await Promise.all(PAGE_SCRIPTS.map(async (s) => ({ name: s, gzip: gzipSync(await readFile(join(outDir, s)), { level: 9 }).length })));
      const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
      const goal = goalScriptGzipKb !== undefined ? ` (goal ${goalScriptGzipKb} kB)` : "";
      const verdict = total <= maxScriptGzipKb * 1000 ? "ok" : "OVER BUDGET";
      log(`Prerendered ${renderer.publicPagePaths.join(", ")}: each loads ${scripts.map((s) => s.name).join(" + ")}, ${(total / 1000).toFixed(1)} kB gzip, budget ${maxScriptGzipKb} kB${goal}  ${verdict}`);
      if (production && total > maxScriptGzipKb * 1000) this.error(`prerendered public pages load ${(total / 1000).toFixed(1)} kB gzip of script, over ${maxScriptGzipKb} kB`);
    },
  };
}
