import { Hono } from "hono";
import { and, desc, eq, ilike } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { projects } from "../../db/schema";
import { parseWith } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { listTasks } from "../tasks/list-tasks";

const query = z.object({ q: z.string().trim().min(1, "Type something to search for").max(200) });
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The command palette's search: tasks and projects whose title contains the text. */
export const searchRoutes = new Hono<AppEnv>().use("*", orgScope).get("/", async (c) => {
  const ctx = ctxOf(c);
  const { q } = parseWith(query, c.req.query());
  const [taskPage, projectRows] = await Promise.all([
    listTasks(ctx, { view: "all", tz: "UTC", q, limit: 8 }),
    ctx.db
      .select({ id: projects.id, name: projects.name, color: projects.color, plane_id: projects.planeId })
      .from(projects)
      .where(and(eq(projects.orgId, ctx.scope.orgId), ilike(projects.name, `%${escapeLike(q)}%`)))
      .orderBy(desc(projects.createdAt))
      .limit(8),
  ]);
  return c.json({ tasks: taskPage.tasks, projects: projectRows });
});
