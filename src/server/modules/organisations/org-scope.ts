import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../context";
import type { Db } from "../../db/client";
import type { Queue } from "../../lib/queue";
import { requireUser } from "../../auth/session";
import { AppError } from "../../lib/errors";
import { parseWith } from "../../lib/parse";
import { assertOperator } from "../../lib/operators";
import { policyOf } from "../../lib/route-policies";
import { can, type Permission } from "@/shared/permissions";
import { assertTwoFactorAllowed } from "./organisation-security";
import { requireMembership, type OrgScope } from "./require-membership";

export const orgParams = z.object({ orgId: z.uuid("Organisation id is not valid") });
const scopes = new WeakMap<Request, OrgScope>();

/**
 * For routes under /organisations/:orgId: the caller must be a member, or learns nothing, and
 * must hold the permission the route's policy names (src/server/lib/route-policies.ts).
 */
export const orgScope: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = requireUser(c);
  const { orgId } = parseWith(orgParams, { orgId: c.req.param("orgId") });
  const { database, sessionCache } = c.get("services");
  const scope = await requireMembership(database.db, user.id, orgId, sessionCache);
  const { access, operator } = policyOf(c);
  if (access !== "public" && access !== "user" && !can(scope.role, access)) throw forbidden(access);
  if (operator) await assertOperator(c);
  await assertTwoFactorAllowed(database.db, user, scope);
  scopes.set(c.req.raw, scope);
  await next();
};

export const forbidden = (permission: Permission) =>
  new AppError("forbidden", permission === "connection.manage" ? "Only an organisation owner can manage API keys and connections" : "Only an organisation owner can do this");

/** The verb's context: the database, the caller's scope and the clock, as the house style's { ctx }. */
export function ctxOf(c: Context<AppEnv>): { db: Db; scope: OrgScope; now: () => Date; queue?: Queue } {
  const scope = scopes.get(c.req.raw);
  if (!scope) throw new AppError("internal", "Organisation scope missing");
  const { database, clock, queue } = c.get("services");
  return { db: database.db, scope, now: clock.now, queue };
}

export type Ctx = ReturnType<typeof ctxOf>;

/** The job queue, for verbs that queue work (notifications); every request's ctx carries it. */
export function queueOf(ctx: Pick<Ctx, "queue">): Queue {
  if (!ctx.queue) throw new AppError("internal", "Job queue missing from the verb's context");
  return ctx.queue;
}
