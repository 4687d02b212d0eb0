import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { THEME_INIT_SCRIPT } from "@/shared/theme-init";

// The one inline script every page carries (shared/theme-init.ts), allowed by its hash alone.
export const themeScriptHash = `'sha256-${createHash("sha256").update(THEME_INIT_SCRIPT).digest("base64")}'`;

const csp = [
  "default-src 'self'",
  `script-src 'self' ${themeScriptHash}`,
  // Radix and sonner position popovers and toasts with inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join("; ");

export function securityHeaders(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set("Content-Security-Policy", csp);
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("X-Frame-Options", "DENY");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    const proto = trustProxy ? c.req.header("x-forwarded-proto") : undefined;
    if (new URL(c.req.url).protocol === "https:" || proto === "https") {
      h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
  };
}
