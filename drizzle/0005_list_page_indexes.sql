DROP INDEX "planes_org_created_idx";--> statement-breakpoint
DROP INDEX "projects_org_created_idx";--> statement-breakpoint
DROP INDEX "projects_plane_created_idx";--> statement-breakpoint
CREATE INDEX "planes_org_created_idx" ON "planes" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_org_created_idx" ON "projects" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_plane_created_idx" ON "projects" USING btree ("plane_id","created_at","id");