import { and, desc, eq } from "drizzle-orm";
import { JOBS_PAGE_SIZE, type JobsPage, type ListJobsQuery } from "@/shared/jobs";
import { agentJobs } from "../../db/schema";
import type { Ctx } from "../organisations/org-scope";
import { jobColumns, toJobRow } from "./job-row";

/** The organisation's jobs, newest first, a page of 50, optionally of one state. */
export async function listJobs(ctx: Ctx, query: ListJobsQuery): Promise<JobsPage> {
  const where = and(eq(agentJobs.orgId, ctx.scope.orgId), query.state ? eq(agentJobs.state, query.state) : undefined);
  const rows = await ctx.db
    .select(jobColumns)
    .from(agentJobs)
    .where(where)
    .orderBy(desc(agentJobs.createdAt), desc(agentJobs.id))
    .limit(JOBS_PAGE_SIZE + 1)
    .offset((query.page - 1) * JOBS_PAGE_SIZE);
  return { jobs: rows.slice(0, JOBS_PAGE_SIZE).map(toJobRow), page: query.page, has_more: rows.length > JOBS_PAGE_SIZE };
}
