import type { HookEndpointContext } from "better-auth";
import { APIError } from "better-auth/api";
import { AUTH_ERROR_CODES, MAX_NAME_LENGTH } from "@/shared/constants";
import type { Db } from "../db/client";
import { readField } from "./hook-fields";
import { isCommonPassword } from "./passwords";
import { lockedForSeconds, lockedMessage } from "./sign-in-lockout";

const passwordPaths = new Set(["/sign-up/email", "/reset-password", "/change-password"]);
const namePaths = new Set(["/sign-up/email", "/update-user"]);

/**
 * better-auth's before hook: the rules it does not enforce itself. One password policy on every
 * path that sets one, the name's length, and the per-account lockout (the per-IP limit ran already).
 * Returns a context change (the trimmed name) or nothing; throws the refusal.
 */
export async function checkAuthRequest(ctx: HookEndpointContext, db: Db): Promise<{ context: { body: Record<string, unknown> } } | undefined> {
  const path = ctx.path ?? "";
  const body: unknown = ctx.body;
  if (path === "/sign-in/email") await refuseLockedAccount(db, readField(body, "email"));
  const email = readField(body, "email")?.trim().toLowerCase();
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
  throw new APIError(
    "TOO_MANY_REQUESTS",
    { code: AUTH_ERROR_CODES.accountLocked, message: lockedMessage(retryAfter), retryAfter },
    { "Retry-After": String(retryAfter) },
  );
}
