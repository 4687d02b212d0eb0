import { z } from "zod";

// Feature flags: the server lists the definitions (owners only), the browser keeps its overrides in local storage.

export const flagNames = ["AI_ASSIST_ENABLED", "N8N_ENABLED"] as const;
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
  { name: "AI_ASSIST_ENABLED", default: true, description: "AI assistance features" },
  { name: "N8N_ENABLED", default: true, description: "The n8n workflow integration card and workflow features" },
];

export const flagDefaults = Object.fromEntries(flagDefinitions.map((f) => [f.name, f.default])) as Record<FlagName, boolean>;

/** GET /api/v1/organisations/:orgId/flags */
export const flagListResponse = z.object({ flags: z.array(flagDefinition) });
export type FlagListResponse = z.infer<typeof flagListResponse>;

/** What the browser stores: only the flags whose value differs from the default. Unknown names are dropped, not refused. */
export const flagOverrides = z.object({ AI_ASSIST_ENABLED: z.boolean().optional(), N8N_ENABLED: z.boolean().optional() } satisfies Record<FlagName, z.ZodType>);
export type FlagOverrides = z.infer<typeof flagOverrides>;
