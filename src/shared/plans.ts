// The plans on /pricing, as the server enforces them. null means no limit.
export const planLimits: Record<string, { maxProjects: number | null }> = {
  free: { maxProjects: 3 },
  professional: { maxProjects: null },
  enterprise: { maxProjects: null },
};

export const limitsOf = (plan: string) => planLimits[plan] ?? planLimits.free!;
