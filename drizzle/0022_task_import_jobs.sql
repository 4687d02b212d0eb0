ALTER TABLE "task_imports" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "task_imports" ADD COLUMN "status" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "task_imports" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_imports" ADD COLUMN "valid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_imports" ADD COLUMN "processed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_imports" ADD COLUMN "errors" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "task_imports" ADD COLUMN "error_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_imports" ADD COLUMN "pending" jsonb;--> statement-breakpoint
ALTER TABLE "task_imports" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "task_imports" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "task_imports" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "task_imports" ADD CONSTRAINT "task_imports_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_imports_org_created_idx" ON "task_imports" USING btree ("org_id","created_at");--> statement-breakpoint
ALTER TABLE "task_imports" ADD CONSTRAINT "task_imports_id_unique" UNIQUE("id");