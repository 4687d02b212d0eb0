CREATE TABLE "project_task_counts" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"open" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_task_counts" ADD CONSTRAINT "project_task_counts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by statement triggers beside the day and hour histograms. Trigger names sort after
-- tasks_day_counts_*, so every transaction takes the histogram rows first, then these, each in key
-- order: two writers wait for each other instead of deadlocking. A project (or organisation) being
-- deleted cascades to its tasks; its row goes with it and is not written again.
CREATE FUNCTION project_task_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_task_counts (project_id, org_id, total, open)
  SELECT r.project_id, r.org_id, count(*), count(*) FILTER (WHERE r.status <> 'done')
  FROM new_rows r WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = r.project_id)
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (project_id) DO UPDATE SET total = project_task_counts.total + excluded.total, open = project_task_counts.open + excluded.open;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION project_task_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_task_counts (project_id, org_id, total, open)
  SELECT r.project_id, r.org_id, -count(*), -count(*) FILTER (WHERE r.status <> 'done')
  FROM old_rows r WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = r.project_id)
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (project_id) DO UPDATE SET total = project_task_counts.total + excluded.total, open = project_task_counts.open + excluded.open;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION project_task_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_task_counts (project_id, org_id, total, open)
  SELECT project_id, org_id, sum(d_total)::integer, sum(d_open)::integer FROM (
    SELECT r.project_id, r.org_id, -1 AS d_total, CASE WHEN r.status <> 'done' THEN -1 ELSE 0 END AS d_open FROM old_rows r
    UNION ALL
    SELECT r.project_id, r.org_id, 1, CASE WHEN r.status <> 'done' THEN 1 ELSE 0 END FROM new_rows r
  ) changes
  WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = changes.project_id)
  GROUP BY 1, 2
  HAVING sum(d_total) <> 0 OR sum(d_open) <> 0
  ORDER BY 1, 2
  ON CONFLICT (project_id) DO UPDATE SET total = project_task_counts.total + excluded.total, open = project_task_counts.open + excluded.open;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_project_counts_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_task_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER tasks_project_counts_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION project_task_counts_on_delete();
--> statement-breakpoint
CREATE TRIGGER tasks_project_counts_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_task_counts_on_update();
--> statement-breakpoint
INSERT INTO project_task_counts (project_id, org_id, total, open)
SELECT p.id, p.org_id, count(t.id), count(t.id) FILTER (WHERE t.status <> 'done')
FROM projects p LEFT JOIN tasks t ON t.project_id = p.id
GROUP BY p.id, p.org_id;
