import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { countKinds } from '../db/schema.ts';

/** What is counted per job and hour. */
export type CountKind = (typeof countKinds)[number];

/** How often each process adds what it counted to the table. */
export const COUNTER_FLUSH_EVERY_MS = 5_000;

const HOUR_MS = 60 * 60 * 1000;

/**
 * Events counted per job and UTC hour (DESIGN §8 Counting): `add` only adds in memory, on the hot
 * path; every few seconds, and when the app closes, each process adds its sums to
 * `job_counts_hourly` and to its two sums, `company_counts_hourly` and `job_counts_daily`, in one
 * transaction, with upserts that add (so any number of processes count into the same rows, and the
 * three tables always agree). A flush that fails keeps its counts for the next one.
 */
export interface Counters {
  add(jobPostIds: Iterable<string>, kind: CountKind, by?: number): void;
  /** Writes what was counted so far; resolves when it is in the table. */
  flush(): Promise<void>;
  /** Flushes every COUNTER_FLUSH_EVERY_MS until stopped; the timer never keeps the process alive. */
  start(): void;
  /** Stops the timer and flushes what is left. */
  stop(): Promise<void>;
}

export function createCounters(
  db: Db,
  options: { now: () => Date; log: { error(obj: unknown, msg: string): void }; everyMs?: number },
): Counters {
  /** `${hourMs}|${jobPostId}|${kind}` → count. */
  let pending = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;

  // The batch travels as four arrays (four parameters, whatever its size); the job's company is
  // looked up in the same statement. A job that is not in job_posts is kept in the hourly record only.
  const write = async (batch: Map<string, number>) => {
    const jobs: string[] = [];
    const hours: string[] = [];
    const kinds: string[] = [];
    const counts: number[] = [];
    // Every process writes its rows in one order (job, kind, hour): two flushes upserting the same rows
    // at once then wait for each other instead of deadlocking.
    const rows = [...batch]
      .map(([key, count]) => {
        const [hour, jobPostId, kind] = key.split('|') as [string, string, CountKind];
        // Hours are milliseconds of one length (13 digits until 2286), so the text sorts as the numbers do.
        return { order: `${jobPostId}|${kind}|${hour}`, hour, jobPostId, kind, count };
      })
      .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
    for (const { hour, jobPostId, kind, count } of rows) {
      jobs.push(jobPostId);
      hours.push(new Date(Number(hour)).toISOString());
      kinds.push(kind);
      counts.push(count);
    }
    // Array literals as text (ids, ISO times, kinds and numbers hold no comma or quote): one form both drivers send alike.
    const list = (values: Array<string | number>) => `{${values.join(',')}}`;
    const batchRows = sql`select * from unnest(${list(jobs)}::uuid[], ${list(hours)}::timestamptz[], ${list(kinds)}::text[], ${list(counts)}::int[]) as b(job_post_id, hour, kind, count)`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into job_counts_hourly (job_post_id, hour, kind, count) ${batchRows}
        on conflict (job_post_id, kind, hour) do update set count = job_counts_hourly.count + excluded.count`);
      await tx.execute(sql`
        insert into company_counts_hourly (company_id, hour, kind, count)
        select j.company_id, b.hour, b.kind, sum(b.count)::int from (${batchRows}) b join job_posts j on j.id = b.job_post_id
        group by 1, 2, 3 order by 1, 3, 2
        on conflict (company_id, kind, hour) do update set count = company_counts_hourly.count + excluded.count`);
      await tx.execute(sql`
        insert into job_counts_daily (job_post_id, company_id, day, kind, count)
        select b.job_post_id, j.company_id, (b.hour at time zone 'UTC')::date, b.kind, sum(b.count)::int
        from (${batchRows}) b join job_posts j on j.id = b.job_post_id
        group by 1, 2, 3, 4 order by 1, 4, 3
        on conflict (job_post_id, kind, day) do update set count = job_counts_daily.count + excluded.count`);
    });
  };

  const flushOnce = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await write(batch);
    } catch (err) {
      // Kept for the next flush: a count is never lost to a passing database error.
      for (const [key, count] of batch) pending.set(key, (pending.get(key) ?? 0) + count);
      throw err;
    }
  };

  const flush = () => {
    // One flush at a time, in order: each waits for the one before it.
    flushing = flushing.catch(() => {}).then(flushOnce);
    return flushing;
  };

  return {
    add(jobPostIds, kind, by = 1) {
      const hour = Math.floor(options.now().getTime() / HOUR_MS) * HOUR_MS;
      for (const id of jobPostIds) {
        const key = `${hour}|${id}|${kind}`;
        pending.set(key, (pending.get(key) ?? 0) + by);
      }
    },
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        flush().catch((err: unknown) => options.log.error({ err }, 'counts were not written; kept for the next try'));
      }, options.everyMs ?? COUNTER_FLUSH_EVERY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush().catch((err: unknown) => options.log.error({ err }, 'counts were not written at close'));
    },
  };
}

/**
 * Before a read that shows counts right after what counted them (a job's views in its staff's list,
 * job-details): what this process counted is written first. Other processes' counts follow within
 * COUNTER_FLUSH_EVERY_MS. A failed write is logged, kept for the next flush, and the read goes on.
 */
export async function flushBeforeReading(ctx: { counters: Counters; log: { warn(obj: unknown, msg: string): void } }): Promise<void> {
  await ctx.counters.flush().catch((err: unknown) => ctx.log.warn({ err }, 'counts were not written before a read; kept for the next try'));
}
