import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import {
  METRIC_NAMES,
  metricMeasures,
  rangeDays,
  type BoostCost,
  type EmployerMetrics,
  type MetricJob,
  type MetricMeasure,
  type MetricTotals,
  type RankedJob,
} from '../../contract/metrics.ts';
import { comparisonText, countOf, formatCount, formatRate, funnelOf, isEmptyTotals, rateOf } from '../../lib/metrics.ts';
import { formatMoney } from '../../lib/money.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { StatusChip } from '../ui/status-chip.tsx';
import { jobDashboardPath } from './paths.ts';

/**
 * Whether a company's metrics say it has no jobs: none to rank (none open in the range) and nothing
 * counted in it or the range before. The dashboard, which counts the jobs, knows better.
 */
export const noJobsIn = (m: EmployerMetrics) =>
  m.best.length === 0 && m.worst.length === 0 && isEmptyTotals(m.totals) && isEmptyTotals(m.previous.totals);

/** A job's status as a chip, with a symbol so it reads without colour. */
const statusStyle: Record<MetricJob['status'], { symbol: string; className: string }> = {
  Active: { symbol: '●', className: 'border-brand-600/40 bg-brand-50 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100' },
  Closed: { symbol: '■', className: 'border-line bg-surface-raised text-muted' },
  Expired: { symbol: '◷', className: 'border-amber-600/50 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100' },
  Deleted: { symbol: '✕', className: 'border-line bg-surface-raised text-muted line-through' },
};

export function MetricJobStatus({ job }: { job: MetricJob }) {
  return <StatusChip status={job.status} label={job.status} style={statusStyle[job.status]} />;
}

const card = 'rounded border border-line bg-surface p-1.5 shadow-sm';

/** Placeholders in the shape of the page while its figures are read. */
export function MetricsSkeleton({ label = 'Loading metrics', charts = 2 }: { label?: string; charts?: number }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="flex flex-col gap-2">
      <span className="sr-only">{label}…</span>
      <div aria-hidden="true" className="grid grid-cols-2 gap-1 sm:grid-cols-5">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="h-10 animate-pulse rounded bg-line/60" />
        ))}
      </div>
      <div aria-hidden="true" className="grid gap-2 md:grid-cols-2">
        {Array.from({ length: charts }, (_, i) => (
          <div key={i} className="h-24 animate-pulse rounded bg-line/60" />
        ))}
      </div>
    </div>
  );
}

