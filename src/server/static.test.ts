import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressDirectory } from "../../scripts/vite/compress-assets";
import { staticRoutes } from "./static";
import { chooseEncoding } from "./static-encoding";

const webDir = mkdtempSync(join(tmpdir(), "whq-static-"));
const script = `export const greeting = ${JSON.stringify("hello ".repeat(400))};\n`;
mkdirSync(join(webDir, "assets"));
writeFileSync(join(webDir, "index.html"), `<title>%APP_NAME%</title>${"<p>padding</p>".repeat(50)}`);
writeFileSync(join(webDir, "assets/app-abc123.js"), script);
writeFileSync(join(webDir, "assets/tiny-abc123.js"), "export {};\n");
writeFileSync(join(webDir, "favicon.svg"), `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(400)}</svg>`);
await compressDirectory(webDir);
const app = staticRoutes(webDir, "Acme <HQ>");

const get = (path: string, acceptEncoding?: string, init: RequestInit = {}) =>
  app.request(path, { ...init, headers: { ...(acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding }), ...init.headers } });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe("the SPA page", () => {
  it.each(["/", "/app/dashboard", "/index.html"])("%s carries the product name, escaped", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^<title>Acme &#60;HQ&#62;<\/title>/);
  });

  it("is compressed, brotli first, with Vary, its type and its length", async () => {
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
    ] as const) {
      const res = await get("/pricing", accept);
      expect(res.headers.get("Content-Encoding")).toBe(encoding);
      expect(res.headers.get("Vary")).toBe("Accept-Encoding");
      expect(res.headers.get("Content-Type")).toBe("text/html; charset=UTF-8");
      expect(res.headers.get("Cache-Control")).toBe("no-cache");
      const body = await bytes(res);
      expect(Number(res.headers.get("Content-Length"))).toBe(body.length);
      expect(decode(body).toString()).toMatch(/^<title>Acme &#60;HQ&#62;<\/title>/);
    }
    const raw = await get("/pricing");
    expect(raw.headers.get("Content-Encoding")).toBeNull();
    expect(raw.headers.get("Vary")).toBe("Accept-Encoding");
  });
});

