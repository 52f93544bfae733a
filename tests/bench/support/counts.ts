import type { Db } from '../../../server/db/client.ts';
import { createCounters } from '../../../server/platform/counters.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * About ten views a job, spread unevenly over the jobs ((i × 7) mod 21 each) and over their last
 * days (one a day going back), written as the app counts them: into the hourly record and its
 * company and daily sums. Answers how many.
 */
export async function writeViews(db: Db, jobIds: string[]): Promise<number> {
  let at = new Date();
  const counters = createCounters(db, { now: () => at, log: console });
  const now = Date.now();
  let views = 0;
  for (const [i, jobPostId] of jobIds.entries()) {
    for (let d = 0; d < (i * 7) % 21; d++) {
      at = new Date(now - d * DAY);
      counters.add([jobPostId], 'view');
      views++;
    }
  }
  await counters.flush();
  return views;
}
