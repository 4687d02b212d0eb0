// Without zod: every /app screen reads the flags (use-feature-flag.ts) before any form loads zod.

export const flagNames = ["AI_ASSIST_ENABLED", "N8N_ENABLED"] as const;

/** Both flags are on by default (spec, section 3). */
export const flagDefaults: Record<(typeof flagNames)[number], boolean> = { AI_ASSIST_ENABLED: true, N8N_ENABLED: true };
