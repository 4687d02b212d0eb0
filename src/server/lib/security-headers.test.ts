import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { THEME_INIT_SCRIPT } from "@/shared/theme-init";
import { inlineThemeScript } from "../../../scripts/vite/inline-theme-script";
import { securityHeaders } from "./security-headers";

describe("the theme script", () => {
  it("is written into index.html inline, and the CSP allows exactly that text and no other inline script", async () => {
    const html = inlineThemeScript(readFileSync(new URL("../../web/index.html", import.meta.url), "utf8"));
    const inline = html.match(/<script>(.*?)<\/script>/s)?.[1];
    expect(inline).toBe(THEME_INIT_SCRIPT);
    expect(html).not.toContain("/theme-init.js");

    const app = new Hono().use("*", securityHeaders(false)).get("/", (c) => c.html(html));
    const csp = (await app.request("/")).headers.get("Content-Security-Policy") ?? "";
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${createHash("sha256").update(inline!).digest("base64")}'`);
  });
});
