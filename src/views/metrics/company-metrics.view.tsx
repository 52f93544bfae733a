import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { MetricsMessages, metricMeasures } from '../../contract/metrics.ts';
import { isEmptyTotals } from '../../lib/metrics.ts';
import { dateRangeMachine, localToday, presetRange } from '../../machines/metrics/date-range.machine.ts';
import { employerMetricsMachine, selectEmployerMetrics, selectErrors } from '../../machines/metrics/employer-metrics.machine.ts';
import { cx } from '../ui/cx.ts';
import { DateRangePicker } from './date-range-picker.tsx';
import { LazyMetricCharts, usePreloadCharts } from './lazy-charts.tsx';
import { Funnel, MetricsEmpty, MetricsFailed, MetricsSkeleton, noJobsIn, RankedJobs, TotalsGrid } from './metrics-parts.tsx';
import { PERFORMANCE_PATH } from './paths.ts';

type Logic = typeof employerMetricsMachine;
type RangeLogic = typeof dateRangeMachine;

export interface CompanyMetricsProps {
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
  rangeLogic?: RangeLogic;
  rangeSnapshot?: SnapshotFrom<RangeLogic>;
  /** YYYY-MM-DD; the browser's today when left out. */
  today?: string;
}

/**
 * The company's metrics (spec 2 §7 employer-metrics): all its jobs together over a range the picker
 * pages (a month to begin with), the funnel, a chart per measure with its table and CSV, and the
 * jobs that did best and worst, each linking to its dashboard.
 */
export default function CompanyMetricsPage({ logic, snapshot, rangeLogic, rangeSnapshot, today }: CompanyMetricsProps) {
  const day = today ?? localToday();
  const rangeInput = { today: day, period: 'month' as const };
  const rangeActor = useActorRef(
    rangeLogic ?? dateRangeMachine,
    rangeSnapshot ? { snapshot: rangeSnapshot, input: rangeInput } : { input: rangeInput },
  );
  const input = rangeSnapshot
    ? { startDate: rangeSnapshot.context.startDate, endDate: rangeSnapshot.context.endDate }
    : presetRange('month', day);
  const actor = useActorRef(logic ?? employerMetricsMachine, snapshot ? { snapshot, input } : { input });
  const metrics = useSelector(actor, selectEmployerMetrics);
  const errors = useSelector(actor, selectErrors);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));

  usePreloadCharts();
  useEffect(() => {
    const sub = rangeActor.on('range.changed', (e) => actor.send({ type: 'metrics.range', startDate: e.startDate, endDate: e.endDate }));
    return () => sub.unsubscribe();
  }, [rangeActor, actor]);

  const noJobs = metrics !== null && noJobsIn(metrics);
  const empty = metrics !== null && isEmptyTotals(metrics.totals);

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-2 px-2 py-4" aria-labelledby="page-title">
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h1 id="page-title" className="text-3xl font-bold">
          Company metrics
        </h1>
        <nav aria-label="Metrics" className="flex flex-wrap gap-1 text-sm font-semibold">
          <Link href={PERFORMANCE_PATH}>Job-post performance</Link>
          <Link href="/user/jobs">Jobs</Link>
        </nav>
      </div>

      <DateRangePicker actor={rangeActor} />

      {errors.length > 0 ? (
        <MetricsFailed errors={errors} onRetry={() => actor.send({ type: 'metrics.retry' })} />
      ) : !metrics ? (
        <MetricsSkeleton label="Loading your company's metrics" charts={4} />
      ) : noJobs ? (
        <MetricsEmpty message={MetricsMessages.noJobs}>
          <Link href="/user/jobs/post-job" className="font-semibold">
            Post a job
          </Link>
        </MetricsEmpty>
      ) : (
        <div aria-busy={loading || undefined} className={cx('flex flex-col gap-2 transition-opacity', loading && 'opacity-60')}>
          <TotalsGrid totals={metrics.totals} previous={metrics.previous.totals} startDate={metrics.startDate} endDate={metrics.endDate} />
          {empty ? (
            <MetricsEmpty message={MetricsMessages.empty} />
          ) : (
            <>
              <div className="grid gap-2 lg:grid-cols-[2fr_1fr]">
                <Funnel totals={metrics.totals} />
                <div className="flex flex-col gap-2">
                  <RankedJobs title="Doing best" jobs={metrics.best} empty="No jobs to rank yet." />
                  <RankedJobs title="Needing attention" jobs={metrics.worst} empty="No other jobs." />
                </div>
              </div>
              <LazyMetricCharts
                title="Day by day"
                points={metrics.points}
                measures={metricMeasures}
                fileName={`company-metrics-${metrics.startDate}-to-${metrics.endDate}`}
              />
            </>
          )}
        </div>
      )}
    </section>
  );
}
