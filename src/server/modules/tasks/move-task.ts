import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { moveTaskInput } from "@/shared/task-team";
import type { Task } from "@/shared/work";
import { tasks } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { publishChange } from "../../lib/events";
import type { Ctx } from "../organisations/org-scope";
import { assertProjectsEditable } from "../projects/project-limits";
import { getTask } from "./get-task";
import { spawnNext } from "./repeat/spawn-next";
import { recordTaskChange } from "./task-audit";
import { keyBetween, respreadColumn } from "./task-rank";
import { queueTaskCalendarSync } from "../google-calendar/sync-queue";

const boardChanged = () => new AppError("conflict", "The board changed while you moved this card; it shows the new order now");

/**
 * A card dropped between two others (or at an end of a column). The card is locked, then its new
 * neighbours: two people moving cards at once land one after the other, each between the
 * neighbours it saw, and a neighbour that left the column meanwhile answers 409 to reload.
 */
export async function moveTask({ db, scope, now }: Ctx, taskId: string, input: z.infer<typeof moveTaskInput>): Promise<Task> {
  if (input.after_id === taskId || input.before_id === taskId) throw new AppError("bad_request", "A card cannot move next to itself", { after_id: "Choose another card" });
  return db.transaction(async (tx) => {
    const [card] = await tx.select().from(tasks).where(and(eq(tasks.id, taskId), eq(tasks.orgId, scope.orgId))).for("update");
    if (!card) throw new AppError("not_found", "Task not found");
    await assertProjectsEditable(tx, scope.orgId, [card.projectId], now());
    const neighbourIds = [input.after_id, input.before_id].filter((id): id is string => id !== null);
    const neighbours = neighbourIds.length
      ? await tx
          .select({ id: tasks.id, rank: tasks.rank, status: tasks.status })
          .from(tasks)
          .where(and(eq(tasks.orgId, scope.orgId), inArray(tasks.id, neighbourIds)))
          .for("share")
      : [];
    const rankOf = (id: string | null) => {
      if (id === null) return null;
      const n = neighbours.find((x) => x.id === id);
      if (!n || n.status !== input.status) throw boardChanged();
      return n.rank;
    };
    let rank = keyBetween(rankOf(input.after_id), rankOf(input.before_id));
    if (rank === null) {
      // Tied or out of order (cards from before the board share "a0"): spread the column, then place.
      const spread = await respreadColumn(tx, scope.orgId, input.status, taskId);
      rank = keyBetween(input.after_id ? spread.get(input.after_id)! : null, input.before_id ? spread.get(input.before_id)! : null);
      if (rank === null) throw boardChanged();
    }
    await tx.update(tasks).set({ status: input.status, rank, updatedAt: new Date() }).where(eq(tasks.id, taskId));
    if (card.status !== input.status) {
      await recordTaskChange(tx, scope, "task.update", taskId, { changes: { status: { from: card.status, to: input.status } } });
      if (input.status === "done") await spawnNext(tx, scope.orgId, taskId, scope.userId, now());
    }
    await queueTaskCalendarSync(tx, scope.orgId, taskId);
    await publishChange(tx, scope.orgId, { entity: "task", id: taskId, action: "updated" });
    return (await getTask({ db: tx, scope }, taskId))!;
  });
}
