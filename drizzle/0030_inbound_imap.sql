CREATE TABLE "inbound_imap_state" (
	"id" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"last_poll_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"unknown_recipients" integer DEFAULT 0 NOT NULL
);
