CREATE TABLE "inbound_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"project_id" uuid,
	"message_id" text NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"sender" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"size_bytes" integer DEFAULT 0 NOT NULL,
	"task_id" uuid,
	"detail" text,
	"confirmation_code" text,
	"confirmation_url" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_mail_addresses" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"token" text NOT NULL,
	"allowed_senders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_mail_addresses" ADD CONSTRAINT "project_mail_addresses_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_mail_addresses" ADD CONSTRAINT "project_mail_addresses_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_mails_org_message_unique" ON "inbound_mails" USING btree ("org_id","message_id");--> statement-breakpoint
CREATE INDEX "inbound_mails_org_received_idx" ON "inbound_mails" USING btree ("org_id","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "project_mail_addresses_token_unique" ON "project_mail_addresses" USING btree ("token");--> statement-breakpoint
CREATE INDEX "project_mail_addresses_org_idx" ON "project_mail_addresses" USING btree ("org_id");