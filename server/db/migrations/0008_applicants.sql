CREATE TABLE "application_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "seen_by" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "closed_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_status_changes" ADD CONSTRAINT "application_status_changes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_status_changes" ADD CONSTRAINT "application_status_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_status_changes_application_idx" ON "application_status_changes" USING btree ("application_id","changed_at");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_seen_by_users_id_fk" FOREIGN KEY ("seen_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_job_idx" ON "applications" USING btree ("job_post_id","created_at");