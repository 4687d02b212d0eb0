import { z } from "zod";
import type { Task } from "@/shared/work";
import { streamChat } from "../../lib/llm/stream-chat";
import type { LlmTarget } from "../../lib/llm/types";
import { PLAN_STEPS, type PlanStep } from "./plan-rules";

const answer = z.object({
  plan: z.array(z.object({ task_id: z.string().nullable().optional(), title: z.string().max(500), reason: z.string().max(1000) })).max(PLAN_STEPS),
  next_actions: z.array(z.string().max(500)).max(10),
});

/**
 * Asks the model to order the project's real tasks for the goal. Its answer is checked: a step
 * may only name a task given to it. Anything unusable returns null and the rules plan instead.
 */
export async function planByLlm(target: LlmTarget, input: { goal: string; projectName: string; tasks: Task[]; today: string; timeoutMs: number; signal?: AbortSignal }): Promise<{ plan: PlanStep[]; next_actions: string[] } | null> {
  const listed = input.tasks.map((t) => ({ id: t.id, title: t.title, due_at: t.due_at, priority: t.priority }));
  const messages = [
    { role: "system" as const, content: 'You plan work on a project. Answer with JSON only: {"plan":[{"task_id":"<id or null>","title":"...","reason":"..."}],"next_actions":["..."]}. Put overdue tasks first, then those due soon, then high priority. Use only the given task ids.' },
    { role: "user" as const, content: JSON.stringify({ goal: input.goal, project: input.projectName, today: input.today, tasks: listed }) },
  ];
  let text = "";
  try {
    for await (const event of streamChat(target, { messages, maxTokens: 1024, timeoutMs: input.timeoutMs, signal: input.signal })) if (event.type === "text") text += event.text;
  } catch {
    return null;
  }
  const json = /\{[\s\S]*\}/.exec(text)?.[0];
  if (!json) return null;
  let parsed;
  try {
    parsed = answer.safeParse(JSON.parse(json));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const known = new Set(input.tasks.map((t) => t.id));
  const plan = parsed.data.plan.map((s, i) => ({ step: i + 1, title: s.title, task_id: s.task_id && known.has(s.task_id) ? s.task_id : null, reason: s.reason }));
  return { plan, next_actions: parsed.data.next_actions };
}
