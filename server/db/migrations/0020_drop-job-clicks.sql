-- Views and application starts are counted per hour now (job_counts_hourly); 0019 carried these rows over.
DROP TABLE "job_clicks" CASCADE;
