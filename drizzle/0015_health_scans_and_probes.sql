CREATE TABLE "healing_configs" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"auto_fix_critical" boolean DEFAULT false NOT NULL,
	"auto_fix_high" boolean DEFAULT false NOT NULL,
	"notification_threshold" text DEFAULT 'high' NOT NULL,
	"scan_interval_minutes" integer DEFAULT 15 NOT NULL,
	"next_scan_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "health_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"project_id" uuid,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"score" integer,
	"checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"started_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "probe_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"probe" text NOT NULL,
	"ok" boolean NOT NULL,
	"latency_ms" integer,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "healing_configs" ADD CONSTRAINT "healing_configs_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "healing_configs" ADD CONSTRAINT "healing_configs_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_scans" ADD CONSTRAINT "health_scans_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_scans" ADD CONSTRAINT "health_scans_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_scans" ADD CONSTRAINT "health_scans_started_by_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "health_scans_org_kind_started_idx" ON "health_scans" USING btree ("org_id","kind","started_at");--> statement-breakpoint
CREATE INDEX "health_scans_project_started_idx" ON "health_scans" USING btree ("project_id","started_at");--> statement-breakpoint
CREATE INDEX "probe_results_checked_idx" ON "probe_results" USING btree ("checked_at");