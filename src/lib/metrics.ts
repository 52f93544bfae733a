import { METRIC_NAMES, type MetricMeasure, type MetricPoint, type MetricTotals } from '../contract/metrics.ts';
import { formatDisplayDate } from './dates.ts';

/** The funnel of a job, first step to last (impressions → views → application starts → applications). */
export const funnelMeasures = ['impressions', 'clicks', 'applicationStarts', 'applications'] as const satisfies readonly MetricMeasure[];

/** How a measure is counted in a sentence: "12 views", "1 application start". */
const nouns: Record<MetricMeasure, [string, string]> = {
  impressions: ['impression', 'impressions'],
  clicks: ['view', 'views'],
  applicationStarts: ['application start', 'application starts'],
  applications: ['application', 'applications'],
  messagesStarted: ['message started', 'messages started'],
};

const whole = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

export const formatCount = (n: number) => whole.format(n);
export const countOf = (measure: MetricMeasure, n: number) => `${whole.format(n)} ${nouns[measure][n === 1 ? 0 : 1]}`;

/** The share `part` is of `whole`, or null when there is nothing to take a share of. */
export function rateOf(part: number, of: number): number | null {
  return of > 0 ? part / of : null;
}
export const formatRate = (rate: number | null) => (rate === null ? '—' : percent.format(rate));

/** "the previous 7 days", "the previous day". */
export const previousDays = (days: number) => (days === 1 ? 'the previous day' : `the previous ${whole.format(days)} days`);

/** A total beside the same total of the range before: "up 12% on the previous 7 days". */
export function comparisonText(now: number, before: number, days: number): string {
  const then = previousDays(days);
  if (now === before) return `the same as ${then}`;
  if (before === 0) return `none in ${then}`;
  const change = Math.abs(now - before) / before;
  // Rounded to whole percent, but a change is never shown as 0%.
  const shown = Math.max(1, Math.round(change * 100));
  return `${now > before ? 'up' : 'down'} ${whole.format(shown)}% on ${then}`;
}

export interface FunnelStep {
  measure: MetricMeasure;
  name: string;
  count: number;
  /** The share of the step before that went on to this one (null for the first step or after a 0). */
  rate: number | null;
  /** The share of the first step, for the bar's length. */
  ofFirst: number;
}

export function funnelOf(totals: MetricTotals): FunnelStep[] {
  const first = totals[funnelMeasures[0]];
  return funnelMeasures.map((measure, i) => ({
    measure,
    name: METRIC_NAMES[measure],
    count: totals[measure],
    rate: i === 0 ? null : rateOf(totals[measure], totals[funnelMeasures[i - 1]!]),
    ofFirst: first > 0 ? Math.min(1, totals[measure] / first) : 0,
  }));
}

export const isEmptyTotals = (totals: MetricTotals) => Object.values(totals).every((n) => n === 0);

/** A chart's days as a table: the date as the pages show it (MM-DD-YYYY), then a column per measure. */
export function metricsTable(points: readonly MetricPoint[], measures: readonly MetricMeasure[]) {
  return {
    header: ['Date', ...measures.map((m) => METRIC_NAMES[m])],
    rows: points.map((p) => [formatDisplayDate(p.date), ...measures.map((m) => p[m])] as [string, ...number[]]),
  };
}
