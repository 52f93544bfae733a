-- The counts are read by ranges of one job or one company (the metrics charts and rankings). Their
-- rows are written hour after hour for every job at once, so one job's year lies on thousands of
-- scattered pages: the primary keys carry the count (INCLUDE), and a chart reads the index alone
-- (about 100 pages for a job's two years of hours instead of about 6,000).
ALTER TABLE "job_counts_hourly" DROP CONSTRAINT "job_counts_hourly_job_post_id_kind_hour_pk";--> statement-breakpoint
ALTER TABLE "job_counts_hourly" ADD CONSTRAINT "job_counts_hourly_job_post_id_kind_hour_pk" PRIMARY KEY ("job_post_id", "kind", "hour") INCLUDE ("count");--> statement-breakpoint
ALTER TABLE "company_counts_hourly" DROP CONSTRAINT "company_counts_hourly_company_id_kind_hour_pk";--> statement-breakpoint
ALTER TABLE "company_counts_hourly" ADD CONSTRAINT "company_counts_hourly_company_id_kind_hour_pk" PRIMARY KEY ("company_id", "kind", "hour") INCLUDE ("count");--> statement-breakpoint
ALTER TABLE "job_counts_daily" DROP CONSTRAINT "job_counts_daily_job_post_id_kind_day_pk";--> statement-breakpoint
ALTER TABLE "job_counts_daily" ADD CONSTRAINT "job_counts_daily_job_post_id_kind_day_pk" PRIMARY KEY ("job_post_id", "kind", "day") INCLUDE ("count");
