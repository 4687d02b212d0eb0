-- The count triggers of 0004, with every upsert taking its bucket rows in key order (org, day or
-- hour, status). Two imports that cover overlapping days used to lock the same buckets in
-- different orders and deadlock; in one order, the second simply waits for the first.
CREATE OR REPLACE FUNCTION task_day_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_day_counts (org_id, day, status, n)
  SELECT r.org_id, coalesce((r.due_at AT TIME ZONE 'UTC')::date, 'infinity'::date), r.status, count(*)
  FROM new_rows r WHERE EXISTS (SELECT 1 FROM organisations o WHERE o.id = r.org_id)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (org_id, day, status) DO UPDATE SET n = task_day_counts.n + excluded.n;
  INSERT INTO task_hour_counts (org_id, hour, status, n)
  SELECT r.org_id, date_trunc('hour', r.due_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', r.status, count(*)
  FROM new_rows r WHERE r.due_at IS NOT NULL AND EXISTS (SELECT 1 FROM organisations o WHERE o.id = r.org_id)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
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
  ORDER BY 1, 2, 3
  ON CONFLICT (org_id, day, status) DO UPDATE SET n = task_day_counts.n + excluded.n;
  INSERT INTO task_hour_counts (org_id, hour, status, n)
  SELECT r.org_id, date_trunc('hour', r.due_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', r.status, -count(*)
  FROM old_rows r WHERE r.due_at IS NOT NULL AND EXISTS (SELECT 1 FROM organisations o WHERE o.id = r.org_id)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
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
  ORDER BY 1, 2, 3
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
  ORDER BY 1, 2, 3
  ON CONFLICT (org_id, hour, status) DO UPDATE SET n = task_hour_counts.n + excluded.n;
  RETURN NULL;
END $$;
