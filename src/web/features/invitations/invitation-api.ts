import type { AcceptInvitationResponse, InvitationPreview } from "@/shared/invitations";
import { api } from "@/web/lib/api";

/** The token goes in the body: never in a path or query a log could keep. */
export const fetchInvitationPreview = async (token: string) => (await api<{ invitation: InvitationPreview }>("/api/v1/invitations/preview", { method: "POST", body: { token } })).invitation;

export const acceptInvitation = (token: string) => api<AcceptInvitationResponse>("/api/v1/invitations/accept", { method: "POST", body: { token } });
