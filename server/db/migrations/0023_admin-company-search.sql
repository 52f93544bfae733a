-- Trigrams find a part of a name or an email in an index (the back office's company search). A trusted
-- extension (PostgreSQL 13+): the database's owner may create it; PGlite loads it (server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "applications_created_idx" ON "applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "companies_created_idx" ON "companies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "companies_sort_name_idx" ON "companies" USING btree (lower(coalesce("display_name", "name")),"id");--> statement-breakpoint
CREATE INDEX "companies_blacklisted_idx" ON "companies" USING btree ("created_at","id") WHERE blacklisted;--> statement-breakpoint
CREATE INDEX "companies_awaiting_idx" ON "companies" USING btree ("created_at","id") WHERE verified_at is null and not blacklisted;--> statement-breakpoint
CREATE INDEX "companies_inactive_idx" ON "companies" USING btree ("created_at","id") WHERE not active and not blacklisted;--> statement-breakpoint
CREATE INDEX "companies_tin_last_four_idx" ON "companies" USING btree (right("tin", 4));--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_display_name_trgm_idx" ON "companies" USING gin (lower("display_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_posts_posted_idx" ON "job_posts" USING btree ("posted_at");--> statement-breakpoint
CREATE INDEX "job_posts_created_by_idx" ON "job_posts" USING btree ("created_by","posted_at");--> statement-breakpoint
CREATE INDEX "users_staff_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WHERE company_id is not null;--> statement-breakpoint
CREATE INDEX "users_seekers_created_idx" ON "users" USING btree ("created_at") WHERE role = 'JobSeeker';