import { randomUUID } from "node:crypto";
import type { ProjectHealthIssue, ProjectIssueSeverity, ProjectIssueType } from "@/shared/project-health";

/**
 * Every issue the project scan can report, with its severity and whether an agent could fix it.
 *
 * Severity: critical = the site is down or unsafe to visit (unreachable, 5xx, bad certificate);
 * high = visitors or search engines are clearly hurt (no HTTPS, no title or description, unlabelled
 * form controls, certificate about to lapse); medium = a real defect with a known cost (missing alt
 * text, lang, HSTS, CSP, clickjacking guard, heavy scripts, blocking scripts, overdue work); low =
 * good practice (canonical, heading order, cookie flags, stale last-modified, quiet project);
 * info = a fact, no defect.
 *
 * auto_fixable is true only where an agent with the project's repository can make the change
 * without a person's judgement about content or behaviour: adding a tag, an attribute or a header
 * line. CSP, HTTPS, hosting and work items need a person, so they are not.
 */
type Entry = { type: ProjectIssueType; severity: ProjectIssueSeverity; autoFixable: boolean; fix: string };

export const issueCatalogue = {
  "deploy.no_website": { type: "deploy", severity: "info", autoFixable: false, fix: "Add the website URL in the project settings" },
  "deploy.blocked": { type: "deploy", severity: "high", autoFixable: false, fix: "Use the site's public address: We Love HQ does not call private or internal addresses" },
  "deploy.unreachable": { type: "deploy", severity: "critical", autoFixable: false, fix: "Check that the site is deployed and its DNS and hosting are up, then analyze again" },
  "deploy.tls_invalid": { type: "deploy", severity: "critical", autoFixable: false, fix: "Renew or reissue the TLS certificate for this host name (e.g. with Let's Encrypt)" },
  "deploy.tls_expiring": { type: "deploy", severity: "high", autoFixable: false, fix: "Renew the TLS certificate before it expires, and turn on automatic renewal" },
  "deploy.server_error": { type: "deploy", severity: "critical", autoFixable: false, fix: "Check the latest deployment's logs and roll back if it broke the site" },
  "deploy.client_error": { type: "deploy", severity: "high", autoFixable: false, fix: "Make the website URL answer 200: fix the route or update the URL in the project settings" },
  "build.stale_deploy": { type: "build", severity: "low", autoFixable: false, fix: "Redeploy the site so it carries current dependencies and content" },
  "security.no_https": { type: "security", severity: "high", autoFixable: false, fix: "Serve the site over HTTPS and redirect http:// to https://" },
  "security.no_hsts": { type: "security", severity: "medium", autoFixable: true, fix: "Send Strict-Transport-Security: max-age=31536000; includeSubDomains" },
  "security.no_csp": { type: "security", severity: "medium", autoFixable: false, fix: "Add a Content-Security-Policy listing the script, style and image sources the site uses" },
  "security.no_frame_guard": { type: "security", severity: "medium", autoFixable: true, fix: "Send X-Frame-Options: DENY or Content-Security-Policy: frame-ancestors 'self'" },
  "security.cookie_flags": { type: "security", severity: "low", autoFixable: false, fix: "Set cookies with Secure, HttpOnly and SameSite=Lax (or Strict)" },
  "seo.title": { type: "seo", severity: "high", autoFixable: true, fix: "Add a <title> of 10 to 60 characters that names the page" },
  "seo.meta_description": { type: "seo", severity: "high", autoFixable: true, fix: 'Add <meta name="description" content="..."> of 50 to 160 characters summarising the page' },
  "seo.canonical": { type: "seo", severity: "low", autoFixable: true, fix: 'Add <link rel="canonical" href="..."> with the page\'s preferred address' },
  "seo.h1": { type: "seo", severity: "medium", autoFixable: false, fix: "Give the page exactly one <h1> that states its main topic" },
  "seo.heading_order": { type: "seo", severity: "low", autoFixable: true, fix: "Use heading levels in order (h1, then h2, then h3) without skipping one" },
  "accessibility.img_alt": { type: "accessibility", severity: "medium", autoFixable: true, fix: 'Add an alt attribute to every image: a short description, or alt="" for decoration' },
  "accessibility.lang": { type: "accessibility", severity: "medium", autoFixable: true, fix: 'Add the page\'s language to the html element, e.g. <html lang="en">' },
  "accessibility.labels": { type: "accessibility", severity: "high", autoFixable: false, fix: "Give every form control a <label for>, a wrapping <label> or an aria-label" },
  "performance.page_weight": { type: "performance", severity: "medium", autoFixable: false, fix: "Reduce the HTML, scripts and stylesheets: remove unused code, minify, split bundles" },
  "performance.script_bytes": { type: "performance", severity: "medium", autoFixable: false, fix: "Split the JavaScript bundle and load the rest on demand; drop unused dependencies" },
  "performance.render_blocking": { type: "performance", severity: "medium", autoFixable: true, fix: "Add defer (or async) to scripts in <head>, or move them to the end of <body>" },
  "seo.broken_links": { type: "seo", severity: "medium", autoFixable: false, fix: "Fix or remove the link on the page it was found on, or make its address answer again" },
  "work.overdue": { type: "work", severity: "medium", autoFixable: false, fix: "Finish the overdue tasks, or move their due dates to when they will really be done" },
  "work.stale": { type: "work", severity: "low", autoFixable: false, fix: "Review the project: plan its next task, or archive it if it is finished" },
} satisfies Record<string, Entry>;

export type IssueCheck = keyof typeof issueCatalogue;
export type FoundIssue = Omit<ProjectHealthIssue, "fix_job_id" | "fix_state">;

/** An issue of the catalogue with its own description; `severity` overrides for graded checks. */
export function makeIssue(check: IssueCheck, description: string, severity?: ProjectIssueSeverity): FoundIssue {
  const entry: Entry = issueCatalogue[check];
  return { id: randomUUID(), check, type: entry.type, severity: severity ?? entry.severity, description, fix_suggestion: entry.fix, auto_fixable: entry.autoFixable };
}
