import { z } from "zod";

// Feature flags: the server lists the definitions (owners only), the browser keeps its overrides in local storage.

import { flagDefaults, flagNames } from "./flag-values";

export { flagNames, flagDefaults } from "./flag-values";
export const flagName = z.enum(flagNames);
export type FlagName = z.infer<typeof flagName>;

export const flagDefinition = z.object({
  name: flagName,
  default: z.boolean(),
  description: z.string(),
});
export type FlagDefinition = z.infer<typeof flagDefinition>;

/** Both flags are on by default (spec, section 3). */
export const flagDefinitions: readonly FlagDefinition[] = [
  { name: "AI_ASSIST_ENABLED", default: flagDefaults.AI_ASSIST_ENABLED, description: "AI assistance features" },
  { name: "N8N_ENABLED", default: flagDefaults.N8N_ENABLED, description: "The n8n workflow integration card and workflow features" },
];

/** GET /api/v1/organisations/:orgId/flags */
export const flagListResponse = z.object({ flags: z.array(flagDefinition) });
export type FlagListResponse = z.infer<typeof flagListResponse>;

/** What the browser stores: only the flags whose value differs from the default. Unknown names are dropped, not refused. */
export type FlagOverrides = Partial<Record<FlagName, boolean>>;
