CREATE TABLE "queue_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"singleton_key" text,
	"token" uuid,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "queue_turns" (
	"key" text PRIMARY KEY NOT NULL,
	"served_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "queue_jobs_ready_idx" ON "queue_jobs" USING btree ("queue","key","run_after") WHERE "queue_jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "queue_jobs_active_idx" ON "queue_jobs" USING btree ("key","lease_until") WHERE "queue_jobs"."state" = 'active';--> statement-breakpoint
CREATE INDEX "queue_jobs_failed_idx" ON "queue_jobs" USING btree ("finished_at") WHERE "queue_jobs"."state" = 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "queue_jobs_singleton_idx" ON "queue_jobs" USING btree ("queue","singleton_key") WHERE "queue_jobs"."singleton_key" is not null and "queue_jobs"."state" in ('queued', 'active');--> statement-breakpoint
-- Work pg-boss held when this version was installed: agent jobs not yet delivered and exports not yet built move to the new queue, then pg-boss's schema goes.
INSERT INTO "queue_jobs" ("queue", "key", "data") SELECT 'agent-dispatch', "org_id"::text, jsonb_build_object('job_id', "id") FROM "agent_jobs" WHERE "state" IN ('queued', 'sending');--> statement-breakpoint
INSERT INTO "queue_jobs" ("queue", "key", "data") SELECT 'data-export', coalesce("org_id"::text, "user_id"), jsonb_build_object('export_id', "id") FROM "data_exports" WHERE "status" IN ('queued', 'running');--> statement-breakpoint
DROP SCHEMA IF EXISTS "pgboss" CASCADE;
