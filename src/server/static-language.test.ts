import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { staticRoutes } from "./static";

// A build with the public pages in three languages (scripts/vite/prerender-public.ts), /terms in English only.
const webDir = mkdtempSync(join(tmpdir(), "whq-static-lang-"));
writeFileSync(join(webDir, "index.html"), "<p>spa</p>");
for (const lng of ["en", "de", "fr"]) {
  const dir = join(webDir, "prerendered", lng === "en" ? "" : lng);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "pricing.html"), `<html lang="${lng}"><p>pricing ${lng} %APP_NAME%</p>`);
}
writeFileSync(join(webDir, "prerendered", "terms.html"), `<html lang="en"><p>terms en</p>`);
const app = staticRoutes(webDir, "Acme");
const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });

describe("a public page's language", () => {
  it("is the cookie's, before the browser's", async () => {
    const res = await get("/pricing", { Cookie: "whq_lang=fr", "Accept-Language": "de" });
    expect(await res.text()).toContain("pricing fr Acme");
    expect(res.headers.get("Content-Language")).toBe("fr");
    expect(res.headers.get("Vary")).toBe("Accept-Encoding, Accept-Language, Cookie");
  });

  it("is the browser's best by q-value without a cookie, else English", async () => {
    expect(await (await get("/pricing", { "Accept-Language": "es, fr;q=0.5, de;q=0.8" })).text()).toContain("pricing de");
    expect(await (await get("/pricing", { "Accept-Language": "es, it;q=0.5" })).text()).toContain("pricing en");
    const plain = await get("/pricing");
    expect(await plain.text()).toContain("pricing en");
    expect(plain.headers.get("Content-Language")).toBe("en");
    // Nonsense is English, never an error.
    expect((await get("/pricing", { "Accept-Language": ";;q=x,,", Cookie: "whq_lang=<x>" })).status).toBe(200);
  });

  it("is the switcher's ?lang=, kept in the cookie", async () => {
    const res = await get("/pricing?lang=de", { Cookie: "whq_lang=fr" });
    expect(await res.text()).toContain("pricing de");
    expect(res.headers.get("Set-Cookie")).toMatch(/^whq_lang=de; Max-Age=31536000; Path=\/; SameSite=Lax/);
    expect((await get("/pricing?lang=xx")).headers.get("Set-Cookie")).toBeNull();
  });

  it("falls back to English where a page has no translation, and the SPA is untouched", async () => {
    const terms = await get("/terms", { Cookie: "whq_lang=de" });
    expect(await terms.text()).toContain("terms en");
    expect(terms.headers.get("Content-Language")).toBe("en");
    const spa = await get("/app/dashboard", { Cookie: "whq_lang=de" });
    expect(await spa.text()).toBe("<p>spa</p>");
    expect(spa.headers.get("Vary")).toBe("Accept-Encoding");
  });
});
