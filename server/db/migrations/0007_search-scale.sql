DROP INDEX "job_posts_open_geo_idx";--> statement-breakpoint
DROP INDEX "job_posts_open_remote_idx";--> statement-breakpoint
CREATE INDEX "job_posts_open_posted_idx" ON "job_posts" USING btree ("posted_at") WHERE status = 'Active';--> statement-breakpoint
CREATE INDEX "job_posts_open_geo_idx" ON "job_posts" USING btree ("latitude","longitude","posted_at","valid_through","company_id","is_remote","id") WHERE status = 'Active';--> statement-breakpoint
CREATE INDEX "job_posts_open_remote_idx" ON "job_posts" USING btree ("posted_at","valid_through","company_id","id") WHERE status = 'Active' and is_remote;