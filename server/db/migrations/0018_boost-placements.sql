ALTER TABLE "job_posts" ADD COLUMN "boost_placements" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "job_posts_open_lifted_idx" ON "job_posts" USING btree ("posted_at","id") WHERE status = 'Active' and 'searchLift' = any(boost_placements);--> statement-breakpoint
-- The jobs boosted now get their running boost's placements (in the contract's order); a job
-- boosted without a boost (generated data) keeps what the flag gave it: the featured strip and
-- the badge.
UPDATE "job_posts" j SET "boost_placements" = coalesce(
  (SELECT array(
     SELECT p FROM unnest(t."placements") AS p
     ORDER BY array_position(ARRAY['featuredStrip', 'searchLift', 'badge', 'highlightedPin'], p))
   FROM "boost_subscriptions" s JOIN "boost_tiers" t ON t."id" = s."tier_id"
   WHERE s."job_post_id" = j."id" AND s."status" = 'active'),
  ARRAY['featuredStrip', 'badge'])
WHERE j."is_boosted";
