import { Hono, type Context } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { createReadStream, existsSync, readdirSync, readFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { Readable } from "node:stream";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { getMimeType } from "hono/utils/mime";
import { getCookie, setCookie } from "hono/cookie";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGES, languageFromAcceptLanguage, type Language } from "@/shared/languages";
import type { AppEnv } from "./context";
import { SESSION_HINT_COOKIE } from "@/shared/session-hint";
import { keyFromFileName, prerenderedPageKey } from "./prerendered-page";
import { chooseEncoding, type Encoding } from "./static-encoding";
import { routePreloadPages } from "./route-preload-pages";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const suffix: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/** URL path -> the precompressed copies the build wrote beside that file (scripts/vite/compress-assets.ts). */
function findVariants(webDir: string): Map<string, Encoding[]> {
  const files = new Set(
    readdirSync(webDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => relative(webDir, join(e.parentPath, e.name)).split(sep).join("/")),
  );
  const variants = new Map<string, Encoding[]>();
  for (const file of files) {
    const found = (["br", "gzip"] as const).filter((enc) => files.has(file + suffix[enc]));
    if (found.length) variants.set(`/${file}`, found);
  }
  return variants;
}

type CompressedPage = Record<Encoding | "identity", Uint8Array<ArrayBuffer>>;

/** The page with the product name written in (it is configurable, so not in the bundle), compressed once. */
function compressedPage(template: string, appName: string): CompressedPage {
  const page = Buffer.from(template.replaceAll("%APP_NAME%", escapeHtml(appName)));
  return {
    br: new Uint8Array(brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
    gzip: new Uint8Array(gzipSync(page, { level: 9 })),
    identity: new Uint8Array(page),
  };
}

type PageInLanguages = Partial<Record<Language, CompressedPage>>;

/**
 * Page key -> its prerendered page per language ("/" from index.html, "/pricing" from pricing.html,
 * "/auth?mode=sign-up" from auth~mode=sign-up.html: prerendered-page.ts; English at the top,
 * German and French in de/ and fr/); none in a build without them.
 */
function readPrerendered(webDir: string, appName: string): Map<string, PageInLanguages> {
  const pages = new Map<string, PageInLanguages>();
  for (const lng of LANGUAGES) {
    const dir = join(webDir, "prerendered", lng === DEFAULT_LANGUAGE ? "" : lng);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".html"))) {
      const path = keyFromFileName(file.slice(0, -".html".length));
      pages.set(path, { ...pages.get(path), [lng]: compressedPage(readFileSync(join(dir, file), "utf8"), appName) });
    }
  }
  return pages;
}

/**
 * The language of a public page: `?lang=` (the footer's switcher, kept in the cookie), else the
 * cookie (the app and the switcher write it), else Accept-Language by q-value, else English.
 */
function publicPageLanguage(c: Context<AppEnv>): { lng: Language; remember: boolean } {
  const asked = c.req.query("lang");
  if (isLanguage(asked)) return { lng: asked, remember: true };
  const cookie = getCookie(c, LANGUAGE_COOKIE);
  if (isLanguage(cookie)) return { lng: cookie, remember: false };
  return { lng: languageFromAcceptLanguage(c.req.header("Accept-Language")) ?? DEFAULT_LANGUAGE, remember: false };
}

/**
 * Serves the built SPA: hashed assets cached for a year, every other path gets index.html. Text
 * files go out brotli or gzip compressed when the browser accepts it (br first), from the copies
 * the build made; the page itself is compressed once, here, after the product name is written in.
 */