/** A failed read: the answer's state errors (spec 2 §8), and Try again. */
export function MetricsFailed({ errors, onRetry, children }: { errors: readonly string[]; onRetry: () => void; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <Alert tone="error">
        {errors.length > 1 ? (
          <ul className="list-disc pl-2">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : (
          errors[0]
        )}
      </Alert>
      <div className="flex flex-wrap items-center gap-1">
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
        {children}
      </div>
    </div>
  );
}

/** Nothing to chart: the spec's words and what to do next. */
export function MetricsEmpty({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-1 rounded border border-dashed border-line p-3 text-center text-muted">
      <p>{message}</p>
      {children}
    </div>
  );
}

/** Each measure's total over the range, beside the range before: "up 12% on the previous 7 days". */
export function TotalsGrid({
  totals,
  previous,
  startDate,
  endDate,
  measures = metricMeasures,
  label = 'Totals',
}: {
  totals: MetricTotals;
  previous: MetricTotals;
  startDate: string;
  endDate: string;
  measures?: readonly MetricMeasure[];
  label?: string;
}) {
  const days = rangeDays(startDate, endDate);
  return (
    <dl aria-label={label} className={cx('grid grid-cols-2 gap-1 sm:grid-cols-3', measures.length > 3 && 'lg:grid-cols-5')}>
      {measures.map((m) => {
        const now = totals[m];
        const before = previous[m];
        return (
          <div key={m} className={cx(card, 'flex flex-col gap-0.25')}>
            <dt className="text-sm font-semibold text-muted">{METRIC_NAMES[m]}</dt>
            <dd className="text-3xl font-bold tabular-nums">{formatCount(now)}</dd>
            <dd className="text-sm text-muted">
              <span aria-hidden="true">{now > before ? '▲ ' : now < before ? '▼ ' : ''}</span>
              {comparisonText(now, before, days)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** What the funnel's steps are called when they are "of" something. */
const ofWhat: Record<MetricMeasure, string> = {
  impressions: 'impressions',
  clicks: 'views',
  applicationStarts: 'application starts',
  applications: 'applications',
  messagesStarted: 'messages started',
};

/** Impressions → views → application starts → applications, each with the share of the step before. */
export function Funnel({ totals }: { totals: MetricTotals }) {
  const id = useId();
  const steps = funnelOf(totals);
  return (
    <section aria-labelledby={id} className={cx(card, 'flex flex-col gap-1')}>
      <h2 id={id} className="text-lg font-semibold">
        From impressions to applications
      </h2>
      <ol className="flex flex-col gap-1">
        {steps.map((step, i) => (
          <li key={step.measure} className="grid grid-cols-[9rem_1fr] items-center gap-1 sm:grid-cols-[11rem_1fr_12rem]">
            <span className="text-sm font-semibold">
              {step.name}
              <span className="block text-lg font-bold tabular-nums">{formatCount(step.count)}</span>
            </span>
            <span aria-hidden="true" className="h-2 overflow-hidden rounded bg-line/50">
              <span
                className="block h-full rounded bg-brand-600 dark:bg-brand-400"
                style={{ width: `${Math.max(step.ofFirst * 100, step.count ? 1 : 0)}%` }}
              />
            </span>
            <span className="col-span-2 text-sm text-muted sm:col-span-1">
              {i === 0 ? 'Times the job was shown' : `${formatRate(step.rate)} of ${ofWhat[steps[i - 1]!.measure]}`}
            </span>
          </li>
        ))}
      </ol>
      <p className="text-sm text-muted">Applications per view: {formatRate(rateOf(totals.applications, totals.clicks))}</p>
    </section>
  );
}

const money = (cents: number) => formatMoney(cents / 100);

/** What the job's boost cost in the range, and per view and application it brought. */
export function BoostCostCard({ boost }: { boost: BoostCost }) {
  const id = useId();
  const row = (term: string, value: string) => (
    <div className="flex justify-between gap-2">
      <dt className="text-muted">{term}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
  return (
    <section aria-labelledby={id} className={cx(card, 'flex flex-col gap-1')}>
      <h2 id={id} className="text-lg font-semibold">
        Boost
      </h2>
      <dl className="flex flex-col gap-0.5 text-sm">
        {row('Tier', boost.tierName)}
        {row('Spent in these dates', money(boost.spentCents))}
        {row('Cost per view', boost.costPerClickCents === null ? 'No views yet' : money(boost.costPerClickCents))}
        {row('Cost per application', boost.costPerApplicationCents === null ? 'No applications yet' : money(boost.costPerApplicationCents))}
      </dl>
    </section>
  );
}

/** A list of the company's jobs with their applications and views, each linking to its dashboard. */
export function RankedJobs({ title, jobs, empty }: { title: string; jobs: readonly RankedJob[]; empty: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cx(card, 'flex flex-col gap-1')}>
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {jobs.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ol className="flex flex-col gap-0.5">
          {jobs.map(({ jobPost, totals }) => (
            <li key={jobPost.id} className="flex flex-wrap items-baseline justify-between gap-x-1 text-sm">
              <Link href={jobDashboardPath(jobPost.id)} className="font-semibold">
                {jobPost.title}
              </Link>
              <span className="text-muted tabular-nums">
                {countOf('applications', totals.applications)} · {countOf('clicks', totals.clicks)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
