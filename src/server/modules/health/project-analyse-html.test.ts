import { describe, expect, it } from "vitest";
import { CLEAN_HEADERS, CLEAN_PAGE, page } from "../../testing/site-pages";
import { analyseHtml, linkedResources } from "./project-analyse-html";
import { tokenizeHtml } from "./project-html";

// The pure analyser on fixed pages: a clean page has no issue; each planted defect is found alone.
const https = new URL("https://secure-site.test/");
const headersOf = (h: Record<string, string | string[]>) => {
  const headers = new Headers();
  for (const [k, v] of Object.entries(h)) for (const one of Array.isArray(v) ? v : [v]) headers.append(k, one);
  return headers;
};
const checksOf = (html: string, h: Record<string, string | string[]> = CLEAN_HEADERS, url = https) => analyseHtml(html, headersOf(h), url).map((i) => i.check);
const without = (name: string) => Object.fromEntries(Object.entries(CLEAN_HEADERS).filter(([k]) => k !== name));

describe("analyseHtml", () => {
  it("finds nothing on a clean page", () => {
    expect(analyseHtml(CLEAN_PAGE, headersOf(CLEAN_HEADERS), https)).toEqual([]);
  });

  it.each([
    ["seo.title", page({ title: "<title>  </title>" })],
    ["seo.meta_description", page({ description: "" })],
    ["seo.meta_description", page({ description: '<meta name="description" content="">' })],
    ["seo.canonical", page({ canonical: "" })],
    ["seo.h1", page({ body: "<h2>Only a subheading</h2>" })],
    ["seo.h1", page({ body: "<h1>One</h1><h1>Two</h1>" })],
    ["seo.heading_order", page({ body: "<h1>Top</h1><h3>Skipped a level</h3>" })],
    ["accessibility.img_alt", page({ body: '<h1>Hi</h1><img src="/a.png"><img src="/b.png" alt="B">' })],
    ["accessibility.lang", page({ lang: "" })],
    ["accessibility.labels", page({ body: '<h1>Hi</h1><form><input name="q"><label for="other">X</label></form>' })],
    ["performance.render_blocking", page({ head: '<script src="/blocking.js"></script>' })],
  ])("finds exactly %s when it is planted", (check, html) => {
    expect(checksOf(html)).toEqual([check]);
  });

  it.each([
    ["security.no_hsts", without("strict-transport-security")],
    ["security.no_csp", { ...without("content-security-policy") }],
    ["security.no_frame_guard", { ...without("x-frame-options"), "content-security-policy": "default-src 'self'" }],
    ["security.cookie_flags", { ...CLEAN_HEADERS, "set-cookie": ["session=abc; Path=/; HttpOnly; SameSite=Lax", "ok=1; Secure; HttpOnly; SameSite=Strict"] }],
  ])("finds exactly %s from the headers", (check, headers) => {
    expect(checksOf(CLEAN_PAGE, headers)).toEqual([check]);
  });

  it("counts frame-ancestors in the header as a frame guard, and reports plain HTTP without asking for HSTS", () => {
    expect(checksOf(CLEAN_PAGE, without("x-frame-options"))).toEqual([]);
    expect(checksOf(CLEAN_PAGE, without("strict-transport-security"), new URL("http://secure-site.test/"))).toEqual(["security.no_https"]);
  });

  it("describes what it found, with a concrete fix, and marks only fixable defects auto-fixable", () => {
    const [alt] = analyseHtml(page({ body: '<h1>Hi</h1><img src="/a.png"><img src="/b.png">' }), headersOf(CLEAN_HEADERS), https);
    expect(alt).toMatchObject({ type: "accessibility", severity: "medium", auto_fixable: true, description: "2 images without alt text: /a.png, /b.png" });
    expect(alt!.fix_suggestion).toMatch(/alt attribute/);
    const [csp] = analyseHtml(CLEAN_PAGE, headersOf(without("content-security-policy")), https);
    expect(csp).toMatchObject({ type: "security", auto_fixable: false });
  });
});

describe("the tokenizer", () => {
  it("skips comments and script text, reads quoted, bare and entity-encoded attributes", () => {
    const elements = tokenizeHtml(`<!-- <img src=x> --><script>if (a<b) document.write("<img src=y>")</script><img alt='a &amp; b' src=/c.png data-x="1>2"><p title="x">`);
    expect(elements.map((e) => e.tag)).toEqual(["script", "img", "p"]);
    expect(Object.fromEntries(elements[1]!.attrs)).toEqual({ alt: "a & b", src: "/c.png", "data-x": "1>2" });
  });

  it("copes with truncated and malformed markup without throwing", () => {
    for (const html of ["<", "<img", "<img src='x", "<!--", "<script>never closed", "</", "<<<>>>", "<a href=x>".repeat(1000)]) expect(() => tokenizeHtml(html)).not.toThrow();
  });

  it("lists the page's scripts and stylesheets as absolute URLs, once each", () => {
    const html = page({ head: '<script src="/a.js"></script><script src="/a.js"></script><link rel="stylesheet" href="https://cdn.test/s.css"><script src="javascript:void(0)"></script>' });
    expect(linkedResources(html, https)).toEqual([
      { url: "https://secure-site.test/a.js", kind: "script" },
      { url: "https://cdn.test/s.css", kind: "style" },
    ]);
  });
});
