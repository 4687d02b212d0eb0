import { and, count, eq } from "drizzle-orm";
import type { z } from "zod";
import { limitsOf } from "@/shared/plans";
import type { createProjectInput, Project } from "@/shared/work";
import { organisations, planes, projects } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { publishChange } from "../../lib/events";
import type { Ctx } from "../organisations/org-scope";
import { toProject } from "./project-row";

export const PLAN_LIMIT_MESSAGE = (max: number) => `The Starter plan includes up to ${max} projects. Upgrade to Professional on the pricing page for unlimited projects.`;

export async function createProject({ db, scope }: Ctx, input: z.infer<typeof createProjectInput>): Promise<Project> {
  return db.transaction(async (tx) => {
    // Locking the organisation row makes two simultaneous creates count one after the other. NO KEY
    // UPDATE is the weakest lock that does: it does not conflict with the KEY SHARE lock every
    // insert into the organisation (a task, a plane) takes through its foreign key.
    const [org] = await tx.select({ plan: organisations.plan }).from(organisations).where(eq(organisations.id, scope.orgId)).for("no key update");
    const [plane] = await tx.select({ id: planes.id }).from(planes).where(and(eq(planes.id, input.plane_id), eq(planes.orgId, scope.orgId)));
    if (!plane) throw new AppError("bad_request", "Choose a plane of this organisation", { plane_id: "Plane not found" });
    const { maxProjects } = limitsOf(org!.plan);
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