describe("built files", () => {
  it("come brotli compressed when accepted, with the original's type, the copy's length and a year's cache", async () => {
    const res = await get("/assets/app-abc123.js", "gzip, br");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("Vary")).toBe("Accept-Encoding");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const body = await bytes(res);
    expect(Number(res.headers.get("Content-Length"))).toBe(body.length);
    expect(body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it("come gzip compressed when brotli is not accepted", async () => {
    const res = await get("/assets/app-abc123.js", "gzip;q=1.0, br;q=0");
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(await bytes(res)).toString()).toBe(script);
  });

  it("come raw, still with Vary, to a client that accepts neither", async () => {
    for (const accept of [undefined, "identity", "deflate", "*;q=0"]) {
      const res = await get("/assets/app-abc123.js", accept);
      expect(res.headers.get("Content-Encoding"), accept).toBeNull();
      expect(res.headers.get("Vary"), accept).toBe("Accept-Encoding");
      expect(res.headers.get("Content-Length"), accept).toBe(String(Buffer.byteLength(script)));
      expect(await res.text(), accept).toBe(script);
    }
  });

  it("answers HEAD with the headers of the compressed copy and no body", async () => {
    const res = await get("/assets/app-abc123.js", "br", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(Number(res.headers.get("Content-Length"))).toBeGreaterThan(0);
    expect((await bytes(res)).length).toBe(0);
  });

  it("serves a byte range from the raw file", async () => {
    const res = await get("/assets/app-abc123.js", "br", { headers: { Range: "bytes=0-5" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("Content-Encoding")).toBeNull();
    expect(await res.text()).toBe(script.slice(0, 6));
  });

  it("answers a missing hashed asset (an earlier deploy's chunk) 404, uncached, never the page", async () => {
    const res = await get("/assets/gone-0ld123.js", "br");
    expect(res.status).toBe(404);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.text()).not.toMatch(/<title>/);
  });

  it("answers a compressed copy removed under the running server (a build in place) 404, never 500", async () => {
    const dir = mkdtempSync(join(tmpdir(), "whq-static-gone-"));
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, "index.html"), "<title>%APP_NAME%</title>");
    writeFileSync(join(dir, "assets/old-abc123.js"), script);
    await compressDirectory(dir);
    const served = staticRoutes(dir, "HQ");
    rmSync(join(dir, "assets"), { recursive: true });
    const res = await served.request("/assets/old-abc123.js", { headers: { "Accept-Encoding": "br" } });
    expect(res.status).toBe(404);
  });

  it("leaves files too small to gain raw, without Vary, and compresses the public folder's too", async () => {
    const tiny = await get("/assets/tiny-abc123.js", "br, gzip");
    expect(tiny.headers.get("Content-Encoding")).toBeNull();
    expect(tiny.headers.get("Vary")).toBeNull();
    const icon = await get("/favicon.svg", "br");
    expect(icon.headers.get("Content-Encoding")).toBe("br");
    expect(icon.headers.get("Content-Type")).toMatch(/^image\/svg\+xml/);
  });

  it("asks again for a file whose name has no hash, compressed or raw", async () => {
    for (const accept of ["br", undefined]) {
      const icon = await get("/favicon.svg", accept);
      expect(icon.status, accept).toBe(200);
      expect(icon.headers.get("Cache-Control"), accept).toBe("no-cache");
    }
  });
});

describe("chooseEncoding", () => {
  it.each([
    ["gzip, deflate, br", ["br", "gzip"], "br"],
    ["br;q=0.1, gzip;q=0.9", ["br", "gzip"], "br"],
    ["gzip", ["br", "gzip"], "gzip"],
    ["x-gzip", ["gzip"], "gzip"],
    ["*", ["br", "gzip"], "br"],
    ["*, br;q=0", ["br", "gzip"], "gzip"],
    ["br", ["gzip"], undefined],
    ["identity", ["br", "gzip"], undefined],
    ["", ["br", "gzip"], undefined],
    ["BR", ["br"], "br"],
  ] as const)("%j with %j gives %s", (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected);
  });
});

describe("a prerendered public page", () => {
  const dir = mkdtempSync(join(tmpdir(), "whq-prerendered-"));
  mkdirSync(join(dir, "prerendered"));
  writeFileSync(join(dir, "index.html"), `<title>%APP_NAME%</title><div id="root"></div>`);
  writeFileSync(join(dir, "prerendered/index.html"), `<title>%APP_NAME%</title><div id="root"><h1>Landing</h1></div>`);
  writeFileSync(join(dir, "prerendered/pricing.html"), `<title>%APP_NAME%</title><div id="root"><h1>Pricing</h1></div>`);
  const site = staticRoutes(dir, "Acme <HQ>");

  it("is what / and /pricing answer, with the product name, compressed", async () => {
    const res = await site.request("/pricing", { headers: { "Accept-Encoding": "br" } });
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.get("Vary")).toBe("Accept-Encoding, Accept-Language, Cookie");
    expect(brotliDecompressSync(await bytes(res)).toString()).toBe(`<title>Acme &#60;HQ&#62;</title><div id="root"><h1>Pricing</h1></div>`);
    expect(await (await site.request("/")).text()).toContain("<h1>Landing</h1>");
  });

  it("gives way to the SPA for ?debug=1 and for every other path", async () => {
    expect(await (await site.request("/?debug=1")).text()).toContain(`<div id="root"></div>`);
    expect(await (await site.request("/app/dashboard")).text()).toContain(`<div id="root"></div>`);
    expect(await (await site.request("/index.html")).text()).toContain(`<div id="root"></div>`);
  });

  it("never serves its template by the file's own address", async () => {
    expect((await site.request("/prerendered/pricing.html")).status).toBe(404);
  });
});
