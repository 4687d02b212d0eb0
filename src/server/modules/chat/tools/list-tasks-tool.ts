import type { z } from "zod";
import type { Task } from "@/shared/work";
import { listTasks } from "../../tasks/list-tasks";
import { repliesIn } from "../builtin/replies/replies";
import { findProject } from "./find-project";
import type { toolArgs } from "./tool-defs";
import { failedOutcome, outcome, projectHref, taskList, type ToolCtx, type ToolOutcome } from "./tool-types";

const SHOWN = 20;
const viewWords = { all: "Tasks", today: "Tasks due today", overdue: "Overdue tasks", done: "Done tasks" } as const;

/** Whole headings, so each translates as one (shared/i18n/messages). */
function headingOf(view: keyof typeof viewWords, project: string | undefined): string {
  if (!project) return viewWords[view];
  if (view === "today") return `Tasks due today in ${project}`;
  if (view === "overdue") return `Overdue tasks in ${project}`;
  if (view === "done") return `Done tasks in ${project}`;
  return `Tasks in ${project}`;
}

/** "3 found", or "20+ found" when there are more than shown. */
const countOf = (shown: number, more: boolean, what: "found" | "overdue") =>
  what === "found" ? (more ? `${shown}+ found` : `${shown} found`) : more ? `${shown}+ overdue` : `${shown} overdue`;

export async function listTasksTool(ctx: ToolCtx, args: z.infer<(typeof toolArgs)["list_tasks"]>): Promise<ToolOutcome> {
  const view = args.view ?? "all";
  let project: { id: string; name: string } | undefined;
  if (args.project) {
    const found = await findProject(ctx, args.project);
    if ("error" in found) return failedOutcome("list_tasks", "List tasks", found.error);
    project = found.project;
  }
  const page = await listTasks(ctx, { view, tz: ctx.tz, project_id: project?.id, limit: SHOWN }, ctx.now());
  const heading = headingOf(view, project?.name);
  const text = taskList(ctx, repliesIn(ctx.lang).heading(view, project?.name ?? null), page.tasks, page.next_cursor !== null);
  return outcome("list_tasks", "done", heading, text, { detail: countOf(page.tasks.length, page.next_cursor !== null, "found"), href: project ? projectHref(project.id) : null });
}

export async function listOverdueTool(ctx: ToolCtx): Promise<ToolOutcome> {
  const page = await listTasks(ctx, { view: "overdue", tz: ctx.tz, limit: SHOWN }, ctx.now());
  const say = repliesIn(ctx.lang);
  const text = page.tasks.length ? taskList(ctx, say.heading("overdue", null), page.tasks, page.next_cursor !== null) : say.nothingOverdue;
  return outcome("list_overdue", "done", "Overdue tasks", text, { detail: countOf(page.tasks.length, page.next_cursor !== null, "overdue"), href: onlyProjectHref(page.tasks) });
}

export async function searchTasksTool(ctx: ToolCtx, args: z.infer<(typeof toolArgs)["search_tasks"]>): Promise<ToolOutcome> {
  const page = await listTasks(ctx, { view: "all", tz: ctx.tz, q: args.query, limit: SHOWN }, ctx.now());
  const heading = `Tasks matching "${args.query}"`;
  return outcome("search_tasks", "done", heading, taskList(ctx, repliesIn(ctx.lang).matching(args.query), page.tasks, page.next_cursor !== null), { detail: countOf(page.tasks.length, page.next_cursor !== null, "found"), href: onlyProjectHref(page.tasks) });
}

/** A link to the project when every task listed is in one, else none. */
function onlyProjectHref(tasks: Task[]): string | null {
  const projects = new Set(tasks.map((t) => t.project_id));
  return projects.size === 1 ? projectHref([...projects][0]!) : null;
}
