import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes, URL-safe: the only copy lives in the mail; the database keeps its hash. */
export const newInvitationToken = () => randomBytes(32).toString("base64url");
export const hashInvitationToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** In the fragment, which browsers never send to a server, so it stays out of logs and Referer headers. */
export const invitationLink = (appUrl: string, token: string) => `${appUrl}/invite#token=${encodeURIComponent(token)}`;
