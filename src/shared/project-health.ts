import { z } from "zod";
import { jobStates } from "./jobs";

/**
 * Project self-healing (/app/project-healing): the spec's project health issue and report, from a
 * real analysis of the project's website and its work. 'work' (overdue tasks, no activity) is ours,
 * beside the spec's six types; 'info' marks a fact worth knowing that is no defect (no website set).
 */
export const projectIssueTypes = ["build", "deploy", "performance", "security", "seo", "accessibility", "work"] as const;
export type ProjectIssueType = (typeof projectIssueTypes)[number];
export const projectIssueSeverities = ["critical", "high", "medium", "low", "info"] as const;
export type ProjectIssueSeverity = (typeof projectIssueSeverities)[number];
export const projectHealthStatuses = ["healthy", "warning", "critical"] as const;
export type ProjectHealthStatus = (typeof projectHealthStatuses)[number];

export const projectHealthIssue = z.object({
  id: z.string(),
  /** Which check found it (e.g. 'seo.meta_description'): stable across scans, for tests and tooling. */
  check: z.string(),
  type: z.enum(projectIssueTypes),
  severity: z.enum(projectIssueSeverities),
  description: z.string(),
  fix_suggestion: z.string(),
  auto_fixable: z.boolean(),
  /** Set once Auto-Fix sent a job; its state comes from the job itself, so 'fixed' is never guessed. */
  fix_job_id: z.string().nullable(),
  fix_state: z.enum(jobStates).nullable(),
  /** A broken link's address, the page it was found on and its status (null: no answer). */
  link: z.object({ url: z.string(), found_on: z.string(), status: z.number().int().nullable() }).optional(),
});
export type ProjectHealthIssue = z.infer<typeof projectHealthIssue>;

export const projectHealthCheck = z.object({ name: z.string(), passed: z.boolean(), detail: z.string().nullable() });
export type ProjectHealthCheck = z.infer<typeof projectHealthCheck>;

export const projectHealthReport = z.object({
  scan_id: z.string(),
  project_id: z.string(),
  project_name: z.string(),
  website_url: z.string().nullable(),
  status: z.enum(projectHealthStatuses),
  score: z.number(),
  issues: z.array(projectHealthIssue),
  checks: z.array(projectHealthCheck),
  lastChecked: z.string(),
});
export type ProjectHealthReport = z.infer<typeof projectHealthReport>;

export const projectHealthLatest = z.object({ report: projectHealthReport.nullable() });
export type ProjectHealthLatest = z.infer<typeof projectHealthLatest>;

export const projectAutoFixResponse = z.object({ job_id: z.string(), duplicate: z.boolean() });
export type ProjectAutoFixResponse = z.infer<typeof projectAutoFixResponse>;

/** The agent n8n routes Auto-Fix jobs to (spec §7). */
export const PROJECT_HEALER_AGENT = "project-healer";
/** Fix All waits this long between two issues (spec §4). */
export const FIX_ALL_GAP_MS = 1_000;
/** An organisation's owners may start this many analyses a minute, all projects together. */
export const PROJECT_ANALYSES_PER_MINUTE = 10;

export const autoFixMessage = (description: string) => `Auto-fix project issue: ${description}`;
