import { and, desc, eq } from "drizzle-orm";
import { JOBS_PAGE_SIZE, type JobsPage, type ListJobsQuery } from "@/shared/jobs";
import { agentJobs } from "../../db/schema";
import { createdAtText, createdBeyond, createdPage, decodeCreatedCursor } from "../../lib/created-cursor";
import type { Ctx } from "../organisations/org-scope";
import { jobColumns, toJobRow } from "./job-row";
import type { Language } from "@/shared/languages";

/** The organisation's jobs, newest first, 50 a page after the cursor, optionally of one state. */
export async function listJobs(ctx: Ctx, query: ListJobsQuery, lang: Language = "en"): Promise<JobsPage> {
  const after = query.cursor ? decodeCreatedCursor(query.cursor) : undefined;
  const rows = await ctx.db
    .select({ ...jobColumns, at: createdAtText(agentJobs.createdAt) })
    .from(agentJobs)
    .where(
      and(
        eq(agentJobs.orgId, ctx.scope.orgId),
        query.state ? eq(agentJobs.state, query.state) : undefined,
        after ? createdBeyond(agentJobs.createdAt, agentJobs.id, after, "desc") : undefined,
      ),
    )
    .orderBy(desc(agentJobs.createdAt), desc(agentJobs.id))
    .limit(JOBS_PAGE_SIZE + 1);
  const { page, next_cursor } = createdPage(rows, JOBS_PAGE_SIZE, (r) => ({ at: r.at, id: r.id }));
  return { jobs: page.map((row) => toJobRow(row, lang)), next_cursor };
}
