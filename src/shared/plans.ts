// The plans on /pricing, as the server enforces them. null means no limit.
export const planLimits: Record<string, { maxProjects: number | null }> = {
  free: { maxProjects: 3 },
  professional: { maxProjects: null },
  enterprise: { maxProjects: null },
};

export const limitsOf = (plan: string) => planLimits[plan] ?? planLimits.free!;

/** A new organisation tries Professional for this long (the landing page promises it). */
export const TRIAL_DAYS = 14;
export const TRIAL_PLAN = "professional";

const DAY_MS = 24 * 3600 * 1000;

/** When a trial that starts at `now` ends: TRIAL_DAYS days of the same clock trialDaysLeft counts with. */
export const trialEndsAtFrom = (now: Date): Date => new Date(now.getTime() + TRIAL_DAYS * DAY_MS);

/** The plan whose limits apply at `now`: the trial's while it runs, else the organisation's own. */
export function effectivePlan(org: { plan: string; trial_ends_at: string | null }, now: Date): string {
  return trialDaysLeft(org, now) !== null ? TRIAL_PLAN : org.plan;
}

/** Whole days left of a running trial (the last day counts as 1), or null when there is none. */
export function trialDaysLeft(org: { plan: string; trial_ends_at: string | null }, now: Date): number | null {
  if (!org.trial_ends_at || limitsOf(org.plan).maxProjects === null) return null;
  const left = new Date(org.trial_ends_at).getTime() - now.getTime();
  return left > 0 ? Math.ceil(left / DAY_MS) : null;
}

/** A trial that ran and ended on a plan with limits: the dashboard explains the read-only projects. */
export const trialEnded = (org: { plan: string; trial_ends_at: string | null }, now: Date) =>
  org.trial_ends_at !== null && new Date(org.trial_ends_at).getTime() <= now.getTime() && limitsOf(org.plan).maxProjects !== null;
