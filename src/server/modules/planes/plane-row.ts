import type { Plane } from "@/shared/work";
import type { planes } from "../../db/schema";
import type { PlaneFigures } from "./plane-figures";

const noFigures: PlaneFigures = { projects: 0, activeProjects: 0, tasks: 0, recent: [] };

/** A plane with its project figures; `recent` are its newest projects, newest first. */
export function toPlane(row: typeof planes.$inferSelect, figures: PlaneFigures = noFigures): Plane {
  return {
    id: row.id,
    name: row.name,
    key: row.key,
    type: row.type,
    org_id: row.orgId,
    created_at: row.createdAt.toISOString(),
    project_count: figures.projects,
    active_project_count: figures.activeProjects,
    task_count: figures.tasks,
    recent_projects: figures.recent.slice(0, 3).map((p) => ({ id: p.id, name: p.name, status: p.status, created_at: p.createdAt.toISOString() })),
  };
}
