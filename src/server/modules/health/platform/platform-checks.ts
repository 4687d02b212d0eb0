import { eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { SLOW_DATABASE_MS, type PlatformCheck, type PlatformCheckName, type PlatformIssue } from "@/shared/platform-health";
import { pingDatabase } from "../../../db/client";
import { memberships, session } from "../../../db/schema";
import { membershipProblems, readMembers } from "./membership-integrity";
import type { PlatformDeps } from "./platform-deps";
import { checkedFunctions, isSessionAnswer, probeSelf } from "./self-probe";

export type NewIssue = Pick<PlatformIssue, "code" | "type" | "severity" | "description" | "auto_fixable"> & { target?: string | null };
export type CheckOutcome = { check: PlatformCheck; issues: NewIssue[] };

// A database that does not answer within this is down, not slow.
const DATABASE_TIMEOUT_MS = 15_000;
const SELF_CALL_TIMEOUT_MS = 10_000;

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function timed(name: PlatformCheckName, run: () => Promise<{ passed: boolean; detail: string; issues: NewIssue[] }>): Promise<CheckOutcome> {
  const started = performance.now();
  const { passed, detail, issues } = await run();
  return { check: { name, passed, duration_ms: Math.round(performance.now() - started), detail }, issues };
}

/** Spec §4: a database response over 5000 ms is a medium performance issue. */
export function slowDatabaseIssue(ms: number, slowMs = SLOW_DATABASE_MS): NewIssue | null {
  if (ms <= slowMs) return null;
  return { code: "database_slow", type: "performance", severity: "medium", auto_fixable: false, description: `The database took ${ms} ms to answer (over ${slowMs} ms)` };
}

const checkDatabase = (deps: PlatformDeps) =>
  timed("database", async () => {
    try {
      await pingDatabase(deps.db, DATABASE_TIMEOUT_MS);
      return { passed: true, detail: "The database answered a round trip", issues: [] };
    } catch (e) {
      const description = `The database did not answer: ${errorText(e)}`;
      return { passed: false, detail: description, issues: [{ code: "database_unreachable", type: "database", severity: "critical", auto_fixable: false, description }] };
    }
  });

/** Sign-in works when its session table is readable and better-auth answers get-session over HTTP. */
const checkAuth = (deps: PlatformDeps) =>
  timed("auth", async () => {
    const problems: string[] = [];
    try {
      await deps.db.select({ one: sql`1` }).from(session).limit(1);
    } catch (e) {
      problems.push(`the session table is not readable (${errorText(e)})`);
    }
    const answer = await probeSelf(deps.selfOrigin, "/api/auth/get-session", SELF_CALL_TIMEOUT_MS, isSessionAnswer);
    if (!answer.answered) problems.push(`get-session ${answer.detail}`);
    if (problems.length === 0) return { passed: true, detail: `Sessions are readable; get-session ${answer.detail}`, issues: [] };
    const description = `Sign-in is not working: ${problems.join("; ")}`;
    return { passed: false, detail: description, issues: [{ code: "auth_unavailable", type: "auth", severity: "critical", auto_fixable: false, description }] };
  });

const checkFunctions = (deps: PlatformDeps) =>
  timed("server_functions", async () => {
    const answers = await Promise.all(checkedFunctions.map(async (f) => ({ f, answer: await probeSelf(deps.selfOrigin, f.path, SELF_CALL_TIMEOUT_MS, f.isExpected) })));
    const failed = answers.filter((a) => !a.answer.answered);
    const detail = answers.map(({ f, answer }) => `${f.name}: ${answer.detail}`).join("; ");
    const issues = failed.map(({ f, answer }): NewIssue => ({ code: "function_unanswered", type: "edge_function", severity: "high", auto_fixable: true, target: f.path, description: `The ${f.name} function did not answer: ${answer.detail}` }));
    return { passed: failed.length === 0, detail, issues };
  });

/** Times a query of the organisation's own rows, as a page would run it. */
const checkPerformance = (deps: PlatformDeps, orgId: string, slowMs: number) =>
  timed("performance", async () => {
    const started = performance.now();
    try {
      await Promise.race([
        deps.db.select({ n: sql<number>`count(*)::int` }).from(memberships).where(eq(memberships.orgId, orgId)),
        new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${DATABASE_TIMEOUT_MS} ms`)), DATABASE_TIMEOUT_MS).unref()),
      ]);
    } catch (e) {
      return { passed: false, detail: `Not measured: ${errorText(e)}`, issues: [] };
    }
    const ms = Math.round(performance.now() - started);
    const slow = slowDatabaseIssue(ms, slowMs);
    return { passed: !slow, detail: `A query of this organisation's rows took ${ms} ms (limit ${slowMs} ms)`, issues: slow ? [slow] : [] };
  });

const emails = (rows: { email: string }[]) => rows.map((r) => r.email).join(", ");

/** This organisation only: another's memberships are neither read nor reported. */
const checkMemberships = (deps: PlatformDeps, orgId: string) =>
  timed("memberships", async () => {
    let members;
    try {
      members = await readMembers(deps.db, orgId);
    } catch (e) {
      return { passed: false, detail: `Not checked: ${errorText(e)}`, issues: [] };
    }
    const p = membershipProblems(members);
    const issues: NewIssue[] = [];
    if (members.length === 0) issues.push({ code: "no_members", type: "membership", severity: "critical", auto_fixable: false, description: "This organisation has no members: nobody can reach it" });
    else if (!p.hasOwner)
      issues.push({ code: "no_owner", type: "membership", severity: "critical", auto_fixable: p.successor !== null, description: "No owner of this organisation can sign in: nobody can manage it" });
    if (p.cannotSignIn.length > 0) {
      const keepsSomeone = p.cannotSignIn.length < members.length;
      issues.push({ code: "members_cannot_sign_in", type: "membership", severity: "high", auto_fixable: keepsSomeone, description: `${p.cannotSignIn.length} membership(s) belong to accounts that cannot sign in: ${emails(p.cannotSignIn)}` });
    }
    if (p.unknownRoles.length > 0)
      issues.push({ code: "unknown_roles", type: "membership", severity: "medium", auto_fixable: false, description: `${p.unknownRoles.length} membership(s) hold a role this product does not know: ${p.unknownRoles.map((m) => `${m.email} (${m.role})`).join(", ")}` });
    const detail = issues.length === 0 ? `${members.length} member(s), an owner who can sign in, every role known` : issues.map((i) => i.description).join("; ");
    return { passed: issues.length === 0, detail, issues };
  });

/** The five checks, one after another (each timed on its own); the database first, as the rest lean on it. */
export async function runPlatformChecks(deps: PlatformDeps, orgId: string, slowMs = SLOW_DATABASE_MS): Promise<CheckOutcome[]> {
  return [await checkDatabase(deps), await checkAuth(deps), await checkFunctions(deps), await checkPerformance(deps, orgId, slowMs), await checkMemberships(deps, orgId)];
}

export const toIssue = (issue: NewIssue, detectedAt: Date): PlatformIssue => ({
  id: randomUUID(),
  code: issue.code,
  type: issue.type,
  severity: issue.severity,
  description: issue.description,
  detected_at: detectedAt.toISOString(),
  auto_fixable: issue.auto_fixable,
  fix_applied: null,
  fix_result: null,
  fixed_at: null,
  manual_job_id: null,
  target: issue.target ?? null,
});
