import { randomUUID } from "node:crypto";
import type { ChatAction } from "@/shared/chat";
import type { Language } from "@/shared/languages";
import type { Task } from "@/shared/work";
import type { Env } from "../../../env";
import type { SecretBox } from "../../../lib/secret-box";
import type { Ctx } from "../../organisations/org-scope";
import { formatDay } from "../builtin/local-day";
import { repliesIn } from "../builtin/replies/replies";

export type ToolName = ChatAction["tool"];
/** A tool the assistant (LLM or built-in) asks for, with its arguments as they came. */
export type ToolCall = { name: ToolName; args: Record<string, unknown> };
/**
 * The caller's organisation scope and their time zone, for "today" and "overdue"; `lang`, the
 * language of the outcome's text (the built-in assistant's reader's; a model reads English).
 */
export type ToolCtx = Ctx & { tz: string; lang?: Language; env?: Env; box?: SecretBox };
/** A destructive action waiting for the user's yes: kept server-side in the message's metadata. */
export type PendingAction = { tool: "delete_task"; task_id: string };
/** The card to show, the text to tell (the model or the user), and what waits for confirmation. */
export type ToolOutcome = { action: ChatAction; text: string; pending?: PendingAction };

export const projectHref = (projectId: string) => `/app/projects/${projectId}`;

export function outcome(tool: ToolName, state: ChatAction["state"], title: string, text: string, extra: { detail?: string | null; href?: string | null; pending?: PendingAction } = {}): ToolOutcome {
  const { detail = null, href = null, pending } = extra;
  const action: ChatAction = { id: randomUUID(), tool, state, title, detail, href };
  return { action, text, ...(pending ? { pending } : {}) };
}

export const failedOutcome = (tool: ToolName, title: string, why: string) => outcome(tool, "failed", title, why, { detail: why });

/** "Paint hull" (Garden, due Fri 4 Dec, high priority), in the outcome's language. */
export function taskLine(task: Task, ctx: Pick<ToolCtx, "tz" | "lang">): string {
  const say = repliesIn(ctx.lang);
  const priority = task.priority === "low" || task.priority === "high" ? say.priority(task.priority) : null;
  const bits = [task.projects.name, task.due_at ? say.due(formatDay(task.due_at, ctx.tz, say.locale)) : null, priority, task.status === "done" ? say.done : null];
  return `${say.quoted(task.title)} (${bits.filter(Boolean).join(", ")})`;
}

export function taskList(ctx: Pick<ToolCtx, "tz" | "lang">, heading: string, tasks: Task[], more: boolean): string {
  const say = repliesIn(ctx.lang);
  if (tasks.length === 0) return say.none(heading);
  return [`${heading}:`, ...tasks.map((t) => `- ${taskLine(t, ctx)}`), ...(more ? [`- ${say.andMore}`] : [])].join("\n");
}
