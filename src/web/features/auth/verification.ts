/**
 * Where the confirmation link lands (the server redirects there after verifying): signed in, the
 * page forwards to /app; otherwise it says the address is confirmed, or why the link failed.
 */
export const VERIFIED_CALLBACK = "/auth?verified=1";

export type VerificationNotice = "confirmed" | "linkFailed" | null;

/** better-auth appends ?error=INVALID_TOKEN, TOKEN_EXPIRED or USER_NOT_FOUND when a link fails. */
export function verificationNotice(params: URLSearchParams): VerificationNotice {
  if (params.get("verified") !== "1") return null;
  return params.get("error") ? "linkFailed" : "confirmed";
}
