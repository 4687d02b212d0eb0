import { and, count, eq } from "drizzle-orm";
import type { z } from "zod";
import type { createProjectInput, Project } from "@/shared/work";
import { planes, projects } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { publishChange } from "../../lib/events";
import type { Ctx } from "../organisations/org-scope";
import { PLAN_LIMIT_MESSAGE, projectLimit } from "./project-limits";
import { toProject } from "./project-row";

export async function createProject({ db, scope, now }: Ctx, input: z.infer<typeof createProjectInput>): Promise<Project> {
  return db.transaction(async (tx) => {
    const maxProjects = await projectLimit(tx, scope.orgId, now(), true);
    const [plane] = await tx.select({ id: planes.id }).from(planes).where(and(eq(planes.id, input.plane_id), eq(planes.orgId, scope.orgId)));
    if (!plane) throw new AppError("bad_request", "Choose a plane of this organisation", { plane_id: "Plane not found" });
    if (maxProjects !== null) {
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(projects).where(eq(projects.orgId, scope.orgId));
      if (n >= maxProjects) throw new AppError("plan_limit", PLAN_LIMIT_MESSAGE(maxProjects));
    }
    const [row] = await tx
      .insert(projects)
      .values({ orgId: scope.orgId, planeId: plane.id, name: input.name, color: input.color, status: input.status, description: input.description, websiteUrl: input.website_url })
      .returning();
    await publishChange(tx, scope.orgId, { entity: "project", id: row!.id, action: "created" });
    return toProject(row!);
  });
}