export function staticRoutes(webDir: string, appName: string) {
  const app = new Hono<AppEnv>();
  const indexFile = join(webDir, "index.html");
  if (!existsSync(indexFile)) {
    return app.get("*", (c) => c.text("The web app is not built yet. Run `npm run build` (npm start does it for you).", 503));
  }
  const indexTemplate = readFileSync(indexFile, "utf8");
  const index = compressedPage(indexTemplate, appName);
  // An /app route's page names its chunks as modulepreloads (route-preload-pages.ts).
  const routePages = routePreloadPages(webDir, indexTemplate, (template) => compressedPage(template, appName));
  const prerendered = readPrerendered(webDir, appName);
  const variants = findVariants(webDir);
  const root = relative(process.cwd(), webDir) || ".";

  app.use("*", async (c, next) => {
    await next();
    if (!c.res.ok || c.res.headers.has("Cache-Control")) return;
    // Hashed names change with their content; a file with a fixed name (public-page.js, the icon)
    // is asked again each time, or a browser's guessed freshness would run last deploy's script.
    c.res.headers.set("Cache-Control", c.req.path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
  });
  const servePage = (c: Context<AppEnv>, pages: CompressedPage, language?: Language) => {
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"), ["br", "gzip"]);
    const body = pages[encoding ?? "identity"];
    c.header("Cache-Control", "no-cache");
    // A public page's file depends on the language too (serveIndex): a cache must key on what picks it.
    c.header("Vary", language ? "Accept-Encoding, Accept-Language, Cookie" : "Accept-Encoding");
    if (language) c.header("Content-Language", language);
    c.header("Content-Type", "text/html; charset=UTF-8");
    c.header("Content-Length", String(body.length));
    if (encoding) c.header("Content-Encoding", encoding);
    return c.req.method === "HEAD" ? c.body(null) : c.body(body);
  };
  // A public page or a plain /auth as HTML, without React (scripts/vite/prerender-public.ts); which
  // requests get one: prerendered-page.ts.
  const serveIndex = (c: Context<AppEnv>) => {
    const key = prerenderedPageKey(c.req.path, new URL(c.req.url).searchParams, getCookie(c, SESSION_HINT_COOKIE) !== undefined);
    const page = key === null ? undefined : prerendered.get(key);
    if (!page) return servePage(c, routePages.find(c.req.path) ?? index);
    const { lng, remember } = publicPageLanguage(c);
    const chosen = page[lng] ? lng : DEFAULT_LANGUAGE;
    if (remember) setCookie(c, LANGUAGE_COOKIE, lng, { path: "/", maxAge: 365 * 24 * 3600, sameSite: "Lax" });
    const body = page[chosen];
    return body ? servePage(c, body, chosen) : servePage(c, index);
  };
  // Asked for by name, the page still gets the product name written in, never the raw template.
  app.get("/index.html", serveIndex);
  // The prerendered templates are served by their page's path only, with the name written in.
  app.get("/prerendered/*", (c) => c.text("Not found", 404));
  app.use("*", async (c, next) => {
    const available = variants.get(c.req.path);
    if (!available || (c.req.method !== "GET" && c.req.method !== "HEAD")) return next();
    // Whatever is chosen, a cache must key this answer on Accept-Encoding.
    c.header("Vary", "Accept-Encoding");
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"), available);
    // A range is of the raw bytes: serveStatic answers those.
    if (!encoding || c.req.header("Range")) return next();
    // Streamed from disk, as serveStatic does: a large asset is never held whole in memory.
    const file = join(webDir, c.req.path + suffix[encoding]);
    // Files replaced under a running server (a build or deploy in place) are looked for, not assumed.
    const found = await stat(file).catch(() => null);
    if (!found) return next();
    const { size } = found;
    c.header("Content-Type", getMimeType(c.req.path) ?? "application/octet-stream");
    c.header("Content-Encoding", encoding);
    c.header("Content-Length", String(size));
    return c.req.method === "HEAD" ? c.body(null) : c.body(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>);
  });
  app.use("*", serveStatic({ root, index: "__no_index__" }));
  // A hashed asset that is not there (a chunk of an earlier deploy) is gone: 404, never the page
  // with a year's cache, so the browser's reload-once after a deploy can tell.
  app.get("/assets/*", (c) => c.text("Not found", 404, { "Cache-Control": "no-store" }));
  app.get("*", serveIndex);
  return app;
}
