import type { ProjectHealthCheck } from "@/shared/project-health";
import type { PeerCertificate } from "../../lib/outbound-fetch";
import { analyseHtml, htmlChecks } from "./project-analyse-html";
import type { LinkCrawl } from "./project-crawl-links";
import type { SiteFetch, SiteSnapshot } from "./project-fetch-site";
import { makeIssue, type FoundIssue, type IssueCheck } from "./project-issue-catalogue";

const DAY = 86_400_000;
const KB = 1024;
/** Uncompressed bytes (we ask for no compression): HTML, scripts and stylesheets, images not counted. */
export const WEIGHT = { pageMedium: 1024 * KB, pageHigh: 3 * 1024 * KB, scriptsMedium: 500 * KB, scriptsHigh: 1024 * KB };
export const TLS_WARN_DAYS = { high: 14, medium: 30 };
export const STALE_DEPLOY_DAYS = 365;

export type SiteAnalysis = { issues: FoundIssue[]; checks: ProjectHealthCheck[] };

const formatKb = (bytes: number) => `${Math.round(bytes / KB)} KB`;

/** Turns one fetch of the site into issues, and says which checks ran and passed. Pure. */
export function analyseSite(fetched: SiteFetch, now: Date, links?: LinkCrawl): SiteAnalysis {
  if (!fetched.ok) {
    const { error } = fetched;
    const check: IssueCheck = error.kind === "blocked" ? "deploy.blocked" : /certificate/.test(error.message) ? "deploy.tls_invalid" : "deploy.unreachable";
    const description = error.kind === "too_large" ? `The page could not be analysed: ${error.message}` : `The website could not be checked: ${error.message}`;
    const issue = makeIssue(check, description);
    return { issues: [issue], checks: [{ name: "deploy.reachable", passed: false, detail: error.message }] };
  }
  const { site } = fetched;
  const issues: FoundIssue[] = [];
  const ran: IssueCheck[] = [];
  const run = (check: IssueCheck, found: FoundIssue[]) => {
    ran.push(check);
    issues.push(...found);
  };
  run("deploy.server_error", site.status >= 500 ? [makeIssue("deploy.server_error", `The website answers with an error (HTTP ${site.status})`)] : []);
  run("deploy.client_error", site.status >= 400 && site.status < 500 ? [makeIssue("deploy.client_error", `The website URL answers HTTP ${site.status}`)] : []);
  if (site.certificate) run("deploy.tls_expiring", tlsIssues(site.certificate, now));
  run("build.stale_deploy", staleDeploy(site.headers, now));
  // An error page's markup says nothing about the site, so only a page that loaded is analysed.
  if (site.status < 400) {
    const found = analyseHtml(site.html, site.headers, site.url);
    for (const check of htmlChecks) run(check, found.filter((i) => i.check === check));
    run("performance.page_weight", weightIssues(site, "page"));
    run("performance.script_bytes", weightIssues(site, "scripts"));
    if (links) run("seo.broken_links", links.broken.map(brokenLinkIssue));
  }
  const checks: ProjectHealthCheck[] = [
    { name: "deploy.reachable", passed: true, detail: `HTTP ${site.status}` },
    ...ran.map((name) => ({ name, passed: !issues.some((i) => i.check === name), detail: name === "seo.broken_links" && links ? linksDetail(links) : null })),
  ];
  return { issues, checks };
}

export function tlsIssues(cert: PeerCertificate, now: Date): FoundIssue[] {
  const days = Math.floor((Date.parse(cert.validTo) - now.getTime()) / DAY);
  if (days >= TLS_WARN_DAYS.medium) return [];
  const until = cert.validTo.slice(0, 10);
  const text = days < 1 ? `The TLS certificate expires within a day (${until})` : days === 1 ? `The TLS certificate expires in 1 day (${until})` : `The TLS certificate expires in ${days} days (${until})`;
  return [makeIssue("deploy.tls_expiring", text, days < TLS_WARN_DAYS.high ? "high" : "medium")];
}

function staleDeploy(headers: Headers, now: Date): FoundIssue[] {
  const modified = Date.parse(headers.get("last-modified") ?? "");
  if (Number.isNaN(modified)) return [];
  const days = Math.floor((now.getTime() - modified) / DAY);
  return days > STALE_DEPLOY_DAYS ? [makeIssue("build.stale_deploy", `The page was last modified ${days} days ago`)] : [];
}

function weightIssues(site: SiteSnapshot, which: "page" | "scripts"): FoundIssue[] {
  const unknown = site.resources.filter((r) => r.bytes === null).length;
  const atLeast = (n: number) => (unknown > 0 || site.resources.some((r) => r.capped) ? `at least ${formatKb(n)}` : formatKb(n));
  const scripts = site.resources.filter((r) => r.kind === "script").reduce((sum, r) => sum + (r.bytes ?? 0), 0);
  if (which === "scripts") {
    if (scripts <= WEIGHT.scriptsMedium) return [];
    return [makeIssue("performance.script_bytes", `Large JavaScript bundle: scripts weigh ${atLeast(scripts)}`, scripts > WEIGHT.scriptsHigh ? "high" : "medium")];
  }
  const total = site.htmlBytes + site.resources.reduce((sum, r) => sum + (r.bytes ?? 0), 0);
  if (total <= WEIGHT.pageMedium) return [];
  return [makeIssue("performance.page_weight", `The page weighs ${atLeast(total)} before images (HTML, scripts and stylesheets)`, total > WEIGHT.pageHigh ? "high" : "medium")];
}

function brokenLinkIssue(link: LinkCrawl["broken"][number]): FoundIssue {
  return { ...makeIssue("seo.broken_links", `Broken link: ${link.url} (${link.reason}) on ${link.foundOn}`), link: { url: link.url, found_on: link.foundOn, status: link.status } };
}

const linksDetail = (links: LinkCrawl) =>
  links.stoppedEarly ? `Checked ${links.links} links on ${links.pages} pages (stopped at the scan's limit)` : `Checked ${links.links} links on ${links.pages} pages`;
