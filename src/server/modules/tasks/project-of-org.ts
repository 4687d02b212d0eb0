import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { projects } from "../../db/schema";
import { AppError } from "../../lib/errors";

/** A task may only point at a project of the caller's organisation. */
export async function projectOfOrg(db: Pick<Db, "select">, orgId: string, projectId: string): Promise<{ id: string; name: string; color: string }> {
  const [project] = await db
    .select({ id: projects.id, name: projects.name, color: projects.color })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.orgId, orgId)));
  if (!project) throw new AppError("bad_request", "Please fill in title and select a project", { project_id: "Project not found" });
  return project;
}
