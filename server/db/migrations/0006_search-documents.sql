CREATE INDEX "job_posts_open_remote_idx" ON "job_posts" USING btree ("posted_at") WHERE status = 'Active' and is_remote;--> statement-breakpoint
-- Jobs published before keyword search wrote their search document get one: the title (A), the
-- company's name as seekers see it and the skills' names (B), the description as plain text (C).
UPDATE "job_posts" SET "search_document" =
  setweight(to_tsvector('english'::regconfig, "job_posts"."title"), 'A')
  || setweight(to_tsvector('english'::regconfig,
       coalesce((SELECT coalesce(nullif(btrim("companies"."display_name"), ''), "companies"."name") FROM "companies" WHERE "companies"."id" = "job_posts"."company_id"), '')
       || ' ' ||
       coalesce((SELECT string_agg("lookup_skills"."name", ' ') FROM "lookup_skills" WHERE "lookup_skills"."id" = any("job_posts"."skill_ids")), '')), 'B')
  || setweight(to_tsvector('english'::regconfig,
       replace(replace(replace(replace(replace(replace(regexp_replace(regexp_replace("job_posts"."description_html", '<[[:space:]]*(br|/p|/li|/ul|/ol)[[:space:]]*/?>', chr(10), 'gi'), '<[^>]*>', '', 'g'), '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')), 'C')
WHERE "search_document" IS NULL;
