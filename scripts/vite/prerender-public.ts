import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

/** Where the pages go inside the web build, and the scripts each of them loads (in public/; the theme script is inline). */
export const PRERENDERED_DIR = "prerendered";
const PAGE_SCRIPTS = ["/public-page.js"];

type Options = { root: string; entry: string; maxScriptGzipKb: number; goalScriptGzipKb?: number };
type Renderer = {
  publicPagePaths: string[];
  publicPageLanguages: readonly string[];
  renderPublicPage: (path: string, lng: string) => string;
  publicPageDescription: (lng: string) => string;
};

/**
 * The file a public path is written to, and read from by the server (src/server/static.ts):
 * English at prerendered/<page>.html, the others in prerendered/<lng>/.
 */
export const prerenderedFile = (path: string, lng = "en") => `${PRERENDERED_DIR}/${lng === "en" ? "" : `${lng}/`}${path === "/" ? "index" : path.slice(1)}.html`;

const escapeAttribute = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The page in another language: <html lang> and the description follow it. */
export function inLanguage(page: string, lng: string, description?: string): string {
  let out = page.replace(/<html lang="[^"]*"/, `<html lang="${lng}"`);
  if (description) out = out.replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeAttribute(description)}"`);
  return out;
}

/**
 * Turns the built index.html into a prerendered page: the markup in #root, and no module script or
 * preload, so the page downloads no React. Its stylesheet stays; public-page.js replaces the bundle.
 */
export function pageFromTemplate(template: string, markup: string): string {
  const page = template
    .replace(/\s*<script type="module"[^>]*><\/script>/g, "")
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
    .replace(/<div id="root">.*?<\/div>/s, `<div id="root">${markup}</div>`)
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
      // Beside the output, not one fixed folder: two builds at once (test runs in parallel) must not share it.
      const ssrDir = `${outDir}-ssr`;
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
      for (const lng of renderer.publicPageLanguages) {
        await mkdir(join(outDir, PRERENDERED_DIR, lng === "en" ? "" : lng), { recursive: true });
        for (const path of renderer.publicPagePaths) {
          const page = pageFromTemplate(template, renderer.renderPublicPage(path, lng));
          await writeFile(join(outDir, prerenderedFile(path, lng)), lng === "en" ? page : inLanguage(page, lng, renderer.publicPageDescription(lng)));
        }
      }
      await rm(ssrDir, { recursive: true, force: true });

      const scripts = await Promise.all(PAGE_SCRIPTS.map(async (s) => ({ name: s, gzip: gzipSync(await readFile(join(outDir, s)), { level: 9 }).length })));
      const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
      const goal = goalScriptGzipKb !== undefined ? ` (goal ${goalScriptGzipKb} kB)` : "";
      const verdict = total <= maxScriptGzipKb * 1000 ? "ok" : "OVER BUDGET";
      log(`Prerendered ${renderer.publicPagePaths.join(", ")} in ${renderer.publicPageLanguages.join(", ")}: each loads ${scripts.map((s) => s.name).join(" + ")}, ${(total / 1000).toFixed(1)} kB gzip, budget ${maxScriptGzipKb} kB${goal}  ${verdict}`);
      if (production && total > maxScriptGzipKb * 1000) this.error(`prerendered public pages load ${(total / 1000).toFixed(1)} kB gzip of script, over ${maxScriptGzipKb} kB`);
    },
  };
}
