CREATE TABLE "company_counts_hourly" (
	"company_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "company_counts_hourly_company_id_kind_hour_pk" PRIMARY KEY("company_id","kind","hour")
);
--> statement-breakpoint
CREATE TABLE "job_counts_daily" (
	"job_post_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "job_counts_daily_job_post_id_kind_day_pk" PRIMARY KEY("job_post_id","kind","day")
);
--> statement-breakpoint
CREATE INDEX "job_counts_daily_company_idx" ON "job_counts_daily" USING btree ("company_id","kind","day","job_post_id","count");--> statement-breakpoint
-- What was recorded before counting moved to hourly counters becomes counts: views and application
-- starts (job_clicks), applications and conversations, each in the UTC hour it happened.
INSERT INTO "job_counts_hourly" ("job_post_id", "hour", "kind", "count")
SELECT "job_post_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
       CASE "kind" WHEN 'apply-start' THEN 'apply_start' ELSE 'view' END, count(*)::int
FROM "job_clicks" GROUP BY 1, 2, 3
ON CONFLICT ("job_post_id", "kind", "hour") DO UPDATE SET "count" = "job_counts_hourly"."count" + excluded."count";
--> statement-breakpoint
INSERT INTO "job_counts_hourly" ("job_post_id", "hour", "kind", "count")
SELECT "job_post_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 'application', count(*)::int
FROM "applications" GROUP BY 1, 2
ON CONFLICT ("job_post_id", "kind", "hour") DO UPDATE SET "count" = "job_counts_hourly"."count" + excluded."count";
--> statement-breakpoint
INSERT INTO "job_counts_hourly" ("job_post_id", "hour", "kind", "count")
SELECT "job_post_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 'message', count(*)::int
FROM "channels" GROUP BY 1, 2
ON CONFLICT ("job_post_id", "kind", "hour") DO UPDATE SET "count" = "job_counts_hourly"."count" + excluded."count";
--> statement-breakpoint
INSERT INTO "company_counts_hourly" ("company_id", "hour", "kind", "count")
SELECT j."company_id", c."hour", c."kind", sum(c."count")::int
FROM "job_counts_hourly" c JOIN "job_posts" j ON j."id" = c."job_post_id" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "job_counts_daily" ("job_post_id", "company_id", "day", "kind", "count")
SELECT c."job_post_id", j."company_id", (c."hour" AT TIME ZONE 'UTC')::date, c."kind", sum(c."count")::int
FROM "job_counts_hourly" c JOIN "job_posts" j ON j."id" = c."job_post_id" GROUP BY 1, 2, 3, 4;
