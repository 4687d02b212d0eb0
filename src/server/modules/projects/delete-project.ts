import { and, eq } from "drizzle-orm";
import { projects } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { AppError } from "../../lib/errors";
import { publishChange } from "../../lib/events";
import type { Ctx } from "../organisations/org-scope";

/** Deletes the project and its tasks (the UI confirms with the task count first). */
export async function deleteProject({ db, scope }: Ctx, projectId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(projects).where(and(eq(projects.id, projectId), eq(projects.orgId, scope.orgId))).returning({ id: projects.id, name: projects.name });
    if (!row) throw new AppError("not_found", "Project not found");
    await recordAudit(tx, { orgId: scope.orgId, actorUserId: scope.userId, action: "project.delete", targetType: "project", targetId: projectId, details: { name: row.name } });
    await publishChange(tx, scope.orgId, { entity: "project", id: projectId, action: "deleted" });
  });
}
