import { platformWideIssueCodes, type PlatformIssue, type PlatformIssueCode, type PlatformScan } from "@/shared/platform-health";
import { operatorOnly } from "../../../lib/operators";
import { recordAudit } from "../../../lib/audit";
import { readHealingConfig } from "./healing-config";
import { removeMembersWhoCannotSignIn, repairNoOwner, type RepairOutcome } from "./membership-repairs";
import type { PlatformDeps } from "./platform-deps";
import { scanOf } from "./platform-scan-row";
import { issueIn, lockScan, saveIssue, type Tx } from "./platform-scan-store";
import { functionByPath, probeSelf } from "./self-probe";

/** Who a repair is done for: an owner's request, or the scheduler (no user); operator: whether the requester runs the platform. */
export type FixActor = { orgId: string; userId: string | null; operator?: boolean };

/** A person's repair of the platform itself (not their organisation's memberships) needs an operator. */
export function ensureMayRepair(actor: Pick<FixActor, "operator">, issue: Pick<PlatformIssue, "code">): void {
  if (platformWideIssueCodes.includes(issue.code) && actor.operator !== true) throw operatorOnly();
}

// What is not safe to repair from here, said plainly (DESIGN.md §7: an honest report).
const needsAPerson: Partial<Record<PlatformIssueCode, string>> = {
  database_unreachable: "Needs a person: bring the database back (check DATABASE_URL and the database server); the server cannot repair it from inside",
  database_slow: "Needs a person: look at the database's load, its slow queries and the host's resources",
  auth_unavailable: "Needs a person: sign-in depends on the database and the auth handler; check the server's logs",
  no_members: "Needs a person: an organisation without members can only be given one by an operator",
  unknown_roles: "Needs a person: an owner must decide which role these members should have",
};

const membershipRepairs: Partial<Record<PlatformIssueCode, (tx: Tx, actor: FixActor) => Promise<RepairOutcome>>> = {
  no_owner: repairNoOwner,
  members_cannot_sign_in: removeMembersWhoCannotSignIn,
};

/**
 * Applies the fix for one issue of a scan. Each runs under the scan row's lock and records its
 * outcome there, so two fixes of one issue at once apply once: the second finds it applied.
 * Membership repairs also re-read the members under their lock, so a repair already made by
 * another scan's fix is not made twice.
 */
export async function applyPlatformFix(deps: PlatformDeps, actor: FixActor, scanId: string, issueId: string, mode: "manual" | "auto"): Promise<PlatformScan> {
  const threshold = (await readHealingConfig(deps.db, actor.orgId)).notification_threshold;
  const before = await deps.db.transaction(async (tx) => issueIn(await lockScan(tx, actor.orgId, scanId), issueId));
  if (mode === "manual") ensureMayRepair(actor, before);
  // The re-ping is a call to this server, which needs the database: it runs before the lock is taken.
  const ping = before.code === "function_unanswered" && before.fix_applied !== true ? await rePing(deps, before) : null;
  const row = await deps.db.transaction(async (tx) => {
    const locked = await lockScan(tx, actor.orgId, scanId);
    const issue = issueIn(locked, issueId);
    if (issue.fix_applied === true) return locked;
    const outcome = await outcomeOf(tx, actor, issue, ping);
    if (outcome.applied) {
      await recordAudit(tx, { orgId: actor.orgId, actorUserId: actor.userId, action: "health.fix_applied", targetType: "health_scan", targetId: scanId, details: { issue_id: issueId, code: issue.code, mode, result: outcome.result } });
    }
    const fixed: PlatformIssue = { ...issue, fix_applied: outcome.applied, fix_result: outcome.result, fixed_at: deps.now().toISOString() };
    return saveIssue(tx, locked, fixed, deps.now());
  });
  return scanOf(row, threshold);
}

async function outcomeOf(tx: Tx, actor: FixActor, issue: PlatformIssue, ping: RepairOutcome | null): Promise<RepairOutcome> {
  if (ping) return ping;
  // Membership repairs judge the members as they are now, not as the scan saw them.
  const repair = membershipRepairs[issue.code];
  if (repair) return repair(tx, actor);
  return { applied: false, result: needsAPerson[issue.code] ?? "Needs a person: this cannot be repaired safely from here" };
}

/** An edge function fix re-pings the function (spec §4); the result says what answered. */
async function rePing(deps: PlatformDeps, issue: PlatformIssue): Promise<RepairOutcome> {
  const f = functionByPath(issue.target);
  if (!f) return { applied: false, result: "Needs a person: the issue does not name a function this server has" };
  const answer = await probeSelf(deps.selfOrigin, f.path, 10_000, f.isExpected);
  return answer.answered
    ? { applied: true, result: `Re-pinged ${f.name}: it ${answer.detail}` }
    : { applied: false, result: `Re-pinged ${f.name}: it still ${answer.detail}. Needs a person: check the server's logs` };
}
