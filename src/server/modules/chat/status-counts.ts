import type { JobCounts } from "@/shared/jobs";
import type { Language } from "@/shared/languages";
import { countJobs } from "../jobs/count-jobs";
import { projectUsage } from "../projects/project-usage";
import { countTasks } from "../tasks/count-tasks";
import { repliesIn } from "./builtin/replies/replies";
import type { ToolCtx } from "./tools/tool-types";

/** Since the beginning: the jobs verb counts from a date, and "status" means all of them. */
const EVER = new Date(0);

/** The dev console's "status": the dashboard's task counts, projects, and agent jobs by state (as the jobs page groups them), in `lang`. */
export async function statusText(ctx: ToolCtx, lang: Language = ctx.lang ?? "en"): Promise<string> {
  const [tasks, usage, jobs] = await Promise.all([countTasks(ctx, ctx.tz, ctx.now()), projectUsage(ctx), countJobs(ctx.db, EVER, ctx.scope.orgId)]);
  const say = repliesIn(lang);
  const n = (value: number) => new Intl.NumberFormat(say.locale).format(value);
  const byState = (Object.entries(jobs) as [keyof JobCounts, number][]).filter(([, count]) => count > 0);
  const jobTotal = byState.reduce((sum, [, count]) => sum + count, 0);
  return say.status({
    all: n(tasks.all),
    today: n(tasks.today),
    overdue: n(tasks.overdue),
    done: n(tasks.done),
    projects: n(usage.used),
    limit: usage.limit === null ? null : n(usage.limit),
    jobs: n(jobTotal),
    byState: byState.map(([state, count]) => [n(count), state]),
  });
}
