import { randomUUID } from "node:crypto";
import type { ChatAction } from "@/shared/chat";
import type { Task } from "@/shared/work";
import type { Ctx } from "../../organisations/org-scope";
import { formatDay } from "../builtin/local-day";

export type ToolName = ChatAction["tool"];
/** A tool the assistant (LLM or built-in) asks for, with its arguments as they came. */
export type ToolCall = { name: ToolName; args: Record<string, unknown> };
/** The caller's organisation scope and their time zone, for "today" and "overdue". */
export type ToolCtx = Ctx & { tz: string };
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

/** "Paint hull" (Garden, due Fri 4 Dec, high priority). */
export function taskLine(task: Task, tz: string): string {
  const bits = [task.projects.name, task.due_at ? `due ${formatDay(task.due_at, tz)}` : null, task.priority === "medium" ? null : `${task.priority} priority`, task.status === "done" ? "done" : null];
  return `"${task.title}" (${bits.filter(Boolean).join(", ")})`;
}

export function taskList(heading: string, tasks: Task[], tz: string, more: boolean): string {
  if (tasks.length === 0) return `${heading}: none.`;
  return [`${heading}:`, ...tasks.map((t) => `- ${taskLine(t, tz)}`), ...(more ? ["- …and more"] : [])].join("\n");
}
