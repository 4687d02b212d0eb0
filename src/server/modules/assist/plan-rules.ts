import type { Task } from "@/shared/work";
import { formatDay, localDateOf, zonedInstant } from "../chat/builtin/local-day";

export type PlanStep = { step: number; title: string; task_id: string | null; reason: string };
/** Tasks due within this many days count as due soon. */
const DUE_SOON_DAYS = 7;
export const PLAN_STEPS = 10;
const priorityRank = { high: 0, medium: 1, low: 2 } as const;

/** Overdue first, then due soon, then high priority, then the rest; earlier due and higher priority first within each. */
function rankTasks(tasks: Task[], tz: string, now: Date): { task: Task; reason: string }[] {
  const startOfToday = zonedInstant(tz, localDateOf(tz, now), 0).getTime();
  const soon = now.getTime() + DUE_SOON_DAYS * 86_400_000;
  const ranked = tasks.map((task) => {
    const due = task.due_at ? new Date(task.due_at).getTime() : null;
    const [group, reason] =
      due !== null && due < startOfToday
        ? [0, `Overdue since ${formatDay(task.due_at!, tz)}`]
        : due !== null && due <= soon
          ? [1, `Due soon: ${formatDay(task.due_at!, tz)}`]
          : task.priority === "high"
            ? [2, "High priority"]
            : [3, task.due_at ? `Due ${formatDay(task.due_at, tz)}` : "Open, no due date"];
    return { task, reason, group, due: due ?? Number.POSITIVE_INFINITY };
  });
  ranked.sort((a, b) => a.group - b.group || a.due - b.due || priorityRank[a.task.priority] - priorityRank[b.task.priority] || a.task.title.localeCompare(b.task.title));
  return ranked.map(({ task, reason }) => ({ task, reason }));
}

export function planByRules(tasks: Task[], tz: string, now: Date, goal: string): { plan: PlanStep[]; next_actions: string[] } {
  const ranked = rankTasks(tasks, tz, now).slice(0, PLAN_STEPS);
  const plan = ranked.map(({ task, reason }, i) => ({ step: i + 1, title: task.title, task_id: task.id, reason }));
  const next_actions = [...ranked.slice(0, 3).map(({ task, reason }) => `Work on "${task.title}" (${reason.toLowerCase()})`), `Check the plan still serves the goal: ${goal}`];
  return { plan, next_actions };
}
