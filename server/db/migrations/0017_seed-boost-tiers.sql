-- Boost tiers on sale (rules kept as data): where a boosted job shows, and its price per length in
-- cents (USD). Longer lengths cost less a day: the discount is against the 7-day price times the
-- weeks (14 days 10% off, 30 days 20% off). A price change is a new migration; boosts already
-- bought keep the price they were bought at until a change of tier or length.
INSERT INTO "boost_tiers" ("id", "name", "description", "placements", "position") VALUES
  ('featured', 'Featured', 'Your job in the featured jobs near each job seeker, with a “Featured” badge.', ARRAY['featuredStrip', 'badge'], 1),
  ('spotlight', 'Spotlight', 'Featured, and a highlighted pin on the job map.', ARRAY['featuredStrip', 'badge', 'highlightedPin'], 2),
  ('premium', 'Premium', 'Everything in Spotlight, and first in search results.', ARRAY['featuredStrip', 'badge', 'highlightedPin', 'searchLift'], 3);
--> statement-breakpoint
INSERT INTO "boost_tier_prices" ("tier_id", "length_days", "price_cents") VALUES
  ('featured', 7, 3500), ('featured', 14, 6300), ('featured', 30, 12000),
  ('spotlight', 7, 7000), ('spotlight', 14, 12600), ('spotlight', 30, 24000),
  ('premium', 7, 10500), ('premium', 14, 18900), ('premium', 30, 36000);
