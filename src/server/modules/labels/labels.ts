import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { createLabelInput, Label, updateLabelInput } from "@/shared/task-team";
import type { Db } from "../../db/client";
import { labels } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { sqlStateOf } from "../../lib/database-errors";
import { AppError } from "../../lib/errors";
import { publishChange } from "../../lib/events";
import type { Ctx } from "../organisations/org-scope";

type Scope = Pick<Ctx, "db" | "scope">;
const taken = () => new AppError("conflict", "A label with this name exists", { name: "A label with this name exists" });
const notFound = () => new AppError("not_found", "Label not found");

/** The organisation's labels by name, with how many tasks carry each. */
export async function listLabels({ db, scope }: Scope): Promise<Label[]> {
  const rows = await db
    .select({ id: labels.id, name: labels.name, color: labels.color, taskCount: sql<number>`(select count(*)::int from task_labels tl where tl.label_id = ${labels.id})` })
    .from(labels)
    .where(eq(labels.orgId, scope.orgId))
    .orderBy(asc(sql`lower(${labels.name})`));
  return rows.map((r) => ({ id: r.id, name: r.name, color: r.color, task_count: Number(r.taskCount) }));
}

async function write<T>(db: Db, run: (tx: Parameters<Parameters<Db["transaction"]>[0]>[0]) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(run);
  } catch (error) {
    if (sqlStateOf(error) === "23505") throw taken();
    throw error;
  }
}

export async function createLabel({ db, scope }: Scope, input: z.infer<typeof createLabelInput>): Promise<Label> {
  return write(db, async (tx) => {
    const [row] = await tx.insert(labels).values({ orgId: scope.orgId, name: input.name, color: input.color }).returning();
    await recordAudit(tx, { orgId: scope.orgId, actorUserId: scope.userId, action: "label.create", targetType: "label", targetId: row!.id, details: { name: input.name } });
    await publishChange(tx, scope.orgId, { entity: "label", id: row!.id, action: "created" });
    return { id: row!.id, name: row!.name, color: row!.color, task_count: 0 };
  });
}

export async function updateLabel({ db, scope }: Scope, labelId: string, input: z.infer<typeof updateLabelInput>): Promise<Label> {
  return write(db, async (tx) => {
    const [before] = await tx.select().from(labels).where(and(eq(labels.id, labelId), eq(labels.orgId, scope.orgId))).for("update");
    if (!before) throw notFound();
    await tx.update(labels).set({ ...input, updatedAt: new Date() }).where(eq(labels.id, labelId));
    await recordAudit(tx, { orgId: scope.orgId, actorUserId: scope.userId, action: "label.update", targetType: "label", targetId: labelId, details: { from: before.name, to: input.name ?? before.name } });
    await publishChange(tx, scope.orgId, { entity: "label", id: labelId, action: "updated" });
    const [label] = (await listLabels({ db: tx as unknown as Db, scope })).filter((l) => l.id === labelId);
    return label!;
  });
}

/** Deleting a label takes it off every task (task_labels cascade). */
export async function deleteLabel({ db, scope }: Scope, labelId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(labels).where(and(eq(labels.id, labelId), eq(labels.orgId, scope.orgId))).returning({ name: labels.name });
    if (!row) throw notFound();
    await recordAudit(tx, { orgId: scope.orgId, actorUserId: scope.userId, action: "label.delete", targetType: "label", targetId: labelId, details: { name: row.name } });
    await publishChange(tx, scope.orgId, { entity: "label", id: labelId, action: "deleted" });
  });
}
