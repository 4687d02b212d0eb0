import type { z } from "zod";
import { listTasks } from "../../tasks/list-tasks";
import { formatDay } from "../builtin/local-day";
import { repliesIn } from "../builtin/replies/replies";
import { findProject } from "./find-project";
import type { toolArgs } from "./tool-defs";
import { failedOutcome, outcome, projectHref, type ToolCtx, type ToolOutcome } from "./tool-types";

/** Open, done and overdue counts and the next due task, from the task verbs. */
export async function summariseProjectTool(ctx: ToolCtx, args: z.infer<(typeof toolArgs)["summarise_project"]>): Promise<ToolOutcome> {
  const found = await findProject(ctx, args.project);
  if ("error" in found) return failedOutcome("summarise_project", `Summarise "${args.project}"`, found.error);
  const { project } = found;
  const query = { tz: ctx.tz, project_id: project.id, limit: 100 } as const;
  const [overdue, upcoming] = await Promise.all([listTasks(ctx, { ...query, view: "overdue" }, ctx.now()), listTasks(ctx, { ...query, view: "all" }, ctx.now())]);
  const overdueCount = `${overdue.tasks.length}${overdue.next_cursor ? "+" : ""}`;
  const now = ctx.now().getTime();
  const next = upcoming.tasks.find((t) => t.status !== "done" && t.due_at !== null && new Date(t.due_at).getTime() >= now);
  const open = project.open_task_count;
  const done = project.task_count - project.open_task_count;
  const say = repliesIn(ctx.lang);
  const count = (n: number) => new Intl.NumberFormat(say.locale).format(n);
  const overdueSaid = `${count(overdue.tasks.length)}${overdue.next_cursor ? "+" : ""}`;
  const lines = [say.summary(project.name, count(open), count(done), overdueSaid), next ? say.nextDue(next.title, formatDay(next.due_at!, ctx.tz, say.locale)) : say.nothingUpcoming];
  return outcome("summarise_project", "done", `Summary of ${project.name}`, lines.join(" "), { detail: `${open} open · ${done} done · ${overdueCount} overdue`, href: projectHref(project.id) });
}
