import { rangeDays, type MetricPeriod, type MetricPoint, type MetricTotals } from '../../src/contract/metrics.ts';
import { addTotals, zeroTotals } from './counts.ts';
import { canonicalZone, dateOfDayNumber, dayNumberOf, dayStart, dayStarts } from './days.ts';

/** A range of calendar days in a zone, and where the range of the same length just before it starts. */
export interface RangePair {
  timeZone: string;
  /** The range's first day (a day number). */
  first: number;
  days: number;
  /** The starts of the range's days and, last, its end (days + 1 instants, ms). */
  starts: readonly number[];
  /** The start of the previous range (its end is the range's start). */
  previousFrom: number;
  /** previousFrom, then the starts: the previous range as one bucket before the days. */
  withPrevious: readonly number[];
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
    const starts = dayStarts(timeZone, first, days);
    const previousFrom = dayStart(timeZone, first - days);
    pair = { timeZone, first, days, starts, previousFrom, withPrevious: [previousFrom, ...starts] };
    if (pairs.size >= PAIRS_KEPT) pairs.clear();
    pairs.set(key, pair);
  }
  return pair;
}

/** The range's own span [from, to) in ms. */
export const spanOf = (r: RangePair) => ({ from: r.starts[0]!, to: r.starts[r.days]! });

/** What job-metrics and employer-metrics answer about a range: its days' totals, and the previous range's. */
export function rangeAnswer(r: RangePair, days: readonly MetricTotals[], previousTotals: MetricTotals) {
  const points: MetricPoint[] = days.map((t, i) => ({ date: dateOfDayNumber(r.first + i), ...t }));
  const previous: MetricPeriod = {
    startDate: dateOfDayNumber(r.first - r.days),
    endDate: dateOfDayNumber(r.first - 1),
    totals: previousTotals,
  };
  return {
    startDate: dateOfDayNumber(r.first),
    endDate: dateOfDayNumber(r.first + r.days - 1),
    timeZone: r.timeZone,
    points,
    totals: days.reduce(addTotals, zeroTotals()),
    previous,
  };
}
