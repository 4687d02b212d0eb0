import { z } from "zod";

/**
 * The spec's progress checklist (/admin, /admin/action-plan): sprints of roll-out tasks, each
 * ticked or not, keyed '{sprintId}-{taskIndex}'. The texts live in the page's translations; here
 * are the ids and how many tasks each sprint has, which the server checks keys against.
 */
export const actionPlanSprints = [
  { id: "s1", tasks: 50 },
  { id: "s2", tasks: 4 },
  { id: "s3", tasks: 4 },
] as const;
export type SprintId = (typeof actionPlanSprints)[number]["id"];

export const isActionPlanKey = (key: string): boolean => {
  const match = /^(s\d+)-(\d+)$/.exec(key);
  const sprint = match && actionPlanSprints.find((s) => s.id === match[1]);
  return Boolean(sprint && Number(match![2]) < sprint.tasks);
};

const actionPlanKey = z.string().refine(isActionPlanKey, "Not a task of the action plan");

/** What is ticked: only true entries are kept. */
export const actionPlanItems = z.record(z.string(), z.boolean());
export type ActionPlanItems = z.infer<typeof actionPlanItems>;

export const actionPlanProgress = z.object({ items: actionPlanItems, updatedAt: z.string().nullable() });
export type ActionPlanProgress = z.infer<typeof actionPlanProgress>;

/** One tick or untick: two people ticking different tasks at once both land. */
export const setActionPlanItemInput = z.object({ key: actionPlanKey, done: z.boolean() });
export type SetActionPlanItemInput = z.infer<typeof setActionPlanItemInput>;

/** Ticked over total, rounded (spec). */
export function actionPlanPercent(items: ActionPlanItems): number {
  const total = actionPlanSprints.reduce((sum, s) => sum + s.tasks, 0);
  const done = Object.entries(items).filter(([key, on]) => on && isActionPlanKey(key)).length;
  return Math.round((done / total) * 100);
}

export const isSprintComplete = (items: ActionPlanItems, sprint: (typeof actionPlanSprints)[number]): boolean =>
  Array.from({ length: sprint.tasks }, (_, i) => items[`${sprint.id}-${i}`] === true).every(Boolean);
