CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_post_id" uuid NOT NULL,
	"job_seeker_id" uuid NOT NULL,
	"resume_id" uuid,
	"cover_letter_id" uuid,
	"work_authorization" boolean,
	"sponsorship" boolean,
	"status" text DEFAULT 'Applied' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_post_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text DEFAULT 'view' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"job_post_id" uuid,
	"title" text NOT NULL,
	"job_data" jsonb NOT NULL,
	"step_tracking" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"title" text NOT NULL,
	"description_html" text NOT NULL,
	"job_data" jsonb NOT NULL,
	"location_type" text NOT NULL,
	"is_remote" boolean NOT NULL,
	"city" text,
	"state" text,
	"latitude" double precision,
	"longitude" double precision,
	"job_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"schedule_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"skill_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"industry_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"work_schedule" smallint,
	"min_pay" numeric(12, 2) DEFAULT 0 NOT NULL,
	"max_pay" numeric(12, 2) DEFAULT 0 NOT NULL,
	"pay_rate" text,
	"min_experience" smallint,
	"max_experience" smallint,
	"open_to_minors" boolean DEFAULT false NOT NULL,
	"is_boosted" boolean DEFAULT false NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_through" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_job_post_id_job_posts_id_fk" FOREIGN KEY ("job_post_id") REFERENCES "public"."job_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_job_seeker_id_users_id_fk" FOREIGN KEY ("job_seeker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_resume_id_stored_files_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_cover_letter_id_stored_files_id_fk" FOREIGN KEY ("cover_letter_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_clicks" ADD CONSTRAINT "job_clicks_job_post_id_job_posts_id_fk" FOREIGN KEY ("job_post_id") REFERENCES "public"."job_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_clicks" ADD CONSTRAINT "job_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_drafts" ADD CONSTRAINT "job_drafts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_drafts" ADD CONSTRAINT "job_drafts_job_post_id_job_posts_id_fk" FOREIGN KEY ("job_post_id") REFERENCES "public"."job_posts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_drafts" ADD CONSTRAINT "job_drafts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_drafts" ADD CONSTRAINT "job_drafts_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_posts" ADD CONSTRAINT "job_posts_modified_by_users_id_fk" FOREIGN KEY ("modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_job_seeker_key" ON "applications" USING btree ("job_post_id","job_seeker_id");--> statement-breakpoint
CREATE INDEX "applications_seeker_idx" ON "applications" USING btree ("job_seeker_id","created_at");--> statement-breakpoint
CREATE INDEX "job_clicks_job_idx" ON "job_clicks" USING btree ("job_post_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "job_drafts_company_idx" ON "job_drafts" USING btree ("company_id","modified_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_drafts_job_post_key" ON "job_drafts" USING btree ("job_post_id") WHERE job_post_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "job_posts_company_idx" ON "job_posts" USING btree ("company_id","status","posted_at");--> statement-breakpoint
CREATE INDEX "job_posts_open_geo_idx" ON "job_posts" USING btree ("latitude","longitude") WHERE status = 'Active';--> statement-breakpoint
CREATE INDEX "job_posts_valid_idx" ON "job_posts" USING btree ("valid_through") WHERE status = 'Active';