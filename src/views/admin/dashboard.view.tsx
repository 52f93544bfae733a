import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { COMPANY_STATE_NAMES, type AdminDashboard } from '../../contract/admin.ts';
import { formatCount } from '../../lib/metrics.ts';
import { formatMoney } from '../../lib/money.ts';
import { adminDashboardMachine, selectDashboard, selectError } from '../../machines/admin/dashboard.machine.ts';
import { cx } from '../ui/cx.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { BackOfficeLayout } from './back-office-layout.tsx';
import { BACK_OFFICE } from './paths.ts';

type Logic = typeof adminDashboardMachine;

// The chart's code (d3 and the chart) comes after the counts have shown.
const loadCharts = () => import('./dashboard-charts.tsx');
const DashboardCharts = lazy(() => loadCharts().then((m) => ({ default: m.DashboardCharts })));

/** The list filtered to one state, as the company list's address holds it. */
export const companiesInState = (state: keyof typeof COMPANY_STATE_NAMES) => `${BACK_OFFICE.companies}?status=${state}`;

function Card({ label, value, children, href }: { label: string; value: string; children?: ReactNode; href?: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded border border-line bg-surface p-2">
      <dt className="text-sm font-semibold text-muted">
        {href ? (
          <Link href={href} className="text-inherit">
            {label}
          </Link>
        ) : (
          label
        )}
      </dt>
      <dd className="text-3xl font-bold tabular-nums">{value}</dd>
      {children}
    </div>
  );
}

const stateOrder = ['active', 'awaitingVerification', 'inactive', 'blacklisted'] as const;

function Counts({ dashboard }: { dashboard: AdminDashboard }) {
  const { companies } = dashboard;
  return (
    <dl className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      <Card label="Companies" value={formatCount(companies.total)} href={BACK_OFFICE.companies}>
        <dd>
          <ul aria-label="Companies by state" className="flex flex-col gap-0.25 text-sm">
            {stateOrder.map((state) => (
              <li key={state} className="flex justify-between gap-1">
                <Link href={companiesInState(state)}>{COMPANY_STATE_NAMES[state]}</Link>
                <span className="tabular-nums">{formatCount(companies[state])}</span>
              </li>
            ))}
          </ul>
        </dd>
      </Card>
      <Card label="Job seekers" value={formatCount(dashboard.jobSeekers)} />
      <Card label="Open jobs" value={formatCount(dashboard.openJobs)} />
      <Card label="Applications this week" value={formatCount(dashboard.applicationsThisWeek)} />
      <Card label="Reports waiting" value={formatCount(dashboard.reportsWaiting)} href={BACK_OFFICE.reports} />
      <Card label="Boost revenue this month" value={formatMoney(dashboard.boostRevenueThisMonthCents / 100)} />
    </dl>
  );
}

export interface AdminDashboardPageProps {
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
  title?: string;
  /** What the chart shows first (stories show the table). */
  chartView?: 'chart' | 'table';
}

/**
 * /back-office/dashboard (spec 1 §2): where a SuperAdmin lands. The counts that matter to an
 * operator, each leading to its list, and the last 30 days of the marketplace.
 */
export default function AdminDashboardPage({ logic, snapshot, chartView = 'chart' }: AdminDashboardPageProps) {
  const actor = useActorRef(logic ?? adminDashboardMachine, snapshot ? { snapshot } : {});
  const dashboard = useSelector(actor, selectDashboard);
  const error = useSelector(actor, selectError);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));

  useEffect(() => {
    loadCharts().catch(() => undefined);
  }, []);

  return (
    <BackOfficeLayout title="Back Office Dashboard">
      {error !== null ? (
        <LoadFailed message={error} onRetry={() => actor.send({ type: 'dashboard.retry' })} />
      ) : !dashboard ? (
        <Loading label="Loading the dashboard…" />
      ) : (
        <div aria-busy={loading || undefined} className={cx('flex flex-col gap-2 transition-opacity', loading && 'opacity-60')}>
          <Counts dashboard={dashboard} />
          <Suspense
            fallback={
              <div role="status" aria-busy="true" aria-label="Loading the chart" className="h-24 animate-pulse rounded bg-line/60" />
            }
          >
            <DashboardCharts points={dashboard.points} defaultView={chartView} />
          </Suspense>
        </div>
      )}
    </BackOfficeLayout>
  );
}
