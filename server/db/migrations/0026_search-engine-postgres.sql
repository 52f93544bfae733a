-- The PostgreSQL search engine (docs/decisions/0008-search-engines.md): a slim copy of the findable
-- jobs kept by triggers, nearest first from a GiST index of points on the earth, and the map's
-- counts per grid cell. cube is a trusted extension (PostgreSQL 13+) in contrib, so the database's
-- owner may create it; PGlite loads it (server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
-- A place as a point in space, miles from the earth's centre on a sphere of EARTH_RADIUS_MILES
-- (src/lib/geo.ts): the straight line between two points orders places as the great circle does,
-- and the GiST index of cubes finds the nearest first.
CREATE FUNCTION "job_search_point"("lat" float8, "lng" float8) RETURNS cube LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT cube(ARRAY[
    3958.7613 * cos(radians("lat")) * cos(radians("lng")),
    3958.7613 * cos(radians("lat")) * sin(radians("lng")),
    3958.7613 * sin(radians("lat"))])
$$;--> statement-breakpoint
CREATE TABLE "job_search" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"is_remote" boolean NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"earth" "cube",
	"posted_at" timestamp with time zone NOT NULL,
	"valid_through" timestamp with time zone NOT NULL,
	"search_document" "tsvector",
	"job_type_ids" integer[] NOT NULL,
	"schedule_ids" integer[] NOT NULL,
	"skill_ids" integer[] NOT NULL,
	"work_schedule" smallint,
	"yearly_pay" numeric,
	"min_experience" smallint,
	"open_to_minors" boolean NOT NULL,
	"boost_placements" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_search_cell_changes" (
	"zoom" smallint NOT NULL,
	"cell_row" integer NOT NULL,
	"cell_col" integer NOT NULL,
	"jobs" integer NOT NULL,
	"latitude_sum" double precision NOT NULL,
	"longitude_sum" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_search_cells" (
	"zoom" smallint NOT NULL,
	"cell_row" integer NOT NULL,
	"cell_col" integer NOT NULL,
	"jobs" integer NOT NULL,
	"latitude_sum" double precision NOT NULL,
	"longitude_sum" double precision NOT NULL,
	CONSTRAINT "job_search_cells_zoom_cell_row_cell_col_pk" PRIMARY KEY("zoom","cell_row","cell_col")
);
--> statement-breakpoint
CREATE INDEX "job_search_point_idx" ON "job_search" USING gist (point("longitude", "latitude"));--> statement-breakpoint
CREATE INDEX "job_search_remote_point_idx" ON "job_search" USING gist (point("longitude", "latitude")) WHERE is_remote;--> statement-breakpoint
CREATE INDEX "job_search_document_idx" ON "job_search" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "job_search_remote_document_idx" ON "job_search" USING gin ("search_document") WHERE is_remote;--> statement-breakpoint
CREATE INDEX "job_search_posted_idx" ON "job_search" USING btree ("posted_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "job_search_remote_posted_idx" ON "job_search" USING btree ("posted_at" DESC NULLS FIRST,"id") WHERE is_remote;--> statement-breakpoint
CREATE INDEX "job_search_pay_idx" ON "job_search" USING btree ("yearly_pay" desc nulls last,"id");--> statement-breakpoint
CREATE INDEX "job_search_valid_idx" ON "job_search" USING btree ("valid_through");--> statement-breakpoint
CREATE INDEX "job_search_lifted_idx" ON "job_search" USING btree ("is_remote","posted_at" DESC NULLS FIRST,"id") WHERE 'searchLift' = any(boost_placements);--> statement-breakpoint
CREATE INDEX "job_search_cell_changes_cell_idx" ON "job_search_cell_changes" USING btree ("zoom","cell_row","cell_col");--> statement-breakpoint
-- Nearest first and the circle's box, with what a place's search, its filters and its count read
-- beside each point, so they are answered from the index alone (an index-only scan) instead of a
-- heap page a job.
CREATE INDEX "job_search_earth_idx" ON "job_search" USING gist ("earth") INCLUDE ("id", "latitude", "longitude", "posted_at", "valid_through", "is_remote", "yearly_pay", "job_type_ids", "schedule_ids", "skill_ids", "work_schedule", "min_experience", "open_to_minors", "boost_placements")--> statement-breakpoint
-- A positioned job's grid cells at zooms 3, 5, 7 and 9 (PLACE_TOKEN_ZOOMS of
-- server/jobs/search-postgres.ts) as lexemes without positions, ' p{zoom}r{row}c{col}': the leading
-- space keeps any keyword from ever matching them, and ranking ignores them.
CREATE FUNCTION "job_search_place_tokens"("lat" float8, "lng" float8) RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT array_to_tsvector(array_agg(' p' || z || 'r' ||
    least((2 << z) - 1, greatest(0, floor(("lat" + 90) / (90::float8 / (1 << z)))::int)) || 'c' ||
    least((4 << z) - 1, greatest(0, floor(((CASE WHEN "lng" >= 180 THEN "lng" - 360 ELSE "lng" END) + 180) / (90::float8 / (1 << z)))::int))))
  FROM unnest(ARRAY[3, 5, 7, 9]) z
