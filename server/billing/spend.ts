import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/sql.ts';

/** What a job's boosts cost over a span of time, and the tier of the latest period in it. */
export interface BoostSpend {
  spentCents: number;
  tierName: string;
}

/**
 * What the company's boosts of the job cost over [from, to): each paid period's amount spread
 * evenly over its length, the part inside the span counted (a 7-day period of $70 that has 3 days
 * in the span counts $30). Null when no paid period of the job overlaps the span. The tier is the
 * one of the boost whose period is the latest in the span.
 */
export async function boostSpendOf(db: Db, q: { companyId: string; jobPostId: string; from: Date; to: Date }): Promise<BoostSpend | null> {
  // From the company's boosts (an indexed handful) to their invoices by (subscription, period start).
  const rows = rowsOf<{ cents: number; start: string | Date; end: string | Date; tier: string }>(
    await db.execute(sql`
      select i.total_cents as cents, i.period_start as start, i.period_end as end, t.name as tier
      from boost_subscriptions s
      join invoices i on i.subscription_id = s.id and i.status = 'paid'
      join boost_tiers t on t.id = s.tier_id
      where s.company_id = ${q.companyId} and s.job_post_id = ${q.jobPostId}
        and i.period_start < ${q.to.toISOString()}::timestamptz and i.period_end > ${q.from.toISOString()}::timestamptz
      order by i.period_start`),
  );
  if (rows.length === 0) return null;
  let spent = 0;
  for (const r of rows) {
    const start = new Date(r.start).getTime();
    const end = new Date(r.end).getTime();
    if (end <= start) continue;
    const inside = Math.min(end, q.to.getTime()) - Math.max(start, q.from.getTime());
    spent += (r.cents * inside) / (end - start);
  }
  return { spentCents: Math.round(spent), tierName: rows[rows.length - 1]!.tier };
}
