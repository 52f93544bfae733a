import { and, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobPosts } from '../db/schema.ts';
import { uuidIn } from '../db/sql.ts';
import { boostPlacements, type BoostPlacement } from '../../src/contract/billing.ts';

/**
 * Sets where jobs' boosts show them: the placements of their boost's tier while a period is paid
 * (billing's boosts, at the start, each renewal and a change of tier), none when a boost pauses or
 * ends. `is_boosted` follows: a job with any placement is boosted. The placements are kept in the
 * contract's order, and only rows whose placements change are written; each write is noted by the
 * job posts' triggers (migration 0012), so every process's search index, the featured strip, the
 * badge, the search lift and the map's pins see it with their next search. Takes the caller's
 * transaction, so the placements commit with the boost.
 */
export async function setJobsBoosted(db: Db, jobPostIds: readonly string[], placements: readonly BoostPlacement[]): Promise<void> {
  if (jobPostIds.length === 0) return;
  const ordered = boostPlacements.filter((p) => placements.includes(p));
  const boosted = ordered.length > 0;
  const list = sql`${`{${ordered.join(',')}}`}::text[]`;
  await db
    .update(jobPosts)
    .set({ isBoosted: boosted, boostPlacements: ordered })
    .where(and(uuidIn(jobPosts.id, jobPostIds), or(sql`${jobPosts.isBoosted} <> ${boosted}`, sql`${jobPosts.boostPlacements} <> ${list}`)));
}
