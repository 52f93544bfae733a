import { sql } from 'drizzle-orm';
import { jobPlace } from '../../src/lib/places.ts';
import type { JobPostStatus } from '../../src/contract/posting.ts';
import type { MetricJob } from '../../src/contract/metrics.ts';

/** A job's columns as the metrics queries select them (snake case, raw SQL). */
export interface MetricJobRow {
  id: string;
  title: string;
  status: 'Active' | 'Closed' | 'Deleted';
  valid_through: string | Date;
  city: string | null;
  state: string | null;
  location_type: 'onsite' | 'remote' | 'hybrid';
  is_remote: boolean;
  posted_at: string | Date;
}

/** The select list of a MetricJobRow from `job_posts j`. */
export const metricJobColumns = sql.raw(
  'j.id, j.title, j.status, j.valid_through, j.city, j.state, j.location_type, j.is_remote, j.posted_at',
);

/** The job a metrics row is about, as its staff's lists show it (an Active job past its last day reads as Expired). */
export function metricJobOf(r: MetricJobRow, now: Date): MetricJob {
  const expired = r.status === 'Active' && new Date(r.valid_through).getTime() <= now.getTime();
  const status: JobPostStatus = expired ? 'Expired' : r.status;
  return {
    id: r.id,
    title: r.title,
    status,
    place: jobPlace({
      type: r.location_type,
      isRemote: r.is_remote,
      location: r.city || r.state ? { city: r.city, state: r.state } : null,
    }),
    postingDate: new Date(r.posted_at).toISOString(),
  };
}
