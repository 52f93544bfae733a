import { rangeDays, type MetricPeriod, type MetricPoint, type MetricTotals } from '../../src/contract/metrics.ts';
import { addTotals, zeroTotals } from './counts.ts';
import { canonicalZone, dateOfDayNumber, dayNumberOf, dayStarts } from './days.ts';

/**
 * A range of calendar days and the range of the same length just before it, read together: the
 * starts of the previous range's days, then of the range's, then the end (2 × days + 1 instants).
 */
export interface RangePair {
  timeZone: string;
  /** The range's first day (a day number). */
  first: number;
  days: number;
  starts: readonly number[];
}

// Ranges asked for lately: charts ask for the same ones again and again (kept whole, never changed).
const pairs = new Map<string, RangePair>();
const PAIRS_KEPT = 2000;

export function rangePair(q: { startDate: string; endDate: string; timeZone: string }): RangePair {
  const timeZone = canonicalZone(q.timeZone);
  const key = `${timeZone}|${q.startDate}|${q.endDate}`;
  let pair = pairs.get(key);
  if (!pair) {
    const first = dayNumberOf(q.startDate);
    const days = rangeDays(q.startDate, q.endDate);
    pair = { timeZone, first, days, starts: dayStarts(timeZone, first - days, 2 * days) };
    if (pairs.size >= PAIRS_KEPT) pairs.clear();
    pairs.set(key, pair);
  }
  return pair;
}

/** The range's own span [from, to) in ms. */
export const spanOf = (r: RangePair) => ({ from: r.starts[r.days]!, to: r.starts[2 * r.days]! });

/** What job-metrics and employer-metrics answer about a range, from the totals of each day of the pair. */
export function rangeAnswer(r: RangePair, buckets: readonly MetricTotals[]) {
  const points: MetricPoint[] = buckets.slice(r.days).map((t, i) => ({ date: dateOfDayNumber(r.first + i), ...t }));
  const totals = buckets.slice(r.days).reduce(addTotals, zeroTotals());
  const previous: MetricPeriod = {
    startDate: dateOfDayNumber(r.first - r.days),
    endDate: dateOfDayNumber(r.first - 1),
    totals: buckets.slice(0, r.days).reduce(addTotals, zeroTotals()),
  };
  return {
    startDate: dateOfDayNumber(r.first),
    endDate: dateOfDayNumber(r.first + r.days - 1),
    timeZone: r.timeZone,
    points,
    totals,
    previous,
  };
}
