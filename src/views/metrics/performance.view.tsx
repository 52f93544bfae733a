import { useActorRef, useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { MetricsMessages, TREND_NAMES, Trend, type PerformanceRow, type TrendValue } from '../../contract/metrics.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { formatCount } from '../../lib/metrics.ts';
import { performanceMachine, selectErrors, selectIsToday, selectPageCount } from '../../machines/metrics/performance.machine.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { PageSteps } from '../ui/page-steps.tsx';
import { MetricJobStatus, MetricsEmpty, MetricsFailed } from './metrics-parts.tsx';
import { COMPANY_METRICS_PATH, jobDashboardPath } from './paths.ts';

type Logic = typeof performanceMachine;

export interface PerformancePageProps {
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
  /** YYYY-MM-DD; the browser's today when left out. */
  today?: string;
}

/** A trend as an arrow with its name, so it reads without colour too. */
const trendStyle: Record<TrendValue, { symbol: string; className: string }> = {
  [Trend.None]: { symbol: '–', className: 'text-muted' },
  [Trend.Up]: { symbol: '▲', className: 'text-brand-700 dark:text-brand-300' },
  [Trend.Down]: { symbol: '▼', className: 'text-danger' },
  [Trend.Same]: { symbol: '▶', className: 'text-ink' },
};

export function TrendMark({ trend }: { trend: TrendValue }) {
  const { symbol, className } = trendStyle[trend];
  return (
    <span className={cx('inline-flex items-center gap-0.5 font-semibold whitespace-nowrap', className)} data-trend={trend}>
      <span aria-hidden="true">{symbol}</span>
      {TREND_NAMES[trend]}
    </span>
  );
}

const columns = [
  { label: 'Job' },
  { label: 'Views', numeric: true },
  { label: 'Application starts', numeric: true },
  { label: 'Views the day before', numeric: true },
  { label: 'Starts the day before', numeric: true },
  { label: 'Trend' },
] as const;

function Row({ row }: { row: PerformanceRow }) {
  const cell = 'px-1 py-1 text-right tabular-nums';
  return (
    <tr className="border-t border-line align-top">
      <th scope="row" className="px-1 py-1 text-left font-semibold">
        <Link href={jobDashboardPath(row.jobPost.id)}>{row.jobPost.title}</Link>
        <span className="mt-0.25 flex flex-wrap items-center gap-0.5 text-sm font-normal text-muted">
          <MetricJobStatus job={row.jobPost} />
          {row.jobPost.place}
        </span>
      </th>
      <td className={cell}>{formatCount(row.latest.clicks)}</td>
      <td className={cell}>{formatCount(row.latest.applicationStarts)}</td>
      <td className={cx(cell, 'text-muted')}>{formatCount(row.dayBefore.clicks)}</td>
      <td className={cx(cell, 'text-muted')}>{formatCount(row.dayBefore.applicationStarts)}</td>
      <td className="px-1 py-1">
        <TrendMark trend={row.trend} />
      </td>
    </tr>
  );
}

function Skeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading job-post performance" className="flex flex-col gap-1">
      <span className="sr-only">Loading job-post performance…</span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} aria-hidden="true" className="h-5 animate-pulse rounded bg-line/60" />
      ))}
    </div>
  );
}

/** "Today, 03-12-2025", "Yesterday, 03-11-2025", "Monday, 03-10-2025". */
export function dayName(date: string, today: string): string {
  const back = dayjs(today).diff(dayjs(date), 'day');
  const name = back === 0 ? 'Today' : back === 1 ? 'Yesterday' : dayjs(date).format('dddd');
  return `${name}, ${formatDisplayDate(date)}`;
}

/**
 * The job-post performance list (spec 2 §2, §3 Performance row): each job's views and application
 * starts on a day (today's by default, spec 2 §9) beside the day before, with the trend between
 * them as an arrow and its name; a day back or forward, 10 jobs a page, each linking to its
 * dashboard.
 */
export default function PerformancePage({ logic, snapshot, today }: PerformancePageProps) {
  const input = today ? { today } : {};
  const actor = useActorRef(logic ?? performanceMachine, snapshot ? { snapshot, input } : { input });
  const page = useSelector(actor, (s) => s.context.page);
  const date = useSelector(actor, (s) => s.context.date);
  const day = useSelector(actor, (s) => s.context.today);
  const pageNumber = useSelector(actor, (s) => s.context.pageNumber);
  const errors = useSelector(actor, selectErrors);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const pages = useSelector(actor, selectPageCount);
  const isToday = useSelector(actor, selectIsToday);

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-2 px-2 py-4" aria-labelledby="page-title">
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h1 id="page-title" className="text-3xl font-bold">
          Job-post performance
        </h1>
        <nav aria-label="Metrics" className="flex flex-wrap gap-1 text-sm font-semibold">
          <Link href={COMPANY_METRICS_PATH}>Company metrics</Link>
          <Link href="/user/jobs">Jobs</Link>
        </nav>
      </div>

      <div role="group" aria-label="Day" className="flex flex-wrap items-center gap-1">
        <Button variant="secondary" onClick={() => actor.send({ type: 'performance.previousDay' })}>
          <span aria-hidden="true">‹</span> Previous day
        </Button>
        <output aria-live="polite" className="min-w-40 text-center font-semibold">
          {dayName(date, day)}
        </output>
        <Button
          variant="secondary"
          aria-disabled={isToday || undefined}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          onClick={() => !isToday && actor.send({ type: 'performance.nextDay' })}
        >
          Next day <span aria-hidden="true">›</span>
        </Button>
        {!isToday && (
          <Button variant="ghost" onClick={() => actor.send({ type: 'performance.today' })}>
            Today
          </Button>
        )}
      </div>

      {errors.length > 0 ? (
        <MetricsFailed errors={errors} onRetry={() => actor.send({ type: 'performance.retry' })} />
      ) : !page ? (
        <Skeleton />
      ) : page.total === 0 ? (
        <MetricsEmpty message={MetricsMessages.noJobs}>
          <Link href="/user/jobs/post-job" className="font-semibold">
            Post a job
          </Link>
        </MetricsEmpty>
      ) : (
        <div aria-busy={loading || undefined} className={cx('flex flex-col gap-2 transition-opacity', loading && 'opacity-60')}>
          <div className="overflow-x-auto rounded border border-line">
            <table className="w-full border-collapse">
              <caption className="sr-only">Job-post performance on {dayName(page.date, day)}</caption>
              <thead className="bg-surface-raised text-left text-sm">
                <tr>
                  {columns.map((c) => (
                    <th key={c.label} scope="col" className={cx('px-1 py-1', 'numeric' in c && 'text-right')}>
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.items.map((row) => (
                  <Row key={row.jobPost.id} row={row} />
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-sm text-muted">
            The trend compares views and application starts together with the day before. {formatCount(page.total)}{' '}
            {page.total === 1 ? 'job' : 'jobs'}.
          </p>
          <PageSteps page={pageNumber} pages={pages} disabled={loading} onPage={(p) => actor.send({ type: 'performance.page', page: p })} />
        </div>
      )}
    </section>
  );
}
