import type { Organisation } from "@/shared/organisations";
import type { organisations } from "../../db/schema";

export const toOrganisation = (row: typeof organisations.$inferSelect): Organisation => ({
  id: row.id,
  name: row.name,
  plan: row.plan,
  created_at: row.createdAt.toISOString(),
});
