ALTER TABLE "job_alert_subscriptions" ADD COLUMN "place_name" text;--> statement-breakpoint
ALTER TABLE "job_alert_subscriptions" ADD COLUMN "frequency" text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_alert_subscriptions" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "job_alert_subscriptions" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_alert_subscriptions" ADD COLUMN "digest_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_alert_subscriptions" ADD COLUMN "next_digest_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_alert_subscriptions" ADD COLUMN "last_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_alert_subscriptions" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "job_alert_subscriptions_confirm_token_key" ON "job_alert_subscriptions" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "job_alert_subscriptions_due_idx" ON "job_alert_subscriptions" USING btree ("next_digest_at") WHERE "job_alert_subscriptions"."confirmed_at" is not null;