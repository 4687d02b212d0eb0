export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
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
} as const;

export const AUTH_ERROR_CODES = {
  commonPassword: "PASSWORD_TOO_COMMON",
} as const;
