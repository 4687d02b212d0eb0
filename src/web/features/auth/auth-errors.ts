import type { TFunction } from "i18next";

export type AuthFailure = { code?: string; message?: string; status?: number; retryAfter?: number } | null | undefined;

/** Maps better-auth's error codes to the spec's wording; anything else is shown as it came. */
export function authErrorMessage(t: TFunction<"auth">, error: AuthFailure): string {
  if (!error) return t("errors.fallback");
  // The per-account lockout is a 429 too, but waiting out the address limit will not lift it.
  if (error.code === "ACCOUNT_LOCKED") return t("errors.accountLocked", { count: Math.max(1, Math.ceil((error.retryAfter ?? 900) / 60)) });
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
    case "PASSWORD_TOO_COMMON":
      return t("errors.commonPassword");
    case "PASSWORD_TOO_SHORT":
      return t("validation.passwordMin");
    case "PASSWORD_TOO_LONG":
      return t("validation.passwordMax");
    case "NAME_TOO_LONG":
      return t("validation.nameMax");
    case "NAME_REQUIRED":
      return t("validation.nameRequired");
    case "INVALID_TOKEN":
      return t("errors.invalidToken");
  }
  return error.message || t("errors.fallback");
}
