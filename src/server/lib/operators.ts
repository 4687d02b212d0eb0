import { and, asc, eq, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { requireUser } from "../auth/session";
import type { AppEnv } from "../context";
import type { Db } from "../db/client";
import { platformOperators, user } from "../db/schema";
import type { Env } from "../env";
import { AppError } from "./errors";
import { policyOf } from "./route-policies";

/** OPERATOR_EMAILS as lower-case addresses; empty when unset. */
export function operatorEmails(env: Pick<Env, "OPERATOR_EMAILS">): string[] {
  return (env.OPERATOR_EMAILS ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e.length > 0);
}

/**
 * A fresh install with no operator named anywhere (no OPERATOR_EMAILS, an empty table) makes its
 * first verified account the operator, so a team hosting it for itself keeps every screen. The
 * claim is written down, so later accounts never take it over.
 */
async function claimFirstAccount(db: Db): Promise<void> {
  const [first] = await db.select({ id: user.id }).from(user).where(eq(user.emailVerified, true)).orderBy(asc(user.createdAt), asc(user.id)).limit(1);
  if (!first) return;
  await db.insert(platformOperators).values({ userId: first.id, source: "first_account" }).onConflictDoNothing();
}

/**
 * Whether the user is one of the platform's operators (docs/permissions.md): in platform_operators,
 * or a verified account whose address OPERATOR_EMAILS names.
 */
export async function isOperator(db: Db, env: Pick<Env, "OPERATOR_EMAILS">, userId: string): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(platformOperators).where(eq(platformOperators.userId, userId)).limit(1);
  if (row) return true;
  const emails = operatorEmails(env);
  if (emails.length > 0) {
    const [named] = await db
      .select({ one: sql<number>`1` })
      .from(user)
      .where(and(eq(user.id, userId), eq(user.emailVerified, true), sql`lower(${user.email}) in (${sql.join(emails.map((e) => sql`${e}`), sql`, `)})`))
      .limit(1);
    return Boolean(named);
  }
  const [any] = await db.select({ one: sql<number>`1` }).from(platformOperators).limit(1);
  if (any) return false;
  await claimFirstAccount(db);
  const [claimed] = await db.select({ one: sql<number>`1` }).from(platformOperators).where(eq(platformOperators.userId, userId)).limit(1);
  return Boolean(claimed);
}

/** Whether the caller is an operator; the answer is kept for the request. */
export async function callerIsOperator(c: Context<AppEnv>): Promise<boolean> {
  const known = c.get("operator");
  if (known !== undefined) return known;
  const caller = c.get("user");
  const { database, env } = c.get("services");
  const answer = caller ? await isOperator(database.db, env, caller.id) : false;
  c.set("operator", answer);
  return answer;
}

export const OPERATOR_ONLY_MESSAGE = "Only an operator of this platform can do this";

/** 403 for anyone who is not an operator, however they rank in their organisation. */
export const operatorOnly = () => new AppError("forbidden", OPERATOR_ONLY_MESSAGE);

export async function assertOperator(c: Context<AppEnv>): Promise<void> {
  if (!(await callerIsOperator(c))) throw operatorOnly();
}

/**
 * For routes outside an organisation whose policy says operator (lib/route-policies.ts): a session,
 * then an operator, or 401 and 403. Organisation routes check it in orgScope, after membership.
 */
export const operatorGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (policyOf(c).operator && !c.req.path.startsWith("/api/v1/organisations/")) {
    requireUser(c);
    await assertOperator(c);
  }
  await next();
};
