import { countJobs } from "../jobs/count-jobs";
import { projectUsage } from "../projects/project-usage";
import { countTasks } from "../tasks/count-tasks";
import type { ToolCtx } from "./tools/tool-types";

/** Since the beginning: the jobs verb counts from a date, and "status" means all of them. */
const EVER = new Date(0);

/** The dev console's "status": the dashboard's task counts, projects, and agent jobs by state (as the jobs page groups them). */
export async function statusText(ctx: ToolCtx): Promise<string> {
  const [tasks, usage, jobs] = await Promise.all([countTasks(ctx, ctx.tz, ctx.now()), projectUsage(ctx), countJobs(ctx.db, EVER, ctx.scope.orgId)]);
  const byState = Object.entries(jobs).filter(([, n]) => n > 0);
  const jobTotal = byState.reduce((sum, [, n]) => sum + n, 0);
  const states = byState.map(([state, n]) => `${n} ${state}`).join(", ");
  return [
    `Tasks: ${tasks.all} (${tasks.today} due today, ${tasks.overdue} overdue, ${tasks.done} done).`,
    `Projects: ${usage.used}${usage.limit === null ? "" : ` of ${usage.limit} allowed`}.`,
    `Agent jobs: ${jobTotal}${states ? ` (${states})` : ""}.`,
  ].join("\n");
}
