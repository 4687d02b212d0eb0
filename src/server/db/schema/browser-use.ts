import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { organisations } from "./organisations";
import { tasks } from "./work";

/**
 * A Browser Use cloud task the assistant started for one of our tasks. The poll job carries only
 * the run's id and its poll number; this row is the truth. `polls` is the number of the poll that
 * may run next, so a job delivered twice finds it moved on and does nothing. A deleted task keeps
 * the run (task_id null) so its poll job ends quietly instead of failing.
 */
export const browserUseRuns = pgTable(
  "browser_use_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orgId: uuid("org_id").notNull().references(() => organisations.id, { onDelete: "cascade" }),
    taskId: uuid("task_id").references(() => tasks.id, { onDelete: "set null" }),
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    /** Browser Use's id for the task it runs. */
    remoteId: text("remote_id").notNull(),
    instructions: text("instructions").notNull(),
    /** running, finished (a result came back), failed (Browser Use failed it, or we gave up). */
    state: text("state").notNull().default("running"),
    polls: integer("polls").notNull().default(0),
    result: text("result"),
    error: text("error"),
    commentId: uuid("comment_id"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("browser_use_runs_org_task").on(t.orgId, t.taskId)],
);
