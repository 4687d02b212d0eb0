import { createHmac } from "node:crypto";

/** A stable stand-in for an erased user in the audit log: the same user always gets the same one, nobody can reverse it without SECRET_KEY. */
export const erasedPseudonym = (secretKey: string, userId: string) => `erased:${createHmac("sha256", secretKey).update(`erasure:${userId}`).digest("hex").slice(0, 24)}`;

/** Keys of audit details that can name a person; removed from every entry about an erased user. */
export const PERSONAL_DETAIL_KEYS = ["email", "name", "ip", "ip_address", "ipAddress", "user_agent", "userAgent", "to", "display_name", "invitee", "from_email"] as const;
