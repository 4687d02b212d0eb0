import { asc, eq } from "drizzle-orm";
import { effectivePlan, limitsOf } from "@/shared/plans";
import type { Db } from "../../db/client";
import { organisations, projects } from "../../db/schema";
import { AppError } from "../../lib/errors";

export const PLAN_LIMIT_MESSAGE = (max: number) => `The Starter plan includes up to ${max} projects. Upgrade to Professional on the pricing page for unlimited projects.`;
export const READ_ONLY_MESSAGE = (max: number) =>
  `This project is read-only: the Starter plan includes ${max} projects. Upgrade to Professional on the pricing page to edit it again, or delete projects you no longer need.`;

type Reader = Pick<Db, "select">;

/**
 * The organisation's project limit at `now` (null: none), its trial counted. `lock` takes the
 * organisation row FOR NO KEY UPDATE, so two creates count one after the other: the weakest lock
 * that does, since it does not conflict with the KEY SHARE every insert into the organisation takes.
 */
export async function projectLimit(db: Reader, orgId: string, now: Date, lock = false): Promise<number | null> {
  const query = db.select({ plan: organisations.plan, trialEndsAt: organisations.trialEndsAt }).from(organisations).where(eq(organisations.id, orgId));
  const [org] = await (lock ? query.for("no key update") : query);
  if (!org) throw new AppError("not_found", "Organisation not found");
  return limitsOf(effectivePlan({ plan: org.plan, trial_ends_at: org.trialEndsAt?.toISOString() ?? null }, now)).maxProjects;
}

/**
 * Under a limit, the oldest `max` projects stay editable and the rest become read-only: nothing is
 * deleted when a trial ends. null when every project is editable.
 */
export async function editableProjectIds(db: Reader, orgId: string, max: number | null): Promise<Set<string> | null> {
  if (max === null) return null;
  const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.orgId, orgId)).orderBy(asc(projects.createdAt), asc(projects.id)).limit(max);
  return new Set(rows.map((r) => r.id));
}

/** What the plan lets this organisation edit at `now`: its project limit and which projects it makes read-only. */
export interface Editability {
  max: number | null;
  isReadOnly: (projectId: string) => boolean;
}

/** Reads the plan and the editable projects once, for both the write checks and the payloads the pages show. */
export async function editability(db: Reader, orgId: string, now: Date): Promise<Editability> {
  const max = await projectLimit(db, orgId, now);
  const editable = await editableProjectIds(db, orgId, max);
  return { max, isReadOnly: (projectId) => editable !== null && !editable.has(projectId) };
}

/**
 * Refuses a write to any of these projects (of this organisation) that the plan makes read-only.
 * Returns the editability it read, for a caller that goes on to build payloads in the same transaction.
 */
export async function assertProjectsEditable(db: Reader, orgId: string, projectIds: (string | undefined)[], now: Date): Promise<Editability> {
  const result = await editability(db, orgId, now);
  if (projectIds.some((id) => id !== undefined && result.isReadOnly(id))) throw new AppError("plan_limit", READ_ONLY_MESSAGE(result.max!));
  return result;
}
