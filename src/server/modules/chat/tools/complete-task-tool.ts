import type { z } from "zod";
import { updateTask } from "../../tasks/update-task";
import { repliesIn } from "../builtin/replies/replies";
import { findTask } from "./find-task";
import type { toolArgs } from "./tool-defs";
import { failedOutcome, outcome, projectHref, type ToolCtx, type ToolOutcome } from "./tool-types";

/** Ticks the task through the same verb as PATCH /tasks/:id. */
export async function completeTaskTool(ctx: ToolCtx, args: z.infer<(typeof toolArgs)["complete_task"]>): Promise<ToolOutcome> {
  const found = await findTask(ctx, args.task);
  if ("error" in found) return failedOutcome("complete_task", `Complete "${args.task}"`, found.error);
  const { task } = found;
  const say = repliesIn(ctx.lang);
  if (task.status === "done") return outcome("complete_task", "done", `"${task.title}" was already done`, say.alreadyDone(task.title), { detail: task.projects.name, href: projectHref(task.project_id) });
  const done = await updateTask(ctx, task.id, { status: "done" });
  return outcome("complete_task", "done", `Completed "${done.title}"`, say.completed(done.title), { detail: done.projects.name, href: projectHref(done.project_id) });
}
