import { z } from "zod";
import { assignableRoles } from "./organisations";

/** Days an invitation link stays valid; inviting the same address again starts a new week. */
export const INVITATION_DAYS = 7;

export const inviteEmail = z
  .string("Enter an email address")
  .trim()
  .min(1, "Enter an email address")
  .max(254, "Use at most 254 characters")
  .pipe(z.email("Enter a valid email address"))
  .transform((email) => email.toLowerCase());

export const createInvitationInput = z.object({ email: inviteEmail, role: z.enum(assignableRoles, "Choose member or owner") });
export type CreateInvitationInput = z.input<typeof createInvitationInput>;

export const invitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.string(),
  invited_by_name: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof invitation>;
export const invitationList = z.object({ invitations: z.array(invitation) });
export const invitationParams = z.object({ orgId: z.uuid("Organisation id is not valid"), inviteId: z.uuid("Invitation id is not valid") });

/** The token travels in a body (and the page's fragment), never in a logged path or query. */
export const invitationTokenInput = z.object({ token: z.string("The invitation link is incomplete").min(20, "The invitation link is incomplete").max(200, "The invitation link is not valid") });
export type InvitationTokenInput = z.infer<typeof invitationTokenInput>;

export const invitationStates = ["pending", "expired", "accepted", "revoked"] as const;
export const invitationPreview = z.object({
  org_name: z.string(),
  inviter_name: z.string().nullable(),
  role: z.string(),
  email: z.string(),
  expires_at: z.string(),
  state: z.enum(invitationStates),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;
export const acceptInvitationResponse = z.object({ org_id: z.uuid(), role: z.string() });
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponse>;
