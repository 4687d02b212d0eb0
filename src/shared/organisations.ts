import { z } from "zod";

export const organisation = z.object({
  id: z.uuid(),
  name: z.string(),
  plan: z.string(),
  /** While in the future, Professional's limits apply (shared/plans.ts effectivePlan). */
  trial_ends_at: z.string().nullable(),
  created_at: z.string(),
});
export type Organisation = z.infer<typeof organisation>;

export const membership = z.object({
  org_id: z.uuid(),
  role: z.string(),
  /** When this user finished (or skipped) the onboarding in this organisation. */
  onboarded_at: z.string().nullable(),
  organisations: organisation,
});
export type Membership = z.infer<typeof membership>;

export const membershipList = z.object({ memberships: z.array(membership) });

export const organisationName = z.string().trim().min(1, "Name is required").max(80, "Use at most 80 characters");

export const renameOrganisationInput = z.object({ name: organisationName });
export type RenameOrganisationInput = z.infer<typeof renameOrganisationInput>;

export const member = z.object({ user_id: z.string(), name: z.string(), email: z.string(), role: z.string() });
export type Member = z.infer<typeof member>;
export const memberList = z.object({ members: z.array(member) });

/**
 * GET /api/v1/locate?project=… or ?plane=…: which of the caller's organisations holds a record, so
 * a link to a project or plane opens in its own organisation. 404 when none of theirs does.
 */
export const locateQuery = z
  .object({ project: z.uuid("Project id is not valid").optional(), plane: z.uuid("Plane id is not valid").optional() })
  .refine((q) => Boolean(q.project) !== Boolean(q.plane), { message: "Give exactly one of project or plane" });
export type LocateQuery = z.infer<typeof locateQuery>;
export const locateResponse = z.object({ org_id: z.uuid() });
export type LocateResponse = z.infer<typeof locateResponse>;

/** The roles an owner can give: supreme_leader exists (spec) and counts as owner, but is not handed out here. */
export const assignableRoles = ["member", "owner"] as const;
export const changeMemberRoleInput = z.object({ role: z.enum(assignableRoles, "Choose member or owner") });
export type ChangeMemberRoleInput = z.infer<typeof changeMemberRoleInput>;
export const memberParams = z.object({ orgId: z.uuid("Organisation id is not valid"), userId: z.string().min(1).max(200) });