$$;--> statement-breakpoint
-- A findable job as job_search holds it: Active, of an active company that is not blacklisted. The
-- yearly pay is yearlyTopPayOf of server/db/schema.ts; the search document carries the place's tokens.
CREATE VIEW "job_search_rows" AS
SELECT j."id", j."company_id", j."is_remote", j."latitude", j."longitude",
  CASE WHEN j."latitude" IS NOT NULL AND j."longitude" IS NOT NULL THEN job_search_point(j."latitude", j."longitude") END AS "earth",
  j."posted_at", j."valid_through",
  coalesce(j."search_document", ''::tsvector) || CASE WHEN j."latitude" IS NOT NULL AND j."longitude" IS NOT NULL THEN job_search_place_tokens(j."latitude", j."longitude") ELSE ''::tsvector END AS "search_document",
  j."job_type_ids", j."schedule_ids", j."skill_ids",
  j."work_schedule",
  greatest(j."min_pay", j."max_pay") * CASE j."pay_rate" WHEN 'Hourly' THEN 2080 WHEN 'Daily' THEN 260 WHEN 'Weekly' THEN 52 WHEN 'Monthly' THEN 12 WHEN 'Yearly' THEN 1 END AS "yearly_pay",
  j."min_experience", j."open_to_minors", j."boost_placements"
FROM "job_posts" j JOIN "companies" c ON c."id" = j."company_id"
WHERE j."status" = 'Active' AND c."active" AND NOT c."blacklisted";--> statement-breakpoint
-- Written jobs: put in, brought up to date (only where something search reads changed), or taken out.
CREATE FUNCTION "job_search_jobs_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "job_search" s USING "changed_rows" c
  WHERE s."id" = c."id" AND NOT EXISTS (SELECT 1 FROM "job_search_rows" r WHERE r."id" = c."id");
  INSERT INTO "job_search" SELECT r.* FROM "job_search_rows" r JOIN "changed_rows" c ON c."id" = r."id"
  ON CONFLICT ("id") DO UPDATE SET
    "company_id" = excluded."company_id", "is_remote" = excluded."is_remote", "latitude" = excluded."latitude",
    "longitude" = excluded."longitude", "earth" = excluded."earth", "posted_at" = excluded."posted_at",
    "valid_through" = excluded."valid_through", "search_document" = excluded."search_document",
    "job_type_ids" = excluded."job_type_ids", "schedule_ids" = excluded."schedule_ids", "skill_ids" = excluded."skill_ids",
    "work_schedule" = excluded."work_schedule", "yearly_pay" = excluded."yearly_pay",
    "min_experience" = excluded."min_experience", "open_to_minors" = excluded."open_to_minors",
    "boost_placements" = excluded."boost_placements"
  WHERE "job_search" IS DISTINCT FROM excluded;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "job_search_jobs_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "job_search" s USING "changed_rows" c WHERE s."id" = c."id";
  RETURN NULL;
