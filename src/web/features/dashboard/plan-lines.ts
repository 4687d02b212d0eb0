import { trialDaysLeft, trialEnded } from "@/shared/plans";
import type { ProjectUsage } from "@/shared/work";

/** One line of the plan status: a dashboard text and what it fills in. */
export type PlanLine =
  | { key: "plan.trial"; values: { count: number } }
  | { key: "plan.trialNote" | "plan.ended"; values?: undefined }
  | { key: "plan.starterUsage"; values: { used: number; limit: number } }
  | { key: "plan.starterNote"; values: { limit: number } }
  | { key: "plan.readOnly"; values: { count: number; limit: number } };

type Org = { plan: string; trial_ends_at: string | null };

/**
 * What the plan status says at `now`: days left of the trial; projects used on Starter; or, after
 * the trial, that it ended. Projects beyond the limit are read-only whenever there are any. Null
 * on a plan without limits, and until the usage figures arrive.
 */
export function planLines(org: Org, usage: ProjectUsage | undefined, now: Date): { title: PlanLine; note: PlanLine } | null {
  const daysLeft = trialDaysLeft(org, now);
  if (daysLeft !== null) return { title: { key: "plan.trial", values: { count: daysLeft } }, note: { key: "plan.trialNote" } };
  if (!usage || usage.limit === null) return null;
  const { used, limit, read_only } = usage;
  const usageLine: PlanLine = { key: "plan.starterUsage", values: { used, limit } };
  const readOnly: PlanLine | null = read_only > 0 ? { key: "plan.readOnly", values: { count: read_only, limit } } : null;
  if (trialEnded(org, now)) return { title: { key: "plan.ended" }, note: readOnly ?? usageLine };
  return { title: usageLine, note: readOnly ?? { key: "plan.starterNote", values: { limit } } };
}
