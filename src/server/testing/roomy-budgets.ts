/**
 * Budgets (lib/budgets.ts) too large to reach: tests that walk many routes or send many messages
 * (fuzz, the role matrix, the chat's) are not about budgets; budgets.test.ts sets small ones.
 */
export const ROOMY_BUDGETS: Record<string, string> = {
  LIMIT_MODEL_CALLS_PER_MINUTE: "100000",
  LIMIT_MODEL_CALLS_PER_DAY: "100000",
  LIMIT_AGENT_RUNS_PER_MINUTE: "100000",
  LIMIT_AGENT_RUNS_PER_DAY: "100000",
  LIMIT_DEPLOYS_PER_MINUTE: "100000",
  LIMIT_DEPLOYS_PER_DAY: "100000",
  LIMIT_SCANS_PER_MINUTE: "100000",
  LIMIT_SCANS_PER_DAY: "100000",
  LIMIT_INVITATIONS_PER_MINUTE: "100000",
  LIMIT_INVITATIONS_PER_DAY: "100000",
  LIMIT_INVITATIONS_PER_ADDRESS_PER_DAY: "100000",
  LIMIT_EXPORTS_PER_DAY: "100000",
};
