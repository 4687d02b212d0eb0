import { and, count, eq } from "drizzle-orm";
import { planes, projects } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { AppError } from "../../lib/errors";
import { publishChange } from "../../lib/events";
import type { Ctx } from "../organisations/org-scope";

export type DeletePlaneChoice = { projects: "refuse" | "move" | "delete"; target?: string };

/** A plane's projects are never lost by accident: the caller must say move them, or delete them. */
export async function deletePlane({ db, scope }: Ctx, planeId: string, choice: DeletePlaneChoice): Promise<{ moved: number; deleted: number }> {
  return db.transaction(async (tx) => {
    const [plane] = await tx.select({ id: planes.id, name: planes.name }).from(planes).where(and(eq(planes.id, planeId), eq(planes.orgId, scope.orgId))).for("update");
    if (!plane) throw new AppError("not_found", "Plane not found");
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(projects).where(eq(projects.planeId, planeId));
    let moved = 0;
    let deleted = 0;
    if (n > 0 && choice.projects === "refuse") {
      throw new AppError(
        "conflict",
        n === 1 ? "This plane holds 1 project. Move it to another plane or delete it with the plane." : `This plane holds ${n} projects. Move them to another plane or delete them with it.`,
      );
    }
    if (n > 0 && choice.projects === "move") {
      if (!choice.target || choice.target === planeId) throw new AppError("bad_request", "Choose the plane to move the projects to", { target: "Choose another plane" });
      const [target] = await tx.select({ id: planes.id }).from(planes).where(and(eq(planes.id, choice.target), eq(planes.orgId, scope.orgId)));
      if (!target) throw new AppError("bad_request", "The plane to move the projects to was not found", { target: "Choose another plane" });
      moved = (await tx.update(projects).set({ planeId: target.id, updatedAt: new Date() }).where(eq(projects.planeId, planeId)).returning({ id: projects.id })).length;
    }
    if (n > 0 && choice.projects === "delete") {
      deleted = (await tx.delete(projects).where(eq(projects.planeId, planeId)).returning({ id: projects.id })).length;
    }
    await tx.delete(planes).where(eq(planes.id, planeId));
    await recordAudit(tx, { orgId: scope.orgId, actorUserId: scope.userId, action: "plane.delete", targetType: "plane", targetId: planeId, details: { name: plane.name, projects: choice.projects, moved, deleted } });
    await publishChange(tx, scope.orgId, { entity: "plane", id: planeId, action: "deleted" });
    return { moved, deleted };
  });
}
