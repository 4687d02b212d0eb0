import type { TFunction } from "i18next";
import { AUTH_ERROR_CODES, SIGN_IN_LOCKOUT } from "@/shared/constants";

export type AuthFailure = { code?: string; message?: string; status?: number; retryAfter?: number } | null | undefined;

/** The server's limit on confirmation mails to one address (auth/verification-mail-limit.ts): 15 minutes. */
const VERIFICATION_MAIL_WINDOW_SECONDS = 15 * 60;

/** Maps better-auth's error codes to the spec's wording; anything else is shown as it came. */
export function authErrorMessage(t: TFunction<"auth">, error: AuthFailure): string {
  if (!error) return t("errors.fallback");
  // Whole minutes to wait, at least one; the server's Retry-After, else the limit's full length.
  const minutesLeft = (limitSeconds: number) => Math.max(1, Math.ceil((error.retryAfter ?? limitSeconds) / 60));
  // The per-account lockout is a 429 too, but waiting out the address limit will not lift it.
  if (error.code === AUTH_ERROR_CODES.accountLocked) return t("errors.accountLocked", { count: minutesLeft(SIGN_IN_LOCKOUT.lockSeconds) });
  // A mailbox's limit on confirmation mails lasts minutes, whichever address asks.
  if (error.code === "VERIFICATION_MAIL_LIMITED") return t("errors.verificationMailLimited", { count: minutesLeft(VERIFICATION_MAIL_WINDOW_SECONDS) });
  if (error.status === 429) return t("errors.rateLimited", { seconds: error.retryAfter ?? 60 });
  switch (error.code) {
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_PASSWORD":
    case "USER_NOT_FOUND":
      return t("errors.invalidCredentials");
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return t("errors.userExists");
    case "EMAIL_NOT_VERIFIED":
      return t("errors.emailNotConfirmed");
    case AUTH_ERROR_CODES.commonPassword:
      return t("errors.commonPassword");
    case "PASSWORD_TOO_SHORT":
      return t("validation.passwordMin");
    case "PASSWORD_TOO_LONG":
      return t("validation.passwordMax");
    case AUTH_ERROR_CODES.nameTooLong:
      return t("validation.nameMax");
    case AUTH_ERROR_CODES.nameRequired:
      return t("validation.nameRequired");
    case "INVALID_TOKEN":
      return t("errors.invalidToken");
  }
  return error.message || t("errors.fallback");
}
