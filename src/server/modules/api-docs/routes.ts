import { createHash } from "node:crypto";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../../context";
import { openApiDocument } from "./openapi-document";
import { renderReferencePage } from "./reference-page";

/** Public and the same for everyone: cached for five minutes, revalidated by ETag. */
const cacheControl = "public, max-age=300";

let page: { appName: string; html: string; etag: string } | undefined;

function answer(c: Context<AppEnv>, body: string, type: string, etag: string) {
  c.header("Cache-Control", cacheControl);
  c.header("ETag", etag);
  if (c.req.header("if-none-match") === etag) return c.body(null, 304);
  c.header("Content-Type", type);
  return c.body(body);
}

const etagOf = (body: string) => `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

export const apiDocRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const appName = c.get("services").env.APP_NAME;
    if (page?.appName !== appName) {
      const html = renderReferencePage((await openApiDocument(appName)).document);
      page = { appName, html, etag: etagOf(html) };
    }
    return answer(c, page.html, "text/html; charset=utf-8", page.etag);
  })
  .get("/openapi.json", async (c) => {
    const doc = await openApiDocument(c.get("services").env.APP_NAME);
    return answer(c, doc.body, "application/json; charset=utf-8", doc.etag);
  });
