import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Project, updateProjectInput } from "@/shared/work";
import { planes, projects } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { publishChange } from "../../lib/events";
import type { Ctx } from "../organisations/org-scope";
import { getProject } from "./list-projects";
import { assertProjectsEditable } from "./project-limits";

export async function updateProject(ctx: Ctx, projectId: string, input: z.infer<typeof updateProjectInput>): Promise<Project> {
  const { db, scope, now } = ctx;
  // Read back in the same transaction: a delete that commits meanwhile makes this a 404, not an empty 200.
  return db.transaction(async (tx) => {
    if (input.plane_id) {
      const [plane] = await tx.select({ id: planes.id }).from(planes).where(and(eq(planes.id, input.plane_id), eq(planes.orgId, scope.orgId)));
      if (!plane) throw new AppError("bad_request", "Choose a plane of this organisation", { plane_id: "Plane not found" });
    }
    const { plane_id, website_url, ...rest } = input;
    const [row] = await tx
      .update(projects)
      .set({ ...rest, ...(plane_id ? { planeId: plane_id } : {}), ...(website_url !== undefined ? { websiteUrl: website_url } : {}), updatedAt: new Date() })
      .where(and(eq(projects.id, projectId), eq(projects.orgId, scope.orgId)))
      .returning({ id: projects.id });
    if (!row) throw new AppError("not_found", "Project not found");
    const { isReadOnly } = await assertProjectsEditable(tx, scope.orgId, [projectId], now());
    await publishChange(tx, scope.orgId, { entity: "project", id: projectId, action: "updated" });
    // The plan and the editable projects were just read in this transaction: the payload reuses them.
    const project = await getProject({ ...ctx, db: tx }, projectId, isReadOnly);
    if (!project) throw new AppError("not_found", "Project not found");
    return project;
  });
}
