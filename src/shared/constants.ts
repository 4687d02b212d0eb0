// ASVS 5.0 6.2.1/6.2.9: at least 10 characters, at most 128, and no composition rules besides.
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;
/** A user's name is shown to every member of their organisations; trimmed, 1 to 100 characters. */
export const MAX_NAME_LENGTH = 100;
export const OWNER_ROLES = ["owner", "supreme_leader"] as const;
export const isOwnerRole = (role: string | null | undefined): boolean => OWNER_ROLES.some((r) => r === role);

/** Sliding session of 7 days, refreshed daily, never beyond 30 days from sign-in. */
export const SESSION_SLIDING_SECONDS = 7 * 24 * 3600;
export const SESSION_REFRESH_SECONDS = 24 * 3600;
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 3600;

export const AUTH_RATE_LIMITS = {
  "/sign-in/email": { window: 60, max: 10 },
  "/sign-up/email": { window: 60, max: 5 },
  "/request-password-reset": { window: 60, max: 3 },
  "/reset-password": { window: 60, max: 5 },
  "/send-verification-email": { window: 60, max: 3 },
  // A 6-digit code has a million values: per address, a few guesses a minute. Each sign-in
  // challenge also dies after 5 wrong codes and an account locks after 10 (better-auth's twoFactor).
  "/two-factor/verify-totp": { window: 60, max: 6 },
  "/two-factor/verify-backup-code": { window: 60, max: 6 },
  "/two-factor/enable": { window: 60, max: 5 },
  "/two-factor/disable": { window: 60, max: 5 },
  "/two-factor/generate-backup-codes": { window: 60, max: 5 },
  "/change-email": { window: 60, max: 3 },
} as const;

/** Per account (lower-cased email), whatever the address: 10 failures in 15 minutes lock sign-in for 15 minutes. */
export const SIGN_IN_LOCKOUT = { maxFailures: 10, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;

export const AUTH_ERROR_CODES = {
  commonPassword: "PASSWORD_TOO_COMMON",
  accountLocked: "ACCOUNT_LOCKED",
  nameRequired: "NAME_REQUIRED",
  nameTooLong: "NAME_TOO_LONG",
  totpCodeUsed: "TOTP_CODE_USED",
  twoFactorRequiredByOrg: "TWO_FACTOR_REQUIRED_BY_ORGANISATION",
} as const;
