import type { z } from "zod";
import { createComment } from "../../comments/write-comments";
import { createLabel, listLabels } from "../../labels/labels";
import { listMembers } from "../../organisations/list-members";
import { updateTask } from "../../tasks/update-task";
import { findTask } from "./find-task";
import type { toolArgs } from "./tool-defs";
import { failedOutcome, outcome, type ToolCtx, type ToolOutcome } from "./tool-types";

const taskHref = (id: string) => `/app/tasks/${id}`;

/** Assigns through the same verb as PATCH /tasks/:id: a member by name or email, "me", or nobody. */
export async function assignTaskTool(ctx: ToolCtx, args: z.infer<(typeof toolArgs)["assign_task"]>): Promise<ToolOutcome> {
  const found = await findTask(ctx, args.task);
  if ("error" in found) return failedOutcome("assign_task", `Assign "${args.task}"`, found.error);
  const { task } = found;
  const who = args.person.trim().toLowerCase();
  if (who === "nobody" || who === "none") {
    await updateTask(ctx, task.id, { assignee_id: null });
    return outcome("assign_task", "done", `Unassigned "${task.title}"`, `"${task.title}" is now unassigned.`, { href: taskHref(task.id) });
  }
  const members = await listMembers(ctx.db, { userId: ctx.scope.userId, orgId: ctx.scope.orgId });
  const matches = who === "me" ? members.filter((m) => m.user_id === ctx.scope.userId) : members.filter((m) => m.email.toLowerCase() === who || m.name.toLowerCase() === who || m.name.toLowerCase().startsWith(who));
  if (matches.length !== 1) {
    const names = members.slice(0, 8).map((m) => m.name).join(", ");
    return failedOutcome("assign_task", `Assign "${task.title}"`, matches.length ? `Several members match "${args.person}". Which one?` : `No member matches "${args.person}". Members: ${names}.`);
  }
  const person = matches[0]!;
  await updateTask(ctx, task.id, { assignee_id: person.user_id });
  return outcome("assign_task", "done", `Assigned "${task.title}" to ${person.name}`, `Assigned "${task.title}" to ${person.name}.`, { href: taskHref(task.id) });
}

/** Adds labels by name (made when new), through the labels and task verbs. */
export async function labelTaskTool(ctx: ToolCtx, args: z.infer<(typeof toolArgs)["label_task"]>): Promise<ToolOutcome> {
  const found = await findTask(ctx, args.task);
  if ("error" in found) return failedOutcome("label_task", `Label "${args.task}"`, found.error);
  const { task } = found;
  const names = [...new Set(args.labels.split(",").map((n) => n.trim()).filter(Boolean))].slice(0, 10);
  const existing = await listLabels(ctx);
  const ids: string[] = [];
  for (const name of names) {
    const label = existing.find((l) => l.name.toLowerCase() === name.toLowerCase()) ?? (await createLabel(ctx, { name: name.slice(0, 50), color: "#64748b" }));
    ids.push(label.id);
  }
  await updateTask(ctx, task.id, { label_ids: [...new Set([...task.label_ids, ...ids])] });
  return outcome("label_task", "done", `Labelled "${task.title}"`, `Labelled "${task.title}": ${names.join(", ")}.`, { detail: names.join(", "), href: taskHref(task.id) });
}

/** Comments as the user, through the same verb as POST /tasks/:id/comments (its people are told in the queue). */
export async function commentTaskTool(ctx: ToolCtx, args: z.infer<(typeof toolArgs)["comment_task"]>): Promise<ToolOutcome> {
  const found = await findTask(ctx, args.task);
  if ("error" in found) return failedOutcome("comment_task", `Comment on "${args.task}"`, found.error);
  const { task } = found;
  await createComment(ctx, task.id, { body: args.text, mentions: [] });
  return outcome("comment_task", "done", `Commented on "${task.title}"`, `Added your comment to "${task.title}".`, { href: taskHref(task.id) });
}
