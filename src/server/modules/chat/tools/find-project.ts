import { z } from "zod";
import type { Project } from "@/shared/work";
import { getProject, listProjects } from "../../projects/list-projects";
import type { ToolCtx } from "./tool-types";

const MAX_PAGES = 10;

/** The organisation's projects, through the projects verb, a page of 100 at a time. */
export async function allProjects(ctx: ToolCtx): Promise<Project[]> {
  const found: Project[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await listProjects(ctx, { limit: 100, cursor });
    found.push(...result.projects);
    if (!result.next_cursor) break;
    cursor = result.next_cursor;
  }
  return found;
}

/** A project named (or id'd) by the user: exact name first, then a unique prefix or part. */
export async function findProject(ctx: ToolCtx, ref: string): Promise<{ project: Project } | { error: string }> {
  const wanted = ref.trim();
  if (z.uuid().safeParse(wanted).success) {
    const project = await getProject(ctx, wanted);
    return project ? { project } : { error: "I couldn't find that project." };
  }
  const projects = await allProjects(ctx);
  const lower = wanted.toLowerCase();
  const exact = projects.filter((p) => p.name.toLowerCase() === lower);
  const loose = exact.length ? exact : projects.filter((p) => p.name.toLowerCase().startsWith(lower));
  const matches = loose.length ? loose : projects.filter((p) => p.name.toLowerCase().includes(lower));
  if (matches.length === 1) return { project: matches[0]! };
  const names = (matches.length ? matches : projects).slice(0, 8).map((p) => p.name);
  if (matches.length > 1) return { error: `Several projects match "${wanted}": ${names.join(", ")}. Which one?` };
  return { error: projects.length ? `I couldn't find a project named "${wanted}". Your projects: ${names.join(", ")}.` : "There are no projects yet. Create one first." };
}
