-- A member who leaves or is removed keeps no tasks of that organisation: they fall back to
-- unassigned in the same transaction as the removal, whichever path removed them.
CREATE OR REPLACE FUNCTION whq_unassign_removed_member() RETURNS trigger AS $$
BEGIN
  UPDATE tasks SET assignee_id = NULL, updated_at = now() WHERE org_id = OLD.org_id AND assignee_id = OLD.user_id;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER memberships_unassign_tasks AFTER DELETE ON memberships FOR EACH ROW EXECUTE FUNCTION whq_unassign_removed_member();
