import { makeIssue, type FoundIssue, type IssueCheck } from "./project-issue-catalogue";
import { tokenizeHtml, type HtmlElement } from "./project-html";

/** The checks analyseHtml runs, so a report can say which passed. */
export const htmlChecks: IssueCheck[] = [
  "seo.title",
  "seo.meta_description",
  "seo.canonical",
  "seo.h1",
  "seo.heading_order",
  "accessibility.img_alt",
  "accessibility.lang",
  "accessibility.labels",
  "security.no_https",
  "security.no_hsts",
  "security.no_csp",
  "security.no_frame_guard",
  "security.cookie_flags",
  "performance.render_blocking",
];

const UNLABELLED_INPUT_TYPES = new Set(["hidden", "submit", "button", "reset", "image"]);
const sample = (items: string[]) => (items.length > 3 ? `${items.slice(0, 3).join(", ")}…` : items.join(", "));
const attr = (e: HtmlElement, name: string) => e.attrs.get(name);
const relOf = (e: HtmlElement) => (attr(e, "rel") ?? "").toLowerCase().split(/\s+/);

/** SEO, accessibility, security headers and render-blocking resources of one fetched page. Pure. */
export function analyseHtml(html: string, headers: Headers, url: URL): FoundIssue[] {
  const elements = tokenizeHtml(html);
  return [...seoIssues(elements), ...accessibilityIssues(elements), ...securityIssues(elements, headers, url), ...renderBlockingIssues(elements)];
}

function seoIssues(elements: HtmlElement[]): FoundIssue[] {
  const issues: FoundIssue[] = [];
  const title = elements.find((e) => e.tag === "title")?.text ?? "";
  if (!title) issues.push(makeIssue("seo.title", "The page has no title"));
  const description = elements.find((e) => e.tag === "meta" && attr(e, "name")?.toLowerCase() === "description");
  if (!description?.attrs.get("content")?.trim()) issues.push(makeIssue("seo.meta_description", "Missing meta description"));
  if (!elements.some((e) => e.tag === "link" && relOf(e).includes("canonical") && attr(e, "href")?.trim())) issues.push(makeIssue("seo.canonical", "No canonical link"));
  const h1s = elements.filter((e) => e.tag === "h1").length;
  if (h1s !== 1) issues.push(makeIssue("seo.h1", h1s === 0 ? "The page has no h1 heading" : `The page has ${h1s} h1 headings instead of one`));
  const levels = elements.filter((e) => /^h[1-6]$/.test(e.tag)).map((e) => Number(e.tag[1]));
  const skip = levels.findIndex((level, i) => i > 0 && level > levels[i - 1]! + 1);
  if (skip > 0) issues.push(makeIssue("seo.heading_order", `A heading level is skipped: h${levels[skip - 1]} is followed by h${levels[skip]}`));
  return issues;
}

function accessibilityIssues(elements: HtmlElement[]): FoundIssue[] {
  const issues: FoundIssue[] = [];
  const noAlt = elements.filter((e) => e.tag === "img" && !e.attrs.has("alt"));
  if (noAlt.length > 0) {
    const sources = noAlt.map((e) => attr(e, "src") ?? "").filter(Boolean);
    // Whole sentences per count, so each translates as one (shared/i18n/messages).
    const n = noAlt.length;
    const text = sources.length
      ? n === 1
        ? `1 image without alt text: ${sample(sources)}`
        : `${n} images without alt text: ${sample(sources)}`
      : n === 1
        ? "1 image without alt text"
        : `${n} images without alt text`;
    issues.push(makeIssue("accessibility.img_alt", text));
  }
  if (!elements.find((e) => e.tag === "html")?.attrs.get("lang")?.trim()) issues.push(makeIssue("accessibility.lang", "The html element has no lang attribute"));
  const labelled = new Set(elements.filter((e) => e.tag === "label").map((e) => attr(e, "for")).filter((v): v is string => Boolean(v)));
  const unlabelled = elements.filter((e) => {
    if (e.tag !== "input" && e.tag !== "select" && e.tag !== "textarea") return false;
    if (e.tag === "input" && UNLABELLED_INPUT_TYPES.has((attr(e, "type") ?? "text").toLowerCase())) return false;
    if (e.inLabel || attr(e, "aria-label")?.trim() || attr(e, "aria-labelledby")?.trim() || attr(e, "title")?.trim()) return false;
    const id = attr(e, "id");
    return !(id && labelled.has(id));
  });
  if (unlabelled.length > 0) {
    const names = unlabelled.map((e) => attr(e, "name") ?? attr(e, "id") ?? e.tag);
    const text = unlabelled.length === 1 ? `1 form control without a label: ${sample(names)}` : `${unlabelled.length} form controls without a label: ${sample(names)}`;
    issues.push(makeIssue("accessibility.labels", text));
  }
  return issues;
}

