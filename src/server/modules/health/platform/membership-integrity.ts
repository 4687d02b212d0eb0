import { and, asc, eq, sql } from "drizzle-orm";
import { isOwnerRole } from "@/shared/constants";
import type { Db } from "../../../db/client";
import { account, memberships, user } from "../../../db/schema";

/** The roles this product knows; any other grants only what a member may do. */
export const KNOWN_ROLES = ["owner", "supreme_leader", "member"] as const;

export type MemberRow = { userId: string; role: string; email: string; createdAt: Date; canSignIn: boolean };

/**
 * What can really go wrong with an organisation's memberships in this schema. Memberships cascade
 * with their user and (org, user) is unique, so dangling or duplicate rows cannot exist; what can:
 * no owner left (a member removed, an account erased), members whose account has no way to sign
 * in (no password and no provider account), and roles the product does not know.
 */
export type MembershipProblems = {
  members: MemberRow[];
  hasOwner: boolean;
  cannotSignIn: MemberRow[];
  unknownRoles: MemberRow[];
  /** Who a repair would make owner: the longest-standing member who can sign in. */
  successor: MemberRow | null;
};

// A credential account without a password (a reset never finished) signs nobody in.
const canSignIn = sql<boolean>`exists (select 1 from ${account} where ${account.userId} = ${memberships.userId} and (${account.providerId} <> 'credential' or ${account.password} is not null))`;

/** This organisation's members, oldest first; `lock` holds their rows until the transaction ends. */
export async function readMembers(db: Pick<Db, "select">, orgId: string, lock = false): Promise<MemberRow[]> {
  const query = db
    .select({ userId: memberships.userId, role: memberships.role, email: user.email, createdAt: memberships.createdAt, canSignIn })
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(and(eq(memberships.orgId, orgId)))
    .orderBy(asc(memberships.createdAt), asc(memberships.userId));
  return lock ? query.for("update", { of: memberships }) : query;
}

export function membershipProblems(members: MemberRow[]): MembershipProblems {
  const signable = members.filter((m) => m.canSignIn);
  return {
    members,
    hasOwner: members.some((m) => isOwnerRole(m.role) && m.canSignIn),
    cannotSignIn: members.filter((m) => !m.canSignIn),
    unknownRoles: members.filter((m) => !KNOWN_ROLES.some((r) => r === m.role)),
    successor: signable[0] ?? null,
  };
}
