import type { z } from "zod";
import type { ChatAction } from "@/shared/chat";
import { deleteTask } from "../../tasks/delete-task";
import { getTask } from "../../tasks/get-task";
import { repliesIn } from "../builtin/replies/replies";
import { findTask } from "./find-task";
import type { toolArgs } from "./tool-defs";
import { failedOutcome, outcome, projectHref, type PendingAction, type ToolCtx, type ToolOutcome } from "./tool-types";

/** Destructive, so it only proposes: the task is deleted when the user confirms (runDeleteTask). */
export async function proposeDeleteTask(ctx: ToolCtx, args: z.infer<(typeof toolArgs)["delete_task"]>): Promise<ToolOutcome> {
  const found = await findTask(ctx, args.task);
  if ("error" in found) return failedOutcome("delete_task", `Delete "${args.task}"`, found.error);
  const { task } = found;
  return outcome("delete_task", "needs_confirmation", `Delete "${task.title}"?`, repliesIn(ctx.lang).confirmDelete(task.title, task.projects.name), {
    detail: `${task.projects.name}: this cannot be undone`,
    href: projectHref(task.project_id),
    pending: { tool: "delete_task", task_id: task.id },
  });
}

/** The confirmed deletion, through the same verb as DELETE /tasks/:id; the card changes state. */
export async function runDeleteTask(ctx: ToolCtx, pending: PendingAction, action: ChatAction): Promise<ChatAction> {
  const task = await getTask(ctx, pending.task_id);
  if (!task) return { ...action, state: "failed", detail: "The task no longer exists." };
  await deleteTask(ctx, task.id);
  return { ...action, state: "confirmed", title: `Deleted "${task.title}"`, detail: task.projects.name };
}
