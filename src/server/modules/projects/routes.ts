import { Hono } from "hono";
import { z } from "zod";
import { createProjectInput, projectListQuery, updateProjectInput } from "@/shared/work";
import type { AppEnv } from "../../context";
import { AppError } from "../../lib/errors";
import { parseBody, parseWith } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { createProject } from "./create-project";
import { deleteProject } from "./delete-project";
import { getProject, listProjects } from "./list-projects";
import { projectUsage } from "./project-usage";
import { updateProject } from "./update-project";

const projectParams = z.object({ projectId: z.uuid("Project id is not valid") });

export const projectRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  .get("/", async (c) => c.json(await listProjects(ctxOf(c), parseWith(projectListQuery, c.req.query()))))
  .post("/", async (c) => c.json({ project: await createProject(ctxOf(c), await parseBody(c, createProjectInput)) }, 201))
  .get("/usage", async (c) => c.json({ usage: await projectUsage(ctxOf(c)) }))
  .get("/:projectId", async (c) => {
    const { projectId } = parseWith(projectParams, c.req.param());
    const project = await getProject(ctxOf(c), projectId);
    if (!project) throw new AppError("not_found", "Project not found");
    return c.json({ project });
  })
  .patch("/:projectId", async (c) => {
    const { projectId } = parseWith(projectParams, c.req.param());
    return c.json({ project: await updateProject(ctxOf(c), projectId, await parseBody(c, updateProjectInput)) });
  })
  .delete("/:projectId", async (c) => {
    const { projectId } = parseWith(projectParams, c.req.param());
    await deleteProject(ctxOf(c), projectId);
    return c.json({ ok: true });
  });
