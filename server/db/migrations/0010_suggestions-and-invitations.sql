CREATE TABLE "job_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_post_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"job_seeker_id" uuid NOT NULL,
	"invited_by" uuid,
	"viewed_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobseeker_preferences" ADD COLUMN "findable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "job_invitations" ADD CONSTRAINT "job_invitations_job_post_id_job_posts_id_fk" FOREIGN KEY ("job_post_id") REFERENCES "public"."job_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invitations" ADD CONSTRAINT "job_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invitations" ADD CONSTRAINT "job_invitations_job_seeker_id_users_id_fk" FOREIGN KEY ("job_seeker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invitations" ADD CONSTRAINT "job_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_invitations_job_seeker_key" ON "job_invitations" USING btree ("job_post_id","job_seeker_id");--> statement-breakpoint
CREATE INDEX "job_invitations_company_idx" ON "job_invitations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "job_invitations_seeker_idx" ON "job_invitations" USING btree ("job_seeker_id","created_at");