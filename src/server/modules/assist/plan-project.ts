import type { z } from "zod";
import type { aiAssistInput, aiAssistResponse } from "@/shared/chat";
import type { Task } from "@/shared/work";
import { AppError } from "../../lib/errors";
import type { ChatCtx } from "../chat/chat-ctx";
import { llmTargetOf } from "../chat/llm-target";
import { chargeBudget } from "../../lib/budgets";
import { getProject } from "../projects/list-projects";
import { listTasks } from "../tasks/list-tasks";
import { planByLlm } from "./plan-by-llm";
import { planByRules } from "./plan-rules";

const PAGES = 5;

/** The project's open tasks, through the task list verb (at most PAGES pages of 100). */
async function openTasksOf(ctx: ChatCtx, projectId: string): Promise<Task[]> {
  const open: Task[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < PAGES; page++) {
    const result = await listTasks(ctx, { view: "all", tz: ctx.tz, project_id: projectId, cursor, limit: 100 }, ctx.now());
    open.push(...result.tasks.filter((t) => t.status !== "done"));
    if (!result.next_cursor) break;
    cursor = result.next_cursor;
  }
  return open;
}

/** The spec's ai-assist: a plan for a goal from the project's real tasks, by a model when one is set, else by rules. */
export async function planProject(ctx: ChatCtx, input: z.infer<typeof aiAssistInput>, signal?: AbortSignal): Promise<z.infer<typeof aiAssistResponse>> {
  const project = await getProject(ctx, input.project_id);
  if (!project) throw new AppError("not_found", "Project not found");
  const all = await openTasksOf(ctx, project.id);
  const focus = input.context_ids.length ? all.filter((t) => input.context_ids.includes(t.id)) : all;
  if (focus.length === 0) return { status: "empty", plan: [], next_actions: [`Add the first tasks towards "${input.goal}" in ${project.name}`] };
  const resolved = await llmTargetOf(ctx);
  if (resolved) await chargeBudget({ db: ctx.db, env: ctx.env, now: ctx.now }, "model", { userId: ctx.scope.userId, orgId: ctx.scope.orgId, ownModelKey: resolved.isOwn });
  const byModel = resolved ? await planByLlm(resolved.target, { goal: input.goal, projectName: project.name, tasks: focus, today: ctx.now().toISOString(), timeoutMs: ctx.env.OUTBOUND_TIMEOUT_MS, signal }) : null;
  const { plan, next_actions } = byModel && byModel.plan.length ? byModel : planByRules(focus, ctx.tz, ctx.now(), input.goal);
  return { status: "ok", plan, next_actions };
}
