import type { Db } from "../db/client";
import { recordAudit } from "../lib/audit";
import type { Logger } from "../lib/logger";

export const AUTH_ACTIONS = {
  signIn: "auth.sign_in",
  signInFailed: "auth.sign_in_failed",
  lockout: "auth.lockout",
  passwordChange: "auth.password_change",
  passwordReset: "auth.password_reset",
  signOut: "auth.sign_out",
  sessionRevoked: "auth.session_revoked",
  signOutEverywhere: "auth.sign_out_everywhere",
  twoFactorChallenge: "auth.two_factor_challenge",
  twoFactorFailed: "auth.two_factor_failed",
  twoFactorSetupStarted: "auth.two_factor_setup_started",
  twoFactorEnabled: "auth.two_factor_enabled",
  twoFactorDisabled: "auth.two_factor_disabled",
  recoveryCodesRegenerated: "auth.recovery_codes_regenerated",
  emailChangeRequested: "auth.email_change_requested",
  emailChanged: "auth.email_changed",
} as const;

export type AuthAction = (typeof AUTH_ACTIONS)[keyof typeof AUTH_ACTIONS];

export type AuthEvent = {
  action: AuthAction;
  actorUserId: string | null;
  ip: string | null;
  /** For people reading the log: an email, a flag. Never a password, token or cookie. */
  details?: Record<string, string | number | boolean>;
};

/**
 * Auth events belong to no organisation (org_id null). A failed write is logged, not thrown:
 * the user's sign-in or sign-out has already happened by the time the row is written.
 */
export async function recordAuthEvent(db: Db, logger: Logger, event: AuthEvent): Promise<void> {
  try {
    await recordAudit(db, { orgId: null, actorUserId: event.actorUserId, ip: event.ip, action: event.action, targetType: "user", targetId: event.actorUserId, details: event.details });
  } catch (error) {
    logger.error("could not write an auth audit row", { action: event.action, error: error instanceof Error ? error.message : String(error) });
  }
}
