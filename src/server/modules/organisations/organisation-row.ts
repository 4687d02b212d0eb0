import type { Organisation } from "@/shared/organisations";
import type { organisations } from "../../db/schema";

export const toOrganisation = (row: typeof organisations.$inferSelect): Organisation => ({
  id: row.id,
  name: row.name,
  plan: row.plan,
  trial_ends_at: row.trialEndsAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});
