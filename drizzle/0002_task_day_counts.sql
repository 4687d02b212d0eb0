CREATE TABLE "task_day_counts" (
	"org_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_day_counts_org_id_day_status_pk" PRIMARY KEY("org_id","day","status")
);
--> statement-breakpoint
ALTER TABLE "task_day_counts" ADD CONSTRAINT "task_day_counts_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Statement-level triggers with transition tables: one upsert per statement, however many rows.
-- The EXISTS check skips organisations being deleted in the same statement (their counts go by cascade).
CREATE FUNCTION task_day_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_day_counts (org_id, day, status, n)
  SELECT r.org_id, coalesce((r.due_at AT TIME ZONE 'UTC')::date, 'infinity'::date), r.status, count(*)
  FROM new_rows r WHERE EXISTS (SELECT 1 FROM organisations o WHERE o.id = r.org_id)
  GROUP BY 1, 2, 3
  ON CONFLICT (org_id, day, status) DO UPDATE SET n = task_day_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION task_day_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_day_counts (org_id, day, status, n)
  SELECT r.org_id, coalesce((r.due_at AT TIME ZONE 'UTC')::date, 'infinity'::date), r.status, -count(*)
  FROM old_rows r WHERE EXISTS (SELECT 1 FROM organisations o WHERE o.id = r.org_id)
  GROUP BY 1, 2, 3
  ON CONFLICT (org_id, day, status) DO UPDATE SET n = task_day_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION task_day_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_day_counts_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_day_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER tasks_day_counts_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION task_day_counts_on_delete();
--> statement-breakpoint
CREATE TRIGGER tasks_day_counts_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_day_counts_on_update();
--> statement-breakpoint
INSERT INTO task_day_counts (org_id, day, status, n)
SELECT org_id, coalesce((due_at AT TIME ZONE 'UTC')::date, 'infinity'::date), status, count(*) FROM tasks GROUP BY 1, 2, 3;
