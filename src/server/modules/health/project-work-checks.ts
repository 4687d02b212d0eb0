import { and, count, eq, lt, max, min, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { tasks } from "../../db/schema";
import type { SiteAnalysis } from "./project-analyse-site";
import { makeIssue, type FoundIssue } from "./project-issue-catalogue";

const DAY = 86_400_000;
export const STALE_PROJECT_DAYS = 30;
/** Overdue work is high once its oldest task is this late; medium before. */
export const OVERDUE_HIGH_DAYS = 14;

type ProjectTimes = { id: string; orgId: string; createdAt: Date; updatedAt: Date };

/** The project's own work, judged by the server's clock: overdue open tasks and no activity in 30 days. */
export async function checkProjectWork(db: Pick<Db, "select">, project: ProjectTimes, now: Date): Promise<SiteAnalysis> {
  const ofProject = and(eq(tasks.orgId, project.orgId), eq(tasks.projectId, project.id));
  const [[overdue], [activity]] = await Promise.all([
    db.select({ n: count(), oldest: min(tasks.dueAt) }).from(tasks).where(and(ofProject, ne(tasks.status, "done"), lt(tasks.dueAt, now))),
    db.select({ lastTask: max(tasks.updatedAt) }).from(tasks).where(ofProject),
  ]);
  const issues: FoundIssue[] = [];
  const late = overdue?.n ?? 0;
  if (late > 0 && overdue?.oldest) {
    const days = Math.max(1, Math.floor((now.getTime() - new Date(overdue.oldest).getTime()) / DAY));
    const text =
      late === 1
        ? days === 1
          ? "1 task is overdue by 1 day"
          : `1 task is overdue by ${days} days`
        : days === 1
          ? `${late} tasks are overdue (the oldest by 1 day)`
          : `${late} tasks are overdue (the oldest by ${days} days)`;
    issues.push(makeIssue("work.overdue", text, days > OVERDUE_HIGH_DAYS ? "high" : "medium"));
  }
  const times = [project.createdAt, project.updatedAt, activity?.lastTask ? new Date(activity.lastTask) : null].filter((d): d is Date => d !== null);
  const last = Math.max(...times.map((d) => d.getTime()));
  const idleDays = Math.floor((now.getTime() - last) / DAY);
  if (idleDays >= STALE_PROJECT_DAYS) issues.push(makeIssue("work.stale", `No activity on the project in ${idleDays} days`));
  return {
    issues,
    checks: [
      { name: "work.overdue", passed: !issues.some((i) => i.check === "work.overdue"), detail: null },
      { name: "work.stale", passed: !issues.some((i) => i.check === "work.stale"), detail: null },
    ],
  };
}
