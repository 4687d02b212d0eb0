CREATE TABLE "task_hour_counts" (
	"org_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_hour_counts_org_id_hour_status_pk" PRIMARY KEY("org_id","hour","status")
);
--> statement-breakpoint
ALTER TABLE "task_hour_counts" ADD CONSTRAINT "task_hour_counts_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The triggers of 0002 now keep both histograms: per UTC day (all statuses, undated as 'infinity')
-- and per UTC hour (dated tasks only). Same shape: one upsert per histogram per statement.
CREATE OR REPLACE FUNCTION task_day_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_day_counts (org_id, day, status, n)
  SELECT r.org_id, coalesce((r.due_at AT TIME ZONE 'UTC')::date, 'infinity'::date), r.status, count(*)
  FROM new_rows r WHERE EXISTS (SELECT 1 FROM organisations o WHERE o.id = r.org_id)
  GROUP BY 1, 2, 3
  ON CONFLICT (org_id, day, status) DO UPDATE SET n = task_day_counts.n + excluded.n;
  INSERT INTO task_hour_counts (org_id, hour, status, n)
  SELECT r.org_id, date_trunc('hour', r.due_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', r.status, count(*)
  FROM new_rows r WHERE r.due_at IS NOT NULL AND EXISTS (SELECT 1 FROM organisations o WHERE o.id = r.org_id)
  GROUP BY 1, 2, 3
  ON CONFLICT (org_id, hour, status) DO UPDATE SET n = task_hour_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION task_day_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_day_counts (org_id, day, status, n)
  SELECT r.org_id, coalesce((r.due_at AT TIME ZONE 'UTC')::date, 'infinity'::date), r.status, -count(*)
  FROM old_rows r WHERE EXISTS (SELECT 1 FROM organisations o WHERE o.id = r.org_id)
  GROUP BY 1, 2, 3
  ON CONFLICT (org_id, day, status) DO UPDATE SET n = task_day_counts.n + excluded.n;
  INSERT INTO task_hour_counts (org_id, hour, status, n)
  SELECT r.org_id, date_trunc('hour', r.due_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', r.status, -count(*)
  FROM old_rows r WHERE r.due_at IS NOT NULL AND EXISTS (SELECT 1 FROM organisations o WHERE o.id = r.org_id)
  GROUP BY 1, 2, 3
  ON CONFLICT (org_id, hour, status) DO UPDATE SET n = task_hour_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION task_day_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_day_counts (org_id, day, status, n)
  SELECT org_id, day, status, sum(delta)::integer FROM (
    SELECT r.org_id, coalesce((r.due_at AT TIME ZONE 'UTC')::date, 'infinity'::date) AS day, r.status, -1 AS delta FROM old_rows r
    UNION ALL
    SELECT r.org_id, coalesce((r.due_at AT TIME ZONE 'UTC')::date, 'infinity'::date), r.status, 1 FROM new_rows r
  ) changes
  WHERE EXISTS (SELECT 1 FROM organisations o WHERE o.id = changes.org_id)
  GROUP BY 1, 2, 3
  HAVING sum(delta) <> 0
  ON CONFLICT (org_id, day, status) DO UPDATE SET n = task_day_counts.n + excluded.n;
  INSERT INTO task_hour_counts (org_id, hour, status, n)
  SELECT org_id, hour, status, sum(delta)::integer FROM (
    SELECT r.org_id, date_trunc('hour', r.due_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, r.status, -1 AS delta FROM old_rows r WHERE r.due_at IS NOT NULL
    UNION ALL
    SELECT r.org_id, date_trunc('hour', r.due_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', r.status, 1 FROM new_rows r WHERE r.due_at IS NOT NULL
  ) changes
  WHERE EXISTS (SELECT 1 FROM organisations o WHERE o.id = changes.org_id)
  GROUP BY 1, 2, 3
  HAVING sum(delta) <> 0
  ON CONFLICT (org_id, hour, status) DO UPDATE SET n = task_hour_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Existing data: the hour histogram rebuilt from tasks; the day histogram is rebuilt too, so both agree.
DELETE FROM task_day_counts;
--> statement-breakpoint
INSERT INTO task_day_counts (org_id, day, status, n)
SELECT org_id, coalesce((due_at AT TIME ZONE 'UTC')::date, 'infinity'::date), status, count(*) FROM tasks GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO task_hour_counts (org_id, hour, status, n)
SELECT org_id, date_trunc('hour', due_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', status, count(*) FROM tasks WHERE due_at IS NOT NULL GROUP BY 1, 2, 3;
