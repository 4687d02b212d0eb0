import { z } from "zod";
import { createTaskInput } from "@/shared/work";
import { parseWith } from "../../../lib/parse";
import { createTask } from "../../tasks/create-task";
import { parseDue, resolveDue } from "../builtin/parse-due";
import { repliesIn } from "../builtin/replies/replies";
import { allProjects, findProject } from "./find-project";
import type { toolArgs } from "./tool-defs";
import { failedOutcome, outcome, projectHref, taskLine, type ToolCtx, type ToolOutcome } from "./tool-types";

const isoInstant = z.iso.datetime({ offset: true });

/** A due date as a model (ISO) or a person ("friday") gave it, as the instant to store. */
function dueInstant(due: string, ctx: ToolCtx): string | null {
  if (isoInstant.safeParse(due).success) return new Date(due).toISOString();
  const spec = parseDue(due);
  return spec ? resolveDue(spec, ctx.tz, ctx.now()) : null;
}

/** Creates the task through the same verb as POST /tasks, so the dashboard hears of it live. */
export async function createTaskTool(ctx: ToolCtx, args: z.infer<(typeof toolArgs)["create_task"]>): Promise<ToolOutcome> {
  const title = `Create "${args.title}"`;
  let projectId: string;
  if (args.project) {
    const found = await findProject(ctx, args.project);
    if ("error" in found) return failedOutcome("create_task", title, found.error);
    projectId = found.project.id;
  } else {
    const projects = await allProjects(ctx);
    if (projects.length !== 1) return failedOutcome("create_task", title, projects.length ? `Which project? Say "in <project>": ${projects.slice(0, 8).map((p) => p.name).join(", ")}.` : "There are no projects yet. Create one first.");
    projectId = projects[0]!.id;
  }
  const dueAt = args.due ? dueInstant(args.due, ctx) : null;
  if (args.due && !dueAt) return failedOutcome("create_task", title, `I couldn't read the due date "${args.due}".`);
  const input = parseWith(createTaskInput, { title: args.title, project_id: projectId, priority: args.priority, due_at: dueAt });
  const task = await createTask(ctx, input);
  return outcome("create_task", "done", `Created "${task.title}"`, repliesIn(ctx.lang).created(taskLine(task, ctx)), { detail: task.projects.name, href: projectHref(task.project_id) });
}
