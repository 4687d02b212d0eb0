import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Task, updateTaskInput } from "@/shared/work";
import { tasks } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { publishChange } from "../../lib/events";
import { queueOf, type Ctx } from "../organisations/org-scope";
import { readyTaskEvents, sendTaskEvent } from "../inbox/task-events";
import { assertProjectsEditable } from "../projects/project-limits";
import { getTask } from "./get-task";
import { projectOfOrg } from "./project-of-org";
import { remindAtOf } from "./reminder";
import { assertRepeatable } from "./repeat/next-occurrence";
import { spawnNext } from "./repeat/spawn-next";
import { recordTaskChange } from "./task-audit";
import { labelNames, replaceTaskLabels } from "./task-labels-set";
import { assertAssignable } from "./task-members";
import { rankAtEnd } from "./task-rank";
import { toTask } from "./task-row";
import { queueTaskCalendarSync } from "../google-calendar/sync-queue";

type Input = z.infer<typeof updateTaskInput>;
type Row = typeof tasks.$inferSelect;

/** What the activity says changed: each field's before and after, only where it differs. */
function changesOf(before: Row, after: Partial<Row>): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  const fields = { title: "title", status: "status", priority: "priority", assigneeId: "assignee", projectId: "project", dueAt: "due_at", description: "description" } as const;
  for (const [key, name] of Object.entries(fields) as [keyof typeof fields, string][]) {
    if (!(key in after)) continue;
    const from = before[key] instanceof Date ? (before[key] as Date).toISOString() : before[key];
    const to = after[key] instanceof Date ? (after[key] as Date).toISOString() : after[key];
    if (from !== to) out[name] = name === "description" ? { from: null, to: null } : { from: from ?? null, to: to ?? null };
  }
  return out;
}

export async function updateTask(ctx: Ctx, taskId: string, input: Input): Promise<Task> {
  const { db, scope, now } = ctx;
  const queue = queueOf(ctx);
  if (input.assignee_id) await readyTaskEvents(queue);
  return db.transaction(async (tx) => {
    if (input.project_id) await projectOfOrg(tx, scope.orgId, input.project_id);
    // Locked, so the project it leaves, the assignee it had and the status it ends in are the ones when the update lands.
    const [before] = await tx.select().from(tasks).where(and(eq(tasks.id, taskId), eq(tasks.orgId, scope.orgId))).for("update");
    if (!before) throw new AppError("not_found", "Task not found");
    // A read-only project's tasks stay where they are, and none move into one.
    await assertProjectsEditable(tx, scope.orgId, [before.projectId, input.project_id], now());
    if (input.assignee_id !== undefined) await assertAssignable(tx, scope.orgId, input.assignee_id);
    const set: Partial<Row> = {};
    if (input.title !== undefined) set.title = input.title;
    if (input.priority !== undefined) set.priority = input.priority;
    if (input.description !== undefined) set.description = input.description;
    if (input.project_id) set.projectId = input.project_id;
    if (input.assignee_id !== undefined) set.assigneeId = input.assignee_id;
    if (input.due_at !== undefined) set.dueAt = input.due_at ? new Date(input.due_at) : null;
    if (input.reminder_minutes !== undefined) set.reminderMinutes = input.reminder_minutes;
    if (input.status !== undefined && input.status !== before.status) {
      set.status = input.status;
      // It joins the bottom of its new column on the board.
      set.rank = await rankAtEnd(tx, scope.orgId, input.status);
    }
    if (input.repeat !== undefined) {
      set.recurrence = input.repeat?.rule ?? null;
      set.recurrenceTz = input.repeat?.tz ?? null;
      set.repeatFrom = input.repeat ? input.repeat.from : null;
    }
    const dueAt = set.dueAt !== undefined ? set.dueAt : before.dueAt;
    const repeat = toTask({ ...before, ...set }, { name: "", color: "" }).repeat;
    if (repeat && (input.repeat !== undefined || input.due_at !== undefined)) assertRepeatable(repeat, dueAt);
    if (set.dueAt !== undefined || set.reminderMinutes !== undefined) {
      set.remindAt = remindAtOf(dueAt, set.reminderMinutes !== undefined ? set.reminderMinutes : before.reminderMinutes, now());
    }
    await tx
      .update(tasks)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(tasks.id, taskId), eq(tasks.orgId, scope.orgId)));
    const details: Record<string, unknown> = { changes: changesOf(before, set) };
    if (input.label_ids !== undefined) {
      const { added, removed } = await replaceTaskLabels(tx, scope.orgId, taskId, input.label_ids);
      if (added.length || removed.length) details.labels = { added: await labelNames(tx, scope.orgId, added), removed: await labelNames(tx, scope.orgId, removed) };
    }
    if (Object.keys(details.changes as object).length > 0 || details.labels) await recordTaskChange(tx, scope, "task.update", taskId, details);
    if (set.assigneeId && set.assigneeId !== before.assigneeId && set.assigneeId !== scope.userId) {
      await sendTaskEvent(queue, tx, { kind: "assigned", org_id: scope.orgId, task_id: taskId, actor_id: scope.userId, assignee_id: set.assigneeId });
    }
    if (set.status === "done") await spawnNext(tx, scope.orgId, taskId, scope.userId, now());
    await queueTaskCalendarSync(tx, scope.orgId, taskId);
    await publishChange(tx, scope.orgId, { entity: "task", id: taskId, action: "updated" });
    return (await getTask({ db: tx, scope }, taskId))!;
  });
}
