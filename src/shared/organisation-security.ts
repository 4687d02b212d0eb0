import { z } from "zod";

/** GET/PUT /api/v1/organisations/:orgId/security: what an organisation requires at sign-in. */
export const organisationSecurity = z.object({
  require_two_factor: z.boolean(),
  /** Sent back with a change; a change naming an older version is refused (409). */
  version: z.number().int().nonnegative(),
  updated_at: z.string().nullable(),
});
export type OrganisationSecurity = z.infer<typeof organisationSecurity>;

export const organisationSecurityResponse = z.object({ security: organisationSecurity });

export const updateOrganisationSecurityInput = z.object({
  require_two_factor: z.boolean(),
  version: z.number().int().nonnegative().max(2_147_483_647),
});
export type UpdateOrganisationSecurityInput = z.infer<typeof updateOrganisationSecurityInput>;

/** The 403 code of every organisation route while the organisation requires two-factor sign-in and the caller has not turned it on. */
export const TWO_FACTOR_REQUIRED = "two_factor_required" as const;
