import { describe, expect, it } from "vitest";
import { pageFromTemplate, spaScripts } from "../../../scripts/vite/prerender-public";
import i18n from "@/web/i18n";
import enAuthText from "@/web/i18n/en/auth.json";
import deAuthText from "@/web/i18n/de/auth.json";
import frAuthText from "@/web/i18n/fr/auth.json";
import { authPageKeys, renderAuthPage } from "./auth-page";

const texts = { en: enAuthText, de: deAuthText, fr: frAuthText };
// React escapes quotes and ampersands in text ("S&#x27;inscrire").
const escaped = (s: string) => s.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

describe("the prerendered /auth", () => {
  it("is the SPA's sign-in and sign-up form, with its ids, in each language", async () => {
    expect(authPageKeys).toEqual(["/auth", "/auth?mode=sign-up"]);
    // As in public-pages.test.ts: other files in this worker may have registered namespaces to load first.
    for (const lng of ["de", "fr", "en"]) await i18n.changeLanguage(lng);
    for (const [lng, t] of Object.entries(texts)) {
      const signIn = renderAuthPage("/auth", lng as keyof typeof texts);
      for (const text of [t.signInTitle, t.email, t.password, t.signIn, t.toSignUp, t.forgotPassword]) expect(signIn, `${lng}: ${text}`).toContain(escaped(text));
      expect(signIn).toContain('id="email"');
      expect(signIn).toContain('id="password"');
      expect(signIn).toContain('autoComplete="current-password"');
      expect(signIn).not.toContain('id="name"');
      const signUp = renderAuthPage("/auth?mode=sign-up", lng as keyof typeof texts);
      for (const text of [t.signUpTitle, t.fullName, t.signUp, t.toSignIn]) expect(signUp, `${lng}: ${text}`).toContain(escaped(text));
      expect(signUp).toContain('id="name"');
      expect(signUp).toContain('autoComplete="new-password"');
    }
    await i18n.changeLanguage("en");
  });

  it("carries the SPA's entry and preloads for auth-page.js, and loads nothing else", () => {
    const template = `<head><link rel="stylesheet" href="/assets/index.css"><script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js"></script>\n<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-2.js">\n</head><body><div id="root"></div></body>`;
    expect(spaScripts(template)).toEqual({ entry: "/assets/index-1.js", preloads: ["/assets/react-2.js"] });
    const page = pageFromTemplate(template, "<main><form></form></main>", ["/auth-page.js"], true);
    expect(page).toContain('<meta name="whq-spa-entry" content="/assets/index-1.js" />');
    expect(page).toContain('<meta name="whq-spa-preloads" content="/assets/react-2.js" />');
    expect(page).toContain('<script src="/auth-page.js" defer></script>');
    expect(page).not.toMatch(/type="module"|modulepreload|public-page\.js/);
  });
});
