ALTER TABLE "memberships" ADD COLUMN "onboarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "trial_ends_at" timestamp with time zone;