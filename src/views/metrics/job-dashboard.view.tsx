import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useParams } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { MetricsMessages, metricMeasures } from '../../contract/metrics.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { isEmptyTotals } from '../../lib/metrics.ts';
import { dateRangeMachine, localToday, presetRange } from '../../machines/metrics/date-range.machine.ts';
import { jobMetricsMachine, selectErrors, selectJobMetrics } from '../../machines/metrics/job-metrics.machine.ts';
import { cx } from '../ui/cx.ts';
import { BoostedBadge } from '../ui/status-chip.tsx';
import { DateRangePicker } from './date-range-picker.tsx';
import { LazyMetricCharts, usePreloadCharts } from './lazy-charts.tsx';
import { BoostCostCard, Funnel, MetricsEmpty, MetricsFailed, MetricJobStatus, MetricsSkeleton, TotalsGrid } from './metrics-parts.tsx';
import { PERFORMANCE_PATH } from './paths.ts';

type Logic = typeof jobMetricsMachine;
type RangeLogic = typeof dateRangeMachine;

export interface JobDashboardProps {
  /** The machines with their actors provided (stories and tests stub them), and where they start. */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
  rangeLogic?: RangeLogic;
  rangeSnapshot?: SnapshotFrom<RangeLogic>;
  /** YYYY-MM-DD; the browser's today when left out. */
  today?: string;
}

/**
 * A job's dashboard (spec 2 §2 "job dashboard with metrics"): the job, the date-range picker, each
 * measure's total against the range before, the funnel from impressions to applications with its
 * rates, what a boost cost, and a chart per measure with its table and CSV.
 */
export default function JobDashboardPage(props: JobDashboardProps) {
  const { id = '' } = useParams<{ id: string }>();
  // Another job's dashboard starts afresh: its own range and its own reads.
  return <JobDashboard key={id} id={id} {...props} />;
}

function JobDashboard({ id, logic, snapshot, rangeLogic, rangeSnapshot, today }: JobDashboardProps & { id: string }) {
  const day = today ?? localToday();
  const rangeActor = useActorRef(
    rangeLogic ?? dateRangeMachine,
    rangeSnapshot ? { snapshot: rangeSnapshot, input: { today: day } } : { input: { today: day } },
  );
  const start = rangeSnapshot?.context ?? presetRange('week', day);
  const input = { jobPostId: id, startDate: start.startDate, endDate: start.endDate };
  const actor = useActorRef(logic ?? jobMetricsMachine, snapshot ? { snapshot, input } : { input });
  const metrics = useSelector(actor, selectJobMetrics);
  const errors = useSelector(actor, selectErrors);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));

  usePreloadCharts();
  // The data follows the picker.
  useEffect(() => {
    const sub = rangeActor.on('range.changed', (e) => actor.send({ type: 'metrics.range', startDate: e.startDate, endDate: e.endDate }));
    return () => sub.unsubscribe();
  }, [rangeActor, actor]);

  const job = metrics?.jobPost;
  const empty = metrics !== null && isEmptyTotals(metrics.totals);

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-2 px-2 py-4" aria-labelledby="page-title">
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap gap-0.5">
          <li>
            <Link href="/user/jobs">Jobs</Link>
            <span aria-hidden="true"> ›</span>
          </li>
          <li>
            <Link href={PERFORMANCE_PATH}>Job-post performance</Link>
            <span aria-hidden="true"> ›</span>
          </li>
          <li aria-current="page" className="text-muted">
            {job?.title ?? 'Job metrics'}
          </li>
        </ol>
      </nav>
      <header className="flex flex-col gap-0.5">
        <h1 id="page-title" className="text-3xl font-bold">
          {job?.title ?? 'Job metrics'}
        </h1>
        {job && (
          <p className="flex flex-wrap items-center gap-1 text-sm text-muted">
            <MetricJobStatus job={job} />
            {metrics?.boost && <BoostedBadge />}
            <span>{job.place}</span>
            <span>Posted {formatDisplayDate(job.postingDate)}</span>
          </p>
        )}
      </header>

      <DateRangePicker actor={rangeActor} />

      {errors.length > 0 ? (
        <MetricsFailed errors={errors} onRetry={() => actor.send({ type: 'metrics.retry' })}>
          <Link href="/user/jobs" className="text-sm font-semibold">
            Back to jobs
          </Link>
        </MetricsFailed>
      ) : !metrics ? (
        <MetricsSkeleton label="Loading the job's metrics" charts={4} />
      ) : (
        <div aria-busy={loading || undefined} className={cx('flex flex-col gap-2 transition-opacity', loading && 'opacity-60')}>
          <TotalsGrid totals={metrics.totals} previous={metrics.previous.totals} startDate={metrics.startDate} endDate={metrics.endDate} />
          {empty ? (
            <MetricsEmpty message={MetricsMessages.empty} />
          ) : (
            <>
              <div className={cx('grid gap-2', metrics.boost && 'lg:grid-cols-[2fr_1fr]')}>
                <Funnel totals={metrics.totals} />
                {metrics.boost && <BoostCostCard boost={metrics.boost} />}
              </div>
              <LazyMetricCharts
                title="Day by day"
                points={metrics.points}
                measures={metricMeasures}
                fileName={`job-metrics-${metrics.startDate}-to-${metrics.endDate}`}
              />
            </>
          )}
        </div>
      )}
    </section>
  );
}
