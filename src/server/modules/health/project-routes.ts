import { Hono } from "hono";
import { budget } from "../../lib/budgets";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { parseWith } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { analyseProject } from "./project-analyse";
import { autoFixProjectIssue } from "./project-auto-fix";
import { latestProjectReport } from "./project-report";
import { projectScanSeams } from "./project-scan-seams";
import { languageOfRequest } from "../../i18n/request-language";
import { projectReportIn } from "./report-language";

const projectParams = z.object({ projectId: z.uuid("Project id is not valid") });
const issueParams = z.object({ projectId: z.uuid("Project id is not valid"), projectIssueId: z.uuid("Issue id is not valid") });

// Project self-healing (/app/project-healing): owners only (health.scan), by route-policies.ts.
export const projectHealthRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .get("/:projectId", async (c) => {
    const { projectId } = parseWith(projectParams, c.req.param());
    return c.json({ report: projectReportIn(languageOfRequest(c), await latestProjectReport(ctxOf(c), projectId)) });
  })
  .post("/:projectId/analyze", budget("scan"), async (c) => {
    const { projectId } = parseWith(projectParams, c.req.param());
    return c.json({ report: projectReportIn(languageOfRequest(c), await analyseProject({ ...ctxOf(c), seams: projectScanSeams(c.get("services").env) }, projectId)) });
  })
  .post("/:projectId/issues/:projectIssueId/fix", budget("agent"), async (c) => {
    const { projectId, projectIssueId } = parseWith(issueParams, c.req.param());
    return c.json(await autoFixProjectIssue({ ...ctxOf(c), queue: c.get("services").queue }, projectId, projectIssueId));
  });
