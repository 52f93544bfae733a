CREATE TABLE "search_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"job_post_id" uuid,
	"company_id" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_changes_changed_idx" ON "search_changes" USING btree ("changed_at");--> statement-breakpoint
-- Every written job and company is noted for the search indexes, whichever code wrote it.
CREATE FUNCTION "search_changes_jobs"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_changes" ("job_post_id") SELECT "id" FROM "changed_rows";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "search_changes_companies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_changes" ("company_id") SELECT "id" FROM "changed_rows";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "job_posts_inserted_search" AFTER INSERT ON "job_posts" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_changes_jobs"();
--> statement-breakpoint
CREATE TRIGGER "job_posts_updated_search" AFTER UPDATE ON "job_posts" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_changes_jobs"();
--> statement-breakpoint
CREATE TRIGGER "job_posts_deleted_search" AFTER DELETE ON "job_posts" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_changes_jobs"();
--> statement-breakpoint
CREATE TRIGGER "companies_updated_search" AFTER UPDATE ON "companies" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_changes_companies"();
