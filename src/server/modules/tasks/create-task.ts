import type { z } from "zod";
import type { createTaskInput, Task } from "@/shared/work";
import { tasks } from "../../db/schema";
import { publishChange } from "../../lib/events";
import { queueOf, type Ctx } from "../organisations/org-scope";
import { assertProjectsEditable } from "../projects/project-limits";
import { readyTaskEvents, sendTaskEvent } from "../inbox/task-events";
import { getTask } from "./get-task";
import { projectOfOrg } from "./project-of-org";
import { DEFAULT_REMINDER_MINUTES, remindAtOf } from "./reminder";
import { assertRepeatable } from "./repeat/next-occurrence";
import { recordTaskChange } from "./task-audit";
import { replaceTaskLabels } from "./task-labels-set";
import { assertAssignable } from "./task-members";
import { rankAtEnd } from "./task-rank";
import { queueTaskCalendarSync } from "../google-calendar/sync-queue";

export async function createTask(ctx: Ctx, input: z.infer<typeof createTaskInput>): Promise<Task> {
  const { db, scope, now } = ctx;
  const queue = queueOf(ctx);
  const dueAt = input.due_at ? new Date(input.due_at) : null;
  const repeat = input.repeat ?? null;
  if (repeat) assertRepeatable(repeat, dueAt);
  const reminderMinutes = input.reminder_minutes !== undefined ? input.reminder_minutes : dueAt ? DEFAULT_REMINDER_MINUTES : null;
  if (input.assignee_id) await readyTaskEvents(queue);
  return db.transaction(async (tx) => {
    const project = await projectOfOrg(tx, scope.orgId, input.project_id);
    await assertProjectsEditable(tx, scope.orgId, [project.id], now());
    await assertAssignable(tx, scope.orgId, input.assignee_id);
    const [row] = await tx
      .insert(tasks)
      .values({
        orgId: scope.orgId,
        projectId: project.id,
        title: input.title,
        description: input.description,
        priority: input.priority,
        status: "todo",
        dueAt,
        authorId: scope.userId,
        assigneeId: input.assignee_id,
        rank: await rankAtEnd(tx, scope.orgId, "todo"),
        reminderMinutes,
        remindAt: remindAtOf(dueAt, reminderMinutes, now()),
        recurrence: repeat?.rule ?? null,
        recurrenceTz: repeat?.tz ?? null,
        repeatFrom: repeat ? repeat.from : null,
      })
      .returning({ id: tasks.id });
    const id = row!.id;
    if (input.label_ids?.length) await replaceTaskLabels(tx, scope.orgId, id, input.label_ids);
    await recordTaskChange(tx, scope, "task.create", id, { title: input.title });
    if (input.assignee_id && input.assignee_id !== scope.userId) {
      await sendTaskEvent(queue, tx, { kind: "assigned", org_id: scope.orgId, task_id: id, actor_id: scope.userId, assignee_id: input.assignee_id });
    }
    await queueTaskCalendarSync(tx, scope.orgId, id);
    await publishChange(tx, scope.orgId, { entity: "task", id, action: "created" });
    return (await getTask({ db: tx, scope }, id))!;
  });
}
