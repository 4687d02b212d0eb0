import { z } from "zod";

/** The organisation's budgets as its settings show them: model calls on the server's key today, of the daily budget. */
export const organisationBudgetsResponse = z.object({
  budgets: z.object({
    model_calls: z.object({
      used: z.number().int().min(0),
      budget: z.number().int().min(1),
      /** The organisation's own model key pays for itself: its calls do not count against the day's budget. */
      own_key: z.boolean(),
    }),
  }),
});
export type OrganisationBudgetsResponse = z.infer<typeof organisationBudgetsResponse>;
