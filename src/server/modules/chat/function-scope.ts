import type { Context } from "hono";
import { isOwnerRole } from "@/shared/constants";
import { can } from "@/shared/permissions";
import { timeZone } from "@/shared/work";
import type { AppEnv } from "../../context";
import { requireUser } from "../../auth/session";
import { languageOfRequest } from "../../i18n/request-language";
import { AppError } from "../../lib/errors";
import { parseWith } from "../../lib/parse";
import { policyOf } from "../../lib/route-policies";
import { ensureKnownTimeZone } from "../../lib/time-zones";
import { listMemberships } from "../organisations/list-memberships";
import { forbidden } from "../organisations/org-scope";
import { assertTwoFactorAllowed } from "../organisations/organisation-security";
import { requireMembership } from "../organisations/require-membership";
import { assertAiEnabled, type ChatCtx } from "./chat-ctx";

/**
 * For the AI functions, which name the organisation in their body: AI must be on, the caller a
 * member holding the permission the route's policy names and meeting the organisation's two-factor
 * rule (as orgScope checks both), the time zone known.
 */
export async function aiFunctionCtx(c: Context<AppEnv>, orgId: string, tz: string | undefined): Promise<ChatCtx> {
  const user = requireUser(c);
  const { env, database, sessionCache, secrets, clock, queue } = c.get("services");
  assertAiEnabled(env);
  const scope = await requireMembership(database.db, user.id, orgId, sessionCache);
  const { access } = policyOf(c);
  if (access !== "public" && access !== "user" && !can(scope.role, access)) throw forbidden(access);
  // The organisation's two-factor rule, as orgScope applies it to the routes with the id in their path.
  await assertTwoFactorAllowed(database.db, user, scope);
  const zone = parseWith(timeZone, tz);
  await ensureKnownTimeZone(database.db, zone);
  return { db: database.db, scope, now: clock.now, tz: zone, env, box: secrets, queue, readerLang: languageOfRequest(c) };
}

/** The dev console may leave the organisation out: the caller's oldest organisation they own is used. */
export async function ownedOrgOf(c: Context<AppEnv>): Promise<string> {
  const owned = (await listMemberships(c.get("services").database.db, requireUser(c).id)).find((m) => isOwnerRole(m.role));
  if (!owned) throw new AppError("forbidden", "Only an organisation owner can do this");
  return owned.org_id;
}