function securityIssues(elements: HtmlElement[], headers: Headers, url: URL): FoundIssue[] {
  const issues: FoundIssue[] = [];
  const isHttps = url.protocol === "https:";
  if (!isHttps) issues.push(makeIssue("security.no_https", "The site is served over plain HTTP"));
  // Browsers ignore HSTS sent over plain HTTP, so without HTTPS the missing header is not the problem.
  if (isHttps && !headers.get("strict-transport-security")) issues.push(makeIssue("security.no_hsts", "No Strict-Transport-Security header"));
  const metaCsp = elements.find((e) => e.tag === "meta" && attr(e, "http-equiv")?.toLowerCase() === "content-security-policy");
  const csp = headers.get("content-security-policy") ?? "";
  if (!csp && !metaCsp) issues.push(makeIssue("security.no_csp", "No Content-Security-Policy"));
  // frame-ancestors only counts in a header: browsers ignore it in a <meta> policy.
  const frameGuard = /^(deny|sameorigin)$/i.test((headers.get("x-frame-options") ?? "").trim()) || /(^|;)\s*frame-ancestors\s/i.test(csp);
  if (!frameGuard) issues.push(makeIssue("security.no_frame_guard", "No X-Frame-Options or frame-ancestors: the page can be framed by any site"));
  const weak = headers
    .getSetCookie()
    .map((c) => ({ name: c.split("=")[0]!.trim(), flags: c.split(";").slice(1).map((f) => f.trim().toLowerCase().split("=")[0]!) }))
    .filter(({ flags }) => (isHttps && !flags.includes("secure")) || !flags.includes("samesite") || !flags.includes("httponly"));
  const names = sample(weak.map((c) => c.name));
  if (weak.length > 0) issues.push(makeIssue("security.cookie_flags", weak.length === 1 ? `1 cookie set without Secure, HttpOnly or SameSite: ${names}` : `${weak.length} cookies set without Secure, HttpOnly or SameSite: ${names}`));
  return issues;
}

function renderBlockingIssues(elements: HtmlElement[]): FoundIssue[] {
  const blocking = elements.filter((e) => {
    if (!e.inHead || e.tag !== "script" || !e.attrs.has("src")) return false;
    const type = (attr(e, "type") ?? "").toLowerCase();
    return !e.attrs.has("async") && !e.attrs.has("defer") && type !== "module";
  });
  if (blocking.length === 0) return [];
  const sources = sample(blocking.map((e) => attr(e, "src")!));
  return [makeIssue("performance.render_blocking", blocking.length === 1 ? `1 script in <head> blocks rendering: ${sources}` : `${blocking.length} scripts in <head> block rendering: ${sources}`)];
}

/** The scripts and stylesheets the page loads, as absolute http(s) URLs, for the weight check. */
export function linkedResources(html: string, base: URL): { url: string; kind: "script" | "style" }[] {
  const found: { url: string; kind: "script" | "style" }[] = [];
  for (const e of tokenizeHtml(html)) {
    const ref = e.tag === "script" ? attr(e, "src") : e.tag === "link" && relOf(e).includes("stylesheet") ? attr(e, "href") : undefined;
    if (!ref?.trim()) continue;
    try {
      const url = new URL(ref.trim(), base);
      if ((url.protocol === "http:" || url.protocol === "https:") && !found.some((f) => f.url === url.href)) found.push({ url: url.href, kind: e.tag === "script" ? "script" : "style" });
    } catch {
      // An unparsable reference loads nothing in a browser either.
    }
  }
  return found;
}
