import { and, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobPosts } from '../db/schema.ts';
import { uuidIn } from '../db/sql.ts';

/**
 * Marks jobs boosted or not (billing's boosts turn it on while a period is paid, and off when a
 * boost pauses or ends). Only rows whose flag changes are written, and each write is noted by the
 * job posts' triggers (migration 0012), so every process's search index and the featured strip see
 * it with their next search. Takes the caller's transaction, so the flag commits with the boost.
 */
export async function setJobsBoosted(db: Db, jobPostIds: readonly string[], boosted: boolean): Promise<void> {
  if (jobPostIds.length === 0) return;
  await db
    .update(jobPosts)
    .set({ isBoosted: boosted })
    .where(and(uuidIn(jobPosts.id, jobPostIds), ne(jobPosts.isBoosted, sql`${boosted}`)));
}
