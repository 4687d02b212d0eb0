import { Hono, type Context } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { AppEnv } from "./context";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Serves the built SPA: hashed assets cached for a year, every other path gets index.html. */
export function staticRoutes(webDir: string, appName: string) {
  const app = new Hono<AppEnv>();
  const indexFile = join(webDir, "index.html");
  if (!existsSync(indexFile)) {
    return app.get("*", (c) => c.text("The web app is not built yet. Run `npm run build` (npm start does it for you).", 503));
  }
  // The product name is configurable, so it is written into the page rather than the bundle.
  const index = readFileSync(indexFile, "utf8").replaceAll("%APP_NAME%", escapeHtml(appName));
  const root = relative(process.cwd(), webDir) || ".";
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
  });
  const serveIndex = (c: Context<AppEnv>) => {
    c.header("Cache-Control", "no-cache");
    return c.html(index);
  };
  // Asked for by name, the page still gets the product name written in, never the raw template.
  app.get("/index.html", serveIndex);
  app.use("*", serveStatic({ root, index: "__no_index__" }));
  app.get("*", serveIndex);
  return app;
}
