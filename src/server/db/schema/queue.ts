import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * The job queue (lib/queue.ts, docs/decisions/006-job-queue.md). A row is one job: queued until
 * its run_after, active while an instance holds its lease, then deleted when done or kept as failed.
 * `key` is the fairness key (the organisation): a claim serves the least busy key first.
 * `token` names one run, so a run that lost its lease can no longer settle the job.
 */
export const queueJobs = pgTable(
  "queue_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    queue: text("queue").notNull(),
    key: text("key").notNull().default(""),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    state: text("state").notNull().default("queued"),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    singletonKey: text("singleton_key"),
    token: uuid("token"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("queue_jobs_ready_idx").on(t.queue, t.key, t.runAfter).where(sql`${t.state} = 'queued'`),
    index("queue_jobs_active_idx").on(t.key, t.leaseUntil).where(sql`${t.state} = 'active'`),
    index("queue_jobs_failed_idx").on(t.finishedAt).where(sql`${t.state} = 'failed'`),
    uniqueIndex("queue_jobs_singleton_idx").on(t.queue, t.singletonKey).where(sql`${t.singletonKey} is not null and ${t.state} in ('queued', 'active')`),
  ],
);

/** When each fairness key (organisation) last had a job claimed: the claim serves the longest-waiting key first. */
export const queueTurns = pgTable("queue_turns", {
  key: text("key").primaryKey(),
  servedAt: timestamp("served_at", { withTimezone: true }).notNull(),
});
