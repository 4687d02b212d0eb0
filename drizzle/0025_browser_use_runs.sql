CREATE TABLE "browser_use_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"task_id" uuid,
	"requested_by" text,
	"remote_id" text NOT NULL,
	"instructions" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"polls" integer DEFAULT 0 NOT NULL,
	"result" text,
	"error" text,
	"comment_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "browser_use_runs" ADD CONSTRAINT "browser_use_runs_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "browser_use_runs" ADD CONSTRAINT "browser_use_runs_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "browser_use_runs" ADD CONSTRAINT "browser_use_runs_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "browser_use_runs_org_task" ON "browser_use_runs" USING btree ("org_id","task_id");