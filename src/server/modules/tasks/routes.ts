import { Hono } from "hono";
import { z } from "zod";
import { createTaskInput, taskListQuery, timeZone, updateTaskInput } from "@/shared/work";
import type { AppEnv } from "../../context";
import { AppError } from "../../lib/errors";
import { parseBody, parseWith } from "../../lib/parse";
import { ctxOf, orgScope } from "../organisations/org-scope";
import { countTasks } from "./count-tasks";
import { createTask } from "./create-task";
import { deleteTask } from "./delete-task";
import { getTask } from "./get-task";
import { listTasks } from "./list-tasks";
import { updateTask } from "./update-task";
import { taskTeamRoutes } from "./team-routes";

const taskParams = z.object({ taskId: z.uuid("Task id is not valid") });

export const taskRoutes = new Hono<AppEnv>()
  .use("*", orgScope)
  // First, so /board is not read as a task id.
  .route("/", taskTeamRoutes)
  .get("/", async (c) => c.json(await listTasks(ctxOf(c), parseWith(taskListQuery, c.req.query()))))
  .get("/counts", async (c) => c.json({ counts: await countTasks(ctxOf(c), parseWith(z.object({ tz: timeZone }), c.req.query()).tz) }))
  .post("/", async (c) => c.json({ task: await createTask(ctxOf(c), await parseBody(c, createTaskInput)) }, 201))
  .get("/:taskId", async (c) => {
    const { taskId } = parseWith(taskParams, c.req.param());
    const task = await getTask(ctxOf(c), taskId);
    if (!task) throw new AppError("not_found", "Task not found");
    return c.json({ task });
  })
  .patch("/:taskId", async (c) => {
    const { taskId } = parseWith(taskParams, c.req.param());
    return c.json({ task: await updateTask(ctxOf(c), taskId, await parseBody(c, updateTaskInput)) });
  })
  .delete("/:taskId", async (c) => {
    const { taskId } = parseWith(taskParams, c.req.param());
    await deleteTask(ctxOf(c), taskId);
    return c.json({ ok: true });
  });
