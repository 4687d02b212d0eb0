import { z } from "zod";
import type { Task } from "@/shared/work";
import { getTask } from "../../tasks/get-task";
import { listTasks } from "../../tasks/list-tasks";
import type { ToolCtx } from "./tool-types";

/** A task the user named, by id or title (exact, then a unique part), open tasks preferred. */
export async function findTask(ctx: ToolCtx, ref: string): Promise<{ task: Task } | { error: string }> {
  const wanted = ref.trim();
  if (z.uuid().safeParse(wanted).success) {
    const task = await getTask(ctx, wanted);
    return task ? { task } : { error: "I couldn't find that task." };
  }
  const { tasks } = await listTasks(ctx, { view: "all", tz: ctx.tz, q: wanted, limit: 20 }, ctx.now());
  const lower = wanted.toLowerCase();
  const exact = tasks.filter((t) => t.title.toLowerCase() === lower);
  const pool = exact.length ? exact : tasks;
  const open = pool.filter((t) => t.status !== "done");
  const candidates = open.length ? open : pool;
  if (candidates.length === 1) return { task: candidates[0]! };
  if (candidates.length === 0) return { error: `I couldn't find a task matching "${wanted}".` };
  const titles = candidates.slice(0, 5).map((t) => `"${t.title}" (${t.projects.name})`);
  return { error: `Several tasks match "${wanted}": ${titles.join(", ")}. Which one?` };
}
