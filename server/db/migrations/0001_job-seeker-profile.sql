CREATE TABLE "lookup_benefits" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"allowed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_degrees" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobseeker_education" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"degree_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"completion_year" smallint NOT NULL,
	"university_id" integer,
	"university_name" text NOT NULL,
	"field_of_study_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobseeker_experience" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"job_title" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"current_employer" boolean DEFAULT false NOT NULL,
	"job_description" text DEFAULT '' NOT NULL,
	"salary" numeric(12, 2),
	"salary_type" text,
	"exp_type_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobseeker_experience_skills" (
	"experience_id" uuid NOT NULL,
	"skill_id" integer NOT NULL,
	CONSTRAINT "jobseeker_experience_skills_experience_id_skill_id_pk" PRIMARY KEY("experience_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "lookup_fields_of_study" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"cip_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_industries" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"naics_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobseeker_skills" (
	"user_id" uuid NOT NULL,
	"skill_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobseeker_skills_user_id_skill_id_pk" PRIMARY KEY("user_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "lookup_job_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_languages" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_prefer_locations" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobseeker_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"employment_type_id" integer,
	"schedule_type_id" integer,
	"salary" numeric(12, 2),
	"salary_type" text,
	"additional_compensation" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobseeker_preferred_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"state" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_schedules" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_skills" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"owner_id" uuid,
	"company_id" uuid,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"found_skill_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_supplemental_pays" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_universities" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"state" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_fresher" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jobseeker_education" ADD CONSTRAINT "jobseeker_education_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobseeker_education" ADD CONSTRAINT "jobseeker_education_degree_id_lookup_degrees_id_fk" FOREIGN KEY ("degree_id") REFERENCES "public"."lookup_degrees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobseeker_education" ADD CONSTRAINT "jobseeker_education_university_id_lookup_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."lookup_universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobseeker_education" ADD CONSTRAINT "jobseeker_education_field_of_study_id_lookup_fields_of_study_id_fk" FOREIGN KEY ("field_of_study_id") REFERENCES "public"."lookup_fields_of_study"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobseeker_experience" ADD CONSTRAINT "jobseeker_experience_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobseeker_experience" ADD CONSTRAINT "jobseeker_experience_exp_type_id_lookup_job_types_id_fk" FOREIGN KEY ("exp_type_id") REFERENCES "public"."lookup_job_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobseeker_experience_skills" ADD CONSTRAINT "jobseeker_experience_skills_experience_id_jobseeker_experience_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."jobseeker_experience"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobseeker_experience_skills" ADD CONSTRAINT "jobseeker_experience_skills_skill_id_lookup_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."lookup_skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobseeker_skills" ADD CONSTRAINT "jobseeker_skills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobseeker_skills" ADD CONSTRAINT "jobseeker_skills_skill_id_lookup_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."lookup_skills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobseeker_preferences" ADD CONSTRAINT "jobseeker_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobseeker_preferences" ADD CONSTRAINT "jobseeker_preferences_employment_type_id_lookup_job_types_id_fk" FOREIGN KEY ("employment_type_id") REFERENCES "public"."lookup_job_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobseeker_preferences" ADD CONSTRAINT "jobseeker_preferences_schedule_type_id_lookup_schedules_id_fk" FOREIGN KEY ("schedule_type_id") REFERENCES "public"."lookup_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobseeker_preferred_locations" ADD CONSTRAINT "jobseeker_preferred_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobseeker_education_user_idx" ON "jobseeker_education" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "jobseeker_experience_user_idx" ON "jobseeker_experience" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "jobseeker_preferred_locations_user_idx" ON "jobseeker_preferred_locations" USING btree ("user_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "lookup_skills_name_key" ON "lookup_skills" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_key" ON "stored_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_id","purpose");--> statement-breakpoint
CREATE INDEX "stored_files_company_idx" ON "stored_files" USING btree ("company_id","purpose");--> statement-breakpoint
CREATE INDEX "lookup_universities_name_idx" ON "lookup_universities" USING btree (lower("name"));