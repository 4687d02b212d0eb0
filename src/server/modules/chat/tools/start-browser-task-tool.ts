import type { z } from "zod";
import { browserUseRuns } from "../../../db/schema";
import { chargeBudget } from "../../../lib/budgets";
import { createRemoteTask } from "../../browser-use/browser-use-api";
import { browserUseKeyOf, keyMissingText } from "../../browser-use/browser-use-key";
import { sendPoll } from "../../browser-use/browser-use-worker";
import { findTask } from "./find-task";
import type { toolArgs } from "./tool-defs";
import { failedOutcome, outcome, type ToolCtx, type ToolOutcome } from "./tool-types";

const taskHref = (id: string) => `/app/tasks/${id}`;

/**
 * Starts a Browser Use task for one of the organisation's tasks, within the organisation's agent
 * budgets (a browser run costs money like an agent run). Like the other write tools but delete, it
 * runs without asking: it changes nothing of ours until its result comes back as a comment.
 */
export async function startBrowserTaskTool(ctx: ToolCtx, args: z.infer<(typeof toolArgs)["start_browser_task"]>): Promise<ToolOutcome> {
  const { env, box, queue } = ctx;
  if (!env || !box || !queue) return failedOutcome("start_browser_task", "Start a browser task", "Browser tasks cannot be started from here.");
  const found = await findTask(ctx, args.task);
  if ("error" in found) return failedOutcome("start_browser_task", `Browser task for "${args.task}"`, found.error);
  const { task } = found;
  const title = `Browser task for "${task.title}"`;
  const key = await browserUseKeyOf(ctx.db, box, ctx.scope.orgId);
  if (!("apiKey" in key)) return failedOutcome("start_browser_task", title, keyMissingText[key.missing]);
  // Refused (budget_exceeded) before Browser Use is asked, so a used-up budget costs nothing.
  await chargeBudget({ db: ctx.db, env, now: ctx.now }, "agent", { userId: ctx.scope.userId, orgId: ctx.scope.orgId });
  const reply = await createRemoteTask({ baseUrl: env.BROWSER_USE_API_BASE, timeoutMs: env.OUTBOUND_TIMEOUT_MS }, key.apiKey, args.instructions);
  if (reply.kind === "unreachable") return failedOutcome("start_browser_task", title, `Could not reach Browser Use: ${reply.reason}`);
  if (reply.kind === "refused") {
    const why = reply.status === 401 || reply.status === 403 ? "Browser Use refused the organisation's key. An owner can test it on the Integrations page." : `Browser Use did not start the task (status ${reply.status}).`;
    return failedOutcome("start_browser_task", title, why);
  }
  await ctx.db.transaction(async (tx) => {
    const [run] = await tx
      .insert(browserUseRuns)
      .values({ orgId: ctx.scope.orgId, taskId: task.id, requestedBy: ctx.scope.userId, remoteId: reply.value.id, instructions: args.instructions, startedAt: ctx.now() })
      .returning({ id: browserUseRuns.id, orgId: browserUseRuns.orgId });
    await sendPoll({ queue, env, now: ctx.now }, run!, 0, tx);
  });
  return outcome("start_browser_task", "done", `Started a browser task for "${task.title}"`, `Browser Use is working on it. Its result will be posted as a comment on "${task.title}".`, {
    detail: args.instructions.slice(0, 200),
    href: taskHref(task.id),
  });
}
