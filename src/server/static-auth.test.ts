import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { staticRoutes } from "./static";

// A build with /auth and its sign-up variant prerendered in English and German (scripts/vite/prerender-public.ts).
const webDir = mkdtempSync(join(tmpdir(), "whq-static-auth-"));
writeFileSync(join(webDir, "index.html"), "<p>spa</p>");
for (const lng of ["en", "de"]) {
  const dir = join(webDir, "prerendered", lng === "en" ? "" : lng);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "auth.html"), `<p>sign in ${lng} %APP_NAME%</p>`);
  writeFileSync(join(dir, "auth~mode=sign-up.html"), `<p>sign up ${lng}</p>`);
}
const app = staticRoutes(webDir, "Acme");
const get = async (path: string, headers: Record<string, string> = {}) => (await app.request(path, { headers })).text();

describe("the prerendered /auth", () => {
  it("answers a plain request, in the visitor's language", async () => {
    expect(await get("/auth")).toBe("<p>sign in en Acme</p>");
    expect(await get("/auth?mode=sign-up")).toBe("<p>sign up en</p>");
    expect(await get("/auth", { "Accept-Language": "de" })).toBe("<p>sign in de Acme</p>");
    expect(await get("/auth?mode=sign-up", { Cookie: "whq_lang=de" })).toBe("<p>sign up de</p>");
  });

  it("leaves a possibly signed-in visitor and any other query to the SPA", async () => {
    expect(await get("/auth", { Cookie: "whq_signed_in=1" })).toBe("<p>spa</p>");
    expect(await get("/auth?returnTo=%2Fapp")).toBe("<p>spa</p>");
    expect(await get("/auth?reason=expired&returnTo=%2Fapp")).toBe("<p>spa</p>");
    expect(await get("/auth?debug=1")).toBe("<p>spa</p>");
  });

  it("is never served under its file's name", async () => {
    expect(await get("/auth~mode=sign-up")).toBe("<p>spa</p>");
    expect(await get("/auth-sign-up")).toBe("<p>spa</p>");
  });
});
