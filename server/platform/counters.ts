import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** What is counted per job and hour. */
export type CountKind = 'impression';

/** How often each process adds what it counted to the table. */
export const COUNTER_FLUSH_EVERY_MS = 5_000;

const HOUR_MS = 60 * 60 * 1000;

/** Rows written by one statement at most (each row takes four parameters). */
const ROWS_PER_STATEMENT = 1000;

/**
 * Events counted per job and UTC hour (DESIGN §8 Counting): `add` only adds in memory, on the hot
 * path; every few seconds, and when the app closes, each process adds its sums to
 * `job_counts_hourly` with an upsert that adds (so any number of processes count into the same
 * rows). A flush that fails keeps its counts for the next one.
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

  const write = async (batch: Map<string, number>) => {
    const rows = [...batch].map(([key, count]) => {
      const [hour, jobPostId, kind] = key.split('|') as [string, string, CountKind];
      return { hour: new Date(Number(hour)), jobPostId, kind, count };
    });
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const slice = rows.slice(i, i + ROWS_PER_STATEMENT);
      const values = sql.join(
        slice.map((r) => sql`(${r.jobPostId}::uuid, ${r.hour.toISOString()}::timestamptz, ${r.kind}, ${r.count}::int)`),
        sql`, `,
      );
      await db.execute(sql`
        insert into job_counts_hourly (job_post_id, hour, kind, count) values ${values}
        on conflict (job_post_id, kind, hour) do update set count = job_counts_hourly.count + excluded.count`);
    }
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
