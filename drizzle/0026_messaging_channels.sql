CREATE TABLE "messaging_channels" (
	"org_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"account_name" text,
	"verified_at" timestamp with time zone,
	"last_event_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_channels_org_id_channel_pk" PRIMARY KEY("org_id","channel")
);
--> statement-breakpoint
CREATE TABLE "messaging_link_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"chat_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_updates" (
	"org_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"update_id" text NOT NULL,
	"handled_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_updates_org_id_channel_update_id_pk" PRIMARY KEY("org_id","channel","update_id")
);
--> statement-breakpoint
ALTER TABLE "messaging_channels" ADD CONSTRAINT "messaging_channels_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_link_codes" ADD CONSTRAINT "messaging_link_codes_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_link_codes" ADD CONSTRAINT "messaging_link_codes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_links" ADD CONSTRAINT "messaging_links_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_links" ADD CONSTRAINT "messaging_links_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_updates" ADD CONSTRAINT "messaging_updates_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messaging_link_codes_member_idx" ON "messaging_link_codes" USING btree ("org_id","user_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_links_member_unique" ON "messaging_links" USING btree ("org_id","user_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_links_chat_unique" ON "messaging_links" USING btree ("org_id","channel","chat_id");--> statement-breakpoint
CREATE INDEX "messaging_updates_received_idx" ON "messaging_updates" USING btree ("received_at");