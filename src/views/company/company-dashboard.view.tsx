import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import type { ApplicantFilter } from '../../contract/applicants.ts';
import type { DashboardCount } from '../../contract/company.ts';
import { companyCountsMachine } from '../../machines/company/company-counts.machine.ts';
import type { employerMetricsMachine } from '../../machines/metrics/employer-metrics.machine.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';

type Logic = typeof companyCountsMachine;

/** The last 30 days as a chart: its code (d3, the chart) loads with the dashboard of a company only. */
const CompanyMetricsPanel = lazy(() => import('../metrics/company-metrics-panel.tsx'));

function CountCard({
  title,
  count,
  detail,
  link,
  linkLabel,
}: {
  title: string;
  count: number;
  detail: string;
  link: string;
  linkLabel: string;
}) {
  const id = `count-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-0.5 rounded border border-line bg-surface p-2 shadow-sm">
      <h2 id={id} className="text-sm font-semibold text-muted">
        {title}
      </h2>
      <p className="text-4xl font-bold">{count}</p>
      <p className="text-sm text-muted">{detail}</p>
      <Link href={link} className="mt-auto text-sm font-semibold">
        {linkLabel}
      </Link>
    </section>
  );
}

/** The applicants waiting at each step, each linking to the applicants list filtered to it. */
function Pipeline({ counts }: { counts: DashboardCount }) {
  const steps: Array<{ label: string; count: number; filter: ApplicantFilter }> = [
    { label: 'New', count: counts.newApplicants, filter: 'New' },
    { label: 'To review', count: counts.toReview, filter: 'Applied' },
    { label: 'Interviewing', count: counts.interviewing, filter: 'Interviewing' },
    { label: 'Offered', count: counts.offered, filter: 'Offered' },
    { label: 'Hired', count: counts.hired, filter: 'Hired' },
  ];
  return (
    <section aria-labelledby="pipeline-title" className="rounded border border-line bg-surface p-2 shadow-sm">
      <h2 id="pipeline-title" className="text-sm font-semibold text-muted">
        Applicant pipeline
      </h2>
      <ul className="mt-1 grid grid-cols-2 gap-1 sm:grid-cols-5">
        {steps.map((step) => (
          <li key={step.filter}>
            <Link
              href={`/user/applicants?filter=${step.filter}`}
              className="flex flex-col rounded border border-line p-1 no-underline hover:bg-surface-raised"
            >
              <span className="text-2xl font-bold text-ink">{step.count}</span>
              <span className="text-sm">{step.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The dashboard of an employer or a recruiter (spec 2 §7 dashboard-count, employer-metrics): the
 * company's job posts and applicants, each linking to its list, the applicant pipeline, the
 * company's last 30 days as a chart, and the company's settings.
 */
export function CompanyDashboard({
  role,
  logic,
  snapshot,
  metricsLogic,
}: {
  role: 'Employer' | 'Recruiter';
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
  /** The last 30 days' machine, with its actors provided (stories and tests stub them). */
  metricsLogic?: typeof employerMetricsMachine | undefined;
}) {
  const actor = useActorRef(logic ?? companyCountsMachine, snapshot ? { snapshot } : {});
  const counts = useSelector(actor, (s) => s.context.counts);
  const failed = useSelector(actor, (s) => s.hasTag('error'));

  return (
    <div className="flex flex-col gap-2">
      {failed ? (
        <LoadFailed message="Your company's numbers could not be loaded." onRetry={() => actor.send({ type: 'counts.retry' })} />
      ) : !counts ? (
        <Loading label="Loading your company's numbers…" />
      ) : (
        <>
          <div className="grid gap-2 sm:grid-cols-2">
            <CountCard
              title="Job posts"
              count={counts.postedJobs}
              detail={`${counts.activeJobs} open to applications`}
              link="/user/jobs"
              linkLabel={counts.postedJobs ? 'Manage job posts' : 'Post your first job'}
            />
            <CountCard
              title="Applicants"
              count={counts.applicants}
              detail={`${counts.newApplicants} not opened yet`}
              link="/user/applicants"
              linkLabel="See applicants"
            />
          </div>
          <Pipeline counts={counts} />
        </>
      )}
      <Suspense fallback={<Loading label="Loading the last 30 days…" />}>
        <CompanyMetricsPanel logic={metricsLogic} postedJobs={counts?.postedJobs} />
      </Suspense>
      <nav aria-label="Your company" className="flex flex-wrap gap-2 text-sm">
        <Link href="/user/settings/company-details">Company details</Link>
        <Link href="/user/settings/company-details?section=company-logo">Company logo</Link>
        <Link href="/user/settings/company-details?section=feature-images">Featured images</Link>
        {role === 'Employer' && <Link href="/user/staff">Staff</Link>}
      </nav>
    </div>
  );
}
