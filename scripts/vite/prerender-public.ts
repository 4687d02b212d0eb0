import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { fileNameFromKey } from "../../src/server/prerendered-page";
import { SPA_ENTRY_META } from "../../src/web/lib/prerendered-takeover";

/** Where the pages go inside the web build, and the scripts each kind loads before interaction (in public/; the theme script is inline). */
export const PRERENDERED_DIR = "prerendered";
const PUBLIC_PAGE_SCRIPTS = ["/public-page.js"];
const AUTH_PAGE_SCRIPTS = ["/auth-page.js"];

type Options = { root: string; entry: string; maxScriptGzipKb: number; goalScriptGzipKb?: number };
type Renderer = {
  publicPagePaths: string[];
  publicPageLanguages: readonly string[];
  renderPublicPage: (path: string, lng: string) => string;
  publicPageDescription: (lng: string) => string;
  authPageKeys: string[];
  renderAuthPage: (key: string, lng: string) => string;
};

/**
 * The file a page is written to, and read from by the server (src/server/static.ts): English at
 * prerendered/<page>.html, the others in prerendered/<lng>/; /auth?mode=sign-up as auth~mode=sign-up.html.
 */
export const prerenderedFile = (key: string, lng = "en") => `${PRERENDERED_DIR}/${lng === "en" ? "" : `${lng}/`}${fileNameFromKey(key)}.html`;

const escapeAttribute = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The page in another language: <html lang> and the description follow it. */
export function inLanguage(page: string, lng: string, description?: string): string {
  let out = page.replace(/<html lang="[^"]*"/, `<html lang="${lng}"`);
  if (description) out = out.replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeAttribute(description)}"`);
  return out;
}

/** The SPA's entry and the modules index.html preloads with it, as the build wrote them. */
export function spaScripts(template: string): { entry: string; preloads: string[] } {
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(template)?.[1];
  if (!entry) throw new Error("prerender: index.html has no module script");
  const preloads = [...template.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => m[1] ?? "");
  return { entry, preloads };
}

/**
 * Turns the built index.html into a prerendered page: the markup in #root, and no module script or
 * preload, so the page downloads no React. Its stylesheet stays; `scripts` (plain, deferred) replace
 * the bundle. With `takeOver`, the SPA's entry and preloads are written into meta tags for
 * public/auth-page.js to load on the visitor's first interaction.
 */
export function pageFromTemplate(template: string, markup: string, scripts = PUBLIC_PAGE_SCRIPTS, takeOver = false): string {
  const spa = takeOver ? spaScripts(template) : null;
  const metas = spa ? `    <meta name="${SPA_ENTRY_META}" content="${spa.entry}" />\n    <meta name="whq-spa-preloads" content="${spa.preloads.join(" ")}" />\n` : "";
  const tags = scripts.map((src) => `    <script src="${src}" defer></script>\n`).join("");
  const page = template
    .replace(/\s*<script type="module"[^>]*><\/script>/g, "")
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
    .replace(/<div id="root">.*?<\/div>/s, `<div id="root">${markup}</div>`)
    .replace(/\n\s*<\/head>/, `\n${metas}${tags}  </head>`);
  if (!page.includes(markup) || page.includes('type="module"')) throw new Error("prerender: index.html is not the shape this plugin expects");
  return page;
}

/** What the scripts a prerendered page loads weigh, gzip level 9, in bytes. */
async function scriptsGzip(outDir: string, scripts: string[]) {
  const sizes = await Promise.all(scripts.map(async (s) => gzipSync(await readFile(join(outDir, s)), { level: 9 }).length));
  return sizes.reduce((sum, n) => sum + n, 0);
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
        const write = (key: string, page: string) => writeFile(join(outDir, prerenderedFile(key, lng)), lng === "en" ? page : inLanguage(page, lng, renderer.publicPageDescription(lng)));
        for (const path of renderer.publicPagePaths) await write(path, pageFromTemplate(template, renderer.renderPublicPage(path, lng)));
        for (const key of renderer.authPageKeys) await write(key, pageFromTemplate(template, renderer.renderAuthPage(key, lng), AUTH_PAGE_SCRIPTS, true));
      }
      await rm(ssrDir, { recursive: true, force: true });

      // Each kind of page is checked on its own: what it loads before the visitor interacts.
      const kinds = [
        { name: "public pages", pages: renderer.publicPagePaths, scripts: PUBLIC_PAGE_SCRIPTS },
        { name: "/auth", pages: renderer.authPageKeys, scripts: AUTH_PAGE_SCRIPTS },
      ];
      const goal = goalScriptGzipKb !== undefined ? ` (goal ${goalScriptGzipKb} kB)` : "";
      for (const kind of kinds) {
        const total = await scriptsGzip(outDir, kind.scripts);
        const verdict = total <= maxScriptGzipKb * 1000 ? "ok" : "OVER BUDGET";
        log(`Prerendered ${kind.pages.join(", ")} in ${renderer.publicPageLanguages.join(", ")}: each loads ${kind.scripts.join(" + ")}, ${(total / 1000).toFixed(1)} kB gzip, budget ${maxScriptGzipKb} kB${goal}  ${verdict}`);
        if (production && total > maxScriptGzipKb * 1000) this.error(`prerendered ${kind.name} load ${(total / 1000).toFixed(1)} kB gzip of script, over ${maxScriptGzipKb} kB`);
      }
    },
  };
}