END $$;--> statement-breakpoint
-- A company deactivated or blacklisted takes its jobs out; back in good standing, puts them in.
CREATE FUNCTION "job_search_companies_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "job_search" s USING "new_rows" c
  WHERE s."company_id" = c."id" AND NOT (c."active" AND NOT c."blacklisted");
  INSERT INTO "job_search" SELECT r.* FROM "job_search_rows" r
    JOIN "new_rows" c ON c."id" = r."company_id" JOIN "old_rows" o ON o."id" = c."id"
  WHERE NOT (o."active" AND NOT o."blacklisted")
  ON CONFLICT ("id") DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "job_posts_inserted_job_search" AFTER INSERT ON "job_posts" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_search_jobs_written"();--> statement-breakpoint
CREATE TRIGGER "job_posts_updated_job_search" AFTER UPDATE ON "job_posts" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_search_jobs_written"();--> statement-breakpoint
CREATE TRIGGER "job_posts_deleted_job_search" AFTER DELETE ON "job_posts" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_search_jobs_deleted"();--> statement-breakpoint
CREATE TRIGGER "companies_updated_job_search" AFTER UPDATE ON "companies" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_search_companies_written"();--> statement-breakpoint
-- The map's counts: each positioned job added to (or taken from) its cell at every zoom up to 14
-- (CELL_COUNT_MAX_ZOOM of server/jobs/search-postgres.ts), the cell as cellOf of src/lib/map-grid.ts
-- computes it: side 90 / 2^zoom degrees, rows 2^(zoom+1), columns 2^(zoom+2). Noted as a change,
-- appended, so writers never wait on a shared count; a timer folds the changes in.
CREATE FUNCTION "job_search_cells_add"("latitudes" float8[], "longitudes" float8[], "sign" int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "job_search_cell_changes" ("zoom", "cell_row", "cell_col", "jobs", "latitude_sum", "longitude_sum")
  SELECT z,
    least((2 << z) - 1, greatest(0, floor((p."lat" + 90) / (90::float8 / (1 << z)))::int)) AS "r",
    least((4 << z) - 1, greatest(0, floor(((CASE WHEN p."lng" >= 180 THEN p."lng" - 360 ELSE p."lng" END) + 180) / (90::float8 / (1 << z)))::int)) AS "c",
    "sign" * count(*), "sign" * sum(p."lat"), "sign" * sum(p."lng")
  FROM unnest("latitudes", "longitudes") AS p("lat", "lng"), generate_series(1, 14) z
  GROUP BY z, "r", "c";
$$;--> statement-breakpoint
CREATE FUNCTION "job_search_cells_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE "lats" float8[]; "lngs" float8[];
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT array_agg(o."latitude"), array_agg(o."longitude") INTO "lats", "lngs" FROM "old_rows" o WHERE o."earth" IS NOT NULL;
    IF "lats" IS NOT NULL THEN PERFORM "job_search_cells_add"("lats", "lngs", -1); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT array_agg(n."latitude"), array_agg(n."longitude") INTO "lats", "lngs" FROM "new_rows" n WHERE n."earth" IS NOT NULL;
    IF "lats" IS NOT NULL THEN PERFORM "job_search_cells_add"("lats", "lngs", 1); END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "job_search_inserted_cells" AFTER INSERT ON "job_search" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_search_cells_counted"();--> statement-breakpoint
CREATE TRIGGER "job_search_updated_cells" AFTER UPDATE ON "job_search" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_search_cells_counted"();--> statement-breakpoint
CREATE TRIGGER "job_search_deleted_cells" AFTER DELETE ON "job_search" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_search_cells_counted"();--> statement-breakpoint
-- The jobs already there, and their counts folded in at once.
INSERT INTO "job_search" SELECT * FROM "job_search_rows";--> statement-breakpoint
INSERT INTO "job_search_cells" SELECT "zoom", "cell_row", "cell_col", sum("jobs"), sum("latitude_sum"), sum("longitude_sum")
FROM "job_search_cell_changes" GROUP BY "zoom", "cell_row", "cell_col";--> statement-breakpoint
DELETE FROM "job_search_cell_changes";
