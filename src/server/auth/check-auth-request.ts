import type { HookEndpointContext } from "better-auth";
import { APIError, getSessionFromCtx } from "better-auth/api";
import { sql } from "drizzle-orm";
import { AUTH_ERROR_CODES, MAX_NAME_LENGTH } from "@/shared/constants";
import type { Db } from "../db/client";
import { readEmail, readField } from "./hook-fields";
import { isCommonPassword } from "./passwords";
import { tooManyRequests } from "./retry-later";
import { lockedForSeconds, lockedMessage } from "./sign-in-lockout";
import { countVerificationMail } from "./verification-mail-limit";

const passwordPaths = new Set(["/sign-up/email", "/reset-password", "/change-password"]);
const namePaths = new Set(["/sign-up/email", "/update-user"]);

/**
 * better-auth's before hook: the rules it does not enforce itself. One password policy on every
 * path that sets one, the name's length, the per-account lockout and the per-address limit on
 * confirmation mails (the per-IP limits ran already).
 * Returns a context change (the trimmed name) or nothing; throws the refusal.
 */
export async function checkAuthRequest(ctx: HookEndpointContext, db: Db): Promise<{ context: { body: Record<string, unknown> } } | undefined> {
  const path = ctx.path ?? "";
  const body: unknown = ctx.body;
  const email = readEmail(body);
  if (path === "/sign-in/email") await refuseLockedAccount(db, email);
  if (path === "/two-factor/disable") await refuseOwnerOfRequiringOrg(ctx, db);
  if (path === "/send-verification-email" && email) await countVerificationMail(db, email);
  // The spec keeps "already exists" on sign-up; sign-in and reset stay silent about it.
  if (path === "/sign-up/email" && email && (await ctx.context.internalAdapter.findUserByEmail(email))) {
    throw new APIError("UNPROCESSABLE_ENTITY", { code: "USER_ALREADY_EXISTS", message: "User already exists. Use another email." });
  }
  if (passwordPaths.has(path)) {
    const password = readField(body, path === "/sign-up/email" ? "password" : "newPassword");
    if (password !== undefined && isCommonPassword(password)) {
      throw new APIError("BAD_REQUEST", { code: AUTH_ERROR_CODES.commonPassword, message: "This password is too common. Please choose a less predictable one." });
    }
  }
  if (namePaths.has(path)) {
    const name = readField(body, "name");
    if (name === undefined) return undefined;
    const trimmed = name.trim();
    if (!trimmed) throw new APIError("BAD_REQUEST", { code: AUTH_ERROR_CODES.nameRequired, message: "Name is required." });
    if (trimmed.length > MAX_NAME_LENGTH) {
      throw new APIError("BAD_REQUEST", { code: AUTH_ERROR_CODES.nameTooLong, message: `Name must be at most ${MAX_NAME_LENGTH} characters.` });
    }
    return { context: { body: { ...(body as Record<string, unknown>), name: trimmed } } };
  }
  return undefined;
}

async function refuseLockedAccount(db: Db, email: string | undefined) {
  if (!email) return;
  const retryAfter = await lockedForSeconds(db, email);
  if (retryAfter <= 0) return;
  throw tooManyRequests(AUTH_ERROR_CODES.accountLocked, lockedMessage(retryAfter), retryAfter);
}

/**
 * An owner of an organisation that requires two-factor sign-in keeps it: switched off, their next
 * sign-in would ask them to set it up again, and an owner who cannot would be locked out of the
 * one place the requirement is turned off. They turn the requirement off first.
 */
async function refuseOwnerOfRequiringOrg(ctx: HookEndpointContext, db: Db) {
  const session = await getSessionFromCtx(ctx as unknown as Parameters<typeof getSessionFromCtx>[0]).catch(() => null);
  if (!session) return;
  const result = await db.execute(sql`
    select 1 from memberships m join organisation_security s on s.org_id = m.org_id
    where m.user_id = ${session.user.id} and m.role = 'owner' and s.require_two_factor limit 1`);
  if ((result as unknown as { rows: unknown[] }).rows.length === 0) return;
  throw new APIError("FORBIDDEN", {
    code: AUTH_ERROR_CODES.twoFactorRequiredByOrg,
    message: "An organisation you own requires two-factor sign-in. Turn that requirement off in its security settings before you switch two-factor off.",
  });
}
