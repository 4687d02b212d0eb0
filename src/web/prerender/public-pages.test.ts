import { describe, expect, it } from "vitest";
import { inLanguage, pageFromTemplate } from "../../../scripts/vite/prerender-public";
import i18n from "@/web/i18n";
import { publicPagePaths, renderPublicPage } from "./public-pages";

describe("the prerendered public pages", () => {
  it("render every public page with its header, footer and main landmark", () => {
    expect(publicPagePaths).toEqual(["/", "/features", "/pricing", "/docs", "/contact", "/privacy", "/terms"]);
    for (const path of publicPagePaths) {
      const html = renderPublicPage(path);
      expect(html).toContain('id="main"');
      expect(html).toContain("<header");
      expect(html).toContain("<footer");
      expect(html).toMatch(/<h1[ >]/);
    }
  });

  it("draw a visitor's links and mark what public-page.js changes for a signed-in user", () => {
    const html = renderPublicPage("/");
    expect(html).toContain("Start Free Trial");
    expect(html).toContain('href="/auth?mode=sign-up"');
    expect(html).toContain('data-signed-in-href="/app/dashboard"');
    expect(html).toContain('data-signed-in-text="Go to Dashboard"');
    expect(html).toContain("data-signed-out-only");
    expect(html).toContain("data-menu-toggle");
    expect(html).toContain("data-theme-toggle");
    // The product name is written in by the server, as into index.html.
    expect(html).toContain("%APP_NAME%");
  });

  it("take the built page's stylesheet and drop its module script and preloads", () => {
    const template = `<head><link rel="stylesheet" href="/assets/index.css"><script type="module" crossorigin src="/assets/index.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/x.js">\n</head><body><div id="root"></div></body>`;
    const page = pageFromTemplate(template, "<main>hi</main>");
    expect(page).toContain('<link rel="stylesheet" href="/assets/index.css">');
    expect(page).toContain('<div id="root"><main>hi</main></div>');
    expect(page).toContain('<script src="/public-page.js" defer></script>');
    expect(page).not.toMatch(/type="module"|modulepreload/);
  });
});

describe("the prerendered public pages in German and French", () => {
  it("render in the language, then English again", async () => {
    // Test files share this worker's modules (vitest isolate: false): another file may have added
    // namespaces to the one i18n instance, which a switch must then load first. The build renders
    // in a process of its own, where every namespace it lists is already here.
    for (const lng of ["de", "fr", "en"]) await i18n.changeLanguage(lng);
    const de = renderPublicPage("/pricing", "de");
    expect(de).toMatch(/29\s€/);
    expect(de).toContain('hrefLang="de"');
    expect(de).not.toContain("Start Free Trial");
    const fr = renderPublicPage("/", "fr");
    expect(fr).not.toContain("Start Free Trial");
    expect(renderPublicPage("/", "en")).toContain("Start Free Trial");
    expect(renderPublicPage("/pricing", "en")).toContain("€29");
  });

  it("write <html lang> and the description in the page's language", () => {
    const template = `<html lang="en"><head><meta name="description" content="English words" /></head><body><div id="root"></div></body></html>`;
    const page = inLanguage(pageFromTemplate(template, "<main>x</main>"), "fr", `L’IA "sûre"`);
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('<meta name="description" content="L’IA &#34;sûre&#34;"');
  });
});
