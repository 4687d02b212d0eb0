import type { ProjectHealthReport } from "@/shared/project-health";

export type WebsiteLine =
  | { key: "report.noWebsite" }
  | { key: "report.website"; url: string }
  | { key: "report.websiteRefused" | "report.websiteNotChecked"; url: string; reason: string };

/** "Website checked" only when the site answered; a refused or unreachable site says so, and why. */
export function websiteLineOf(report: Pick<ProjectHealthReport, "website_url" | "checks" | "issues">): WebsiteLine {
  if (!report.website_url) return { key: "report.noWebsite" };
  const reachable = report.checks.find((c) => c.name === "deploy.reachable");
  if (!reachable || reachable.passed) return { key: "report.website", url: report.website_url };
  const isRefused = report.issues.some((i) => i.check === "deploy.blocked");
  return { key: isRefused ? "report.websiteRefused" : "report.websiteNotChecked", url: report.website_url, reason: reachable.detail ?? "" };
}
