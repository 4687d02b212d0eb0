import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { taskLabels, tasks } from "../../../db/schema";
import { publishChange } from "../../../lib/events";
import { remindAtOf } from "../reminder";
import { recordTaskChange } from "../task-audit";
import { rankAtEnd } from "../task-rank";
import { toTask } from "../task-row";
import { nextOccurrence } from "./next-occurrence";
import { queueTaskCalendarSync } from "../../google-calendar/sync-queue";

type Tx = Pick<Db, "select" | "insert" | "update" | "execute">;

/**
 * Makes a repeating task's next occurrence, once: the row is locked by the caller (or here) and its
 * next_task_id set in the same transaction, so a completion and the minute tick cannot both make
 * one. The copy keeps title, description, priority, project, assignee, labels, reminder and rule.
 */
export async function spawnNext(tx: Tx, orgId: string, taskId: string, actorId: string | null, at: Date): Promise<string | null> {
  const [row] = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.orgId, orgId), isNull(tasks.nextTaskId)))
    .for("update");
  if (!row?.recurrence || !row.dueAt) return null;
  const repeat = toTask(row, { name: "", color: "" }).repeat!;
  let due = nextOccurrence(repeat, row.dueAt, at);
  // Fall behind by weeks (the server was off): the next one is the first still ahead, not a pile of overdue copies.
  for (let i = 0; due && due <= at && repeat.from === "due" && i < 1000; i++) due = nextOccurrence(repeat, due, at);
  if (!due) return null;
  const [made] = await tx
    .insert(tasks)
    .values({
      orgId,
      projectId: row.projectId,
      title: row.title,
      description: row.description,
      priority: row.priority,
      status: "todo",
      dueAt: due,
      authorId: row.authorId,
      assigneeId: row.assigneeId,
      rank: await rankAtEnd(tx, orgId, "todo"),
      reminderMinutes: row.reminderMinutes,
      remindAt: remindAtOf(due, row.reminderMinutes, at),
      recurrence: row.recurrence,
      recurrenceTz: row.recurrenceTz,
      repeatFrom: row.repeatFrom,
    })
    .returning({ id: tasks.id });
  const nextId = made!.id;
  const labels = await tx.select({ labelId: taskLabels.labelId }).from(taskLabels).where(eq(taskLabels.taskId, taskId));
  if (labels.length > 0) await tx.insert(taskLabels).values(labels.map((l) => ({ taskId: nextId, labelId: l.labelId, orgId })));
  await tx.update(tasks).set({ nextTaskId: nextId }).where(eq(tasks.id, taskId));
  await recordTaskChange(tx, { orgId, userId: actorId }, "task.repeat", nextId, { from_task_id: taskId, due_at: due.toISOString() });
  await queueTaskCalendarSync(tx, orgId, nextId);
  await publishChange(tx, orgId, { entity: "task", id: nextId, action: "created" });
  return nextId;
}
