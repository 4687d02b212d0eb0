import type { Plane } from "@/shared/work";
import type { planes, projects } from "../../db/schema";

type ProjectBrief = Pick<typeof projects.$inferSelect, "id" | "name" | "status" | "createdAt" | "planeId">;

/** A plane with its project figures; `projectsNewestFirst` are the plane's own projects. */
export function toPlane(row: typeof planes.$inferSelect, projectsNewestFirst: ProjectBrief[]): Plane {
  return {
    id: row.id,
    name: row.name,
    key: row.key,
    type: row.type,
    org_id: row.orgId,
    created_at: row.createdAt.toISOString(),
    project_count: projectsNewestFirst.length,
    active_project_count: projectsNewestFirst.filter((p) => p.status === "active").length,
    recent_projects: projectsNewestFirst.slice(0, 3).map((p) => ({ id: p.id, name: p.name, status: p.status, created_at: p.createdAt.toISOString() })),
  };
}
