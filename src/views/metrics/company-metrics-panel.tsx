import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { MetricsMessages } from '../../contract/metrics.ts';
import { isEmptyTotals } from '../../lib/metrics.ts';
import { localToday, presetRange } from '../../machines/metrics/date-range.machine.ts';
import { employerMetricsMachine, selectEmployerMetrics, selectErrors } from '../../machines/metrics/employer-metrics.machine.ts';
import { rangeText } from './date-range-picker.tsx';
import { MetricCharts } from './metric-charts.tsx';
import { MetricsEmpty, MetricsFailed, MetricsSkeleton, noJobsIn, RankedJobs, TotalsGrid } from './metrics-parts.tsx';
import { COMPANY_METRICS_PATH, PERFORMANCE_PATH } from './paths.ts';

type Logic = typeof employerMetricsMachine;

export interface CompanyMetricsPanelProps {
  logic?: Logic | undefined;
  snapshot?: SnapshotFrom<Logic> | undefined;
  /** YYYY-MM-DD; the browser's today when left out. */
  today?: string | undefined;
  /** How many jobs the company has posted, when the dashboard knows. */
  postedJobs?: number | undefined;
}

const dashboardMeasures = ['clicks', 'applicationStarts', 'applications', 'impressions'] as const;

/**
 * The dashboard's last 30 days of the company (spec 2 §2 recruiter dashboard, employer-metrics):
 * views, application starts and applications against the 30 days before, a chart of each (with
 * its table and CSV), and the jobs doing best and worst, each linking to its dashboard.
 */
export default function CompanyMetricsPanel({ logic, snapshot, today, postedJobs }: CompanyMetricsPanelProps) {
  const id = useId();
  const input = presetRange('month', today ?? localToday());
  const actor = useActorRef(logic ?? employerMetricsMachine, snapshot ? { snapshot, input } : { input });
  const metrics = useSelector(actor, selectEmployerMetrics);
  const errors = useSelector(actor, selectErrors);
  const range = useSelector(actor, (s) => s.context.range);

  return (
    <section aria-labelledby={id} className="flex flex-col gap-1.5 rounded border border-line bg-surface p-2 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-1">
        <h2 id={id} className="text-lg font-semibold">
          Last 30 days
          <span className="block text-sm font-normal text-muted">{rangeText(range.startDate, range.endDate)}</span>
        </h2>
        <nav aria-label="Metrics" className="flex flex-wrap gap-1 text-sm font-semibold">
          <Link href={COMPANY_METRICS_PATH}>Company metrics</Link>
          <Link href={PERFORMANCE_PATH}>Job-post performance</Link>
        </nav>
      </div>
      {errors.length > 0 ? (
        <MetricsFailed errors={errors} onRetry={() => actor.send({ type: 'metrics.retry' })} />
      ) : !metrics ? (
        <MetricsSkeleton label="Loading the last 30 days" charts={1} />
      ) : postedJobs === 0 || (postedJobs === undefined && noJobsIn(metrics)) ? (
        <MetricsEmpty message={MetricsMessages.noJobs} />
      ) : isEmptyTotals(metrics.totals) ? (
        <MetricsEmpty message={MetricsMessages.empty} />
      ) : (
        <>
          <TotalsGrid
            label="Last 30 days"
            totals={metrics.totals}
            previous={metrics.previous.totals}
            startDate={metrics.startDate}
            endDate={metrics.endDate}
            measures={['clicks', 'applicationStarts', 'applications']}
          />
          <MetricCharts
            title="Day by day"
            points={metrics.points}
            measures={dashboardMeasures}
            layout="tabs"
            fileName={`company-last-30-days-${metrics.startDate}-to-${metrics.endDate}`}
          />
          <div className="grid gap-1.5 sm:grid-cols-2">
            <RankedJobs title="Doing best" jobs={metrics.best.slice(0, 3)} empty="No jobs to rank yet." />
            <RankedJobs title="Needing attention" jobs={metrics.worst.slice(0, 3)} empty="No other jobs." />
          </div>
        </>
      )}
    </section>
  );
}
