import type { Db } from "../db/client";
import { countRequest } from "../lib/request-limit-store";
import { minutesText, tooManyRequests } from "./retry-later";
import { lockoutKey } from "./sign-in-lockout";

/** Per address, whoever asks: better-auth's per-IP limit alone would let many addresses flood one mailbox. */
export const VERIFICATION_MAIL_LIMIT = { max: 3, windowSeconds: 15 * 60 } as const;
export const VERIFICATION_MAIL_LIMITED = "VERIFICATION_MAIL_LIMITED";

/**
 * Counts one request for a new confirmation link to this address and refuses past the limit. Any
 * address is counted, known or not, so the answer says nothing about which ones have accounts.
 */
export async function countVerificationMail(db: Db, email: string): Promise<void> {
  const { max, windowSeconds } = VERIFICATION_MAIL_LIMIT;
  const verdict = await countRequest(db, [{ key: `verify-mail:email:${lockoutKey(email)}`, max }], windowSeconds);
  if (verdict.allowed) return;
  const retryAfter = verdict.retryAfterSeconds;
  throw tooManyRequests(VERIFICATION_MAIL_LIMITED, `Too many confirmation emails for this address. Try again in ${minutesText(retryAfter)}.`, retryAfter);
}
