import type { BoostPlacement } from './billing.ts';

/**
 * The boost tiers on sale and their prices per length, in cents (USD), as migration
 * 0017_seed-boost-tiers.sql puts them in the tier table: the public pages show them without a
 * call (they are prerendered), and a server test holds this table and the database's to each
 * other, so a price change is made in both or fails the tests. The server charges from the
 * database, never from here.
 */
export interface TierOnSale {
  id: string;
  name: string;
  description: string;
  placements: readonly BoostPlacement[];
  prices: ReadonlyArray<{ lengthDays: number; priceCents: number }>;
}

export const BOOST_TIERS_ON_SALE: readonly TierOnSale[] = [
  {
    id: 'featured',
    name: 'Featured',
    description: 'Your job in the featured jobs near each job seeker, with a “Featured” badge.',
    placements: ['featuredStrip', 'badge'],
    prices: [
      { lengthDays: 7, priceCents: 3500 },
      { lengthDays: 14, priceCents: 6300 },
      { lengthDays: 30, priceCents: 12000 },
    ],
  },
  {
    id: 'spotlight',
    name: 'Spotlight',
    description: 'Featured, and a highlighted pin on the job map.',
    placements: ['featuredStrip', 'badge', 'highlightedPin'],
    prices: [
      { lengthDays: 7, priceCents: 7000 },
      { lengthDays: 14, priceCents: 12600 },
      { lengthDays: 30, priceCents: 24000 },
    ],
  },
  {
    id: 'premium',
    name: 'Premium',
    description: 'Everything in Spotlight, and first in search results.',
    placements: ['featuredStrip', 'badge', 'highlightedPin', 'searchLift'],
    prices: [
      { lengthDays: 7, priceCents: 10500 },
      { lengthDays: 14, priceCents: 18900 },
      { lengthDays: 30, priceCents: 36000 },
    ],
  },
];
