import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { useSession } from '../../app/session.tsx';
import { applicantFilters, type Applicant, type ApplicantFilter, type ApplicantOrder } from '../../contract/applicants.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import type { applicantDetailMachine } from '../../machines/applicants/applicant-detail.machine.ts';
import type { boostMachine } from '../../machines/billing/boost.machine.ts';
import type { jobBoostMachine } from '../../machines/billing/job-boost.machine.ts';
import type { suggestedSeekersMachine } from '../../machines/suggestions/suggested-seekers.machine.ts';
import { applicantListMachine, selectLoadError, selectPageCount } from '../../machines/applicants/applicant-list.machine.ts';
import { ApplicationStatusChip } from '../jobs/application-status.tsx';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { TextField } from '../ui/field.tsx';
import { LoadFailed } from '../ui/load-state.tsx';
import { SelectField, type Option } from '../ui/select-field.tsx';
import { useMediaQuery, WIDE_SCREEN } from '../ui/use-media-query.ts';
import type { ApplicantDrawerProps } from './applicant-drawer.tsx';
import { PageSteps } from '../ui/page-steps.tsx';
import { formatCount } from '../../lib/numbers.ts';

/** Loaded after the list shows: the panel (a dialog with its menu) is not needed to read the list. */
const loadDrawer = () => import('./applicant-drawer.tsx');
const ApplicantDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.ApplicantDrawer })));
/** Loaded when opened: the job's suggested job seekers, to invite them to apply. */
const SuggestedSeekersPanel = lazy(() =>
  import('../suggestions/suggested-seekers-panel.tsx').then((m) => ({ default: m.SuggestedSeekersPanel })),
);
/** Whether the job is boosted, and the employer's Boost (billing, in its own chunk). */
const JobBoostPanel = lazy(() => import('../billing/job-boost-panel.tsx'));

type Logic = typeof applicantListMachine;

export interface ApplicantsPageProps {
  /** The list machine with its actors provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
  /** The applicant panel's machine, likewise. */
  detailLogic?: typeof applicantDetailMachine;
  fetchDocument?: ApplicantDrawerProps['fetchDocument'];
  previewLogic?: ApplicantDrawerProps['previewLogic'];
  /** The suggested job seekers' machine, likewise. */
  suggestionsLogic?: typeof suggestedSeekersMachine;
  /** The job's boost and the boost dialog's machines, likewise. */
  jobBoostLogic?: typeof jobBoostMachine;
  boostLogic?: typeof boostMachine;
}

/** ?jobId= of the address (the link in the mail about a new application, and the job list's action). */
export const jobIdOf = (search: string) => new URLSearchParams(search).get('jobId') || null;
/** ?filter= of the address (the dashboard's pipeline), when it names a filter of the list. */
export const filterOf = (search: string): ApplicantFilter | null => {
  const value = new URLSearchParams(search).get('filter');
  return (applicantFilters as readonly string[]).includes(value ?? '') ? (value as ApplicantFilter) : null;
};

const filterLabels: Record<ApplicantFilter, string> = {
  All: 'All applicants',
  New: 'New',
  Applied: 'Applied',
  Reviewed: 'Reviewed',
  Interviewing: 'Interviewing',
  Offered: 'Offered',
  Hired: 'Hired',
  Rejected: 'Rejected',
  Withdrawn: 'Withdrawn',
};
const filterOptions: ReadonlyArray<Option<ApplicantFilter>> = applicantFilters.map((f) => ({ value: f, label: filterLabels[f] }));

const orderOptions: ReadonlyArray<Option<string> & { order: ApplicantOrder; ascending: boolean }> = [
  { value: 'date', label: 'Newest first', order: 'date', ascending: false },
  { value: 'date-asc', label: 'Oldest first', order: 'date', ascending: true },
  { value: 'name-asc', label: 'Name, A to Z', order: 'name', ascending: true },
  { value: 'name', label: 'Name, Z to A', order: 'name', ascending: false },
  { value: 'status-asc', label: 'Status', order: 'status', ascending: true },
  { value: 'job-asc', label: 'Job title, A to Z', order: 'job', ascending: true },
];
const orderValueOf = (order: ApplicantOrder, ascending: boolean) =>
  orderOptions.find((o) => o.order === order && o.ascending === ascending)?.value ?? 'date';

const ALL_JOBS = '';

function NewBadge() {
  return (
    <span className="rounded-full bg-brand-700 px-0.75 py-0.25 text-xs font-semibold text-white dark:bg-brand-300 dark:text-brand-950">
      New
    </span>
  );
}

const skillsLabel = (a: Applicant) => (a.totalSkills === 0 ? '—' : `${a.matchedSkills} of ${a.totalSkills}`);

interface RowProps {
  applicant: Applicant;
  onOpen: () => void;
}

function OpenButton({ applicant, onOpen }: RowProps) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="text-left font-semibold text-brand-800 underline-offset-2 hover:underline dark:text-brand-200"
    >
      {applicant.jobSeeker.name}
    </button>
  );
}

function TableRow({ applicant, onOpen }: RowProps) {
  return (
    <tr className="border-t border-line align-top">
      <th scope="row" className="px-1 py-1 text-left font-normal">
        <span className="flex flex-wrap items-center gap-0.5">
          <OpenButton applicant={applicant} onOpen={onOpen} />
          {applicant.isNew && <NewBadge />}
        </span>
        <span className="block text-sm text-muted">{applicant.jobSeeker.email}</span>
      </th>
      <td className="px-1 py-1 text-sm">{applicant.job.title}</td>
      <td className="px-1 py-1 text-sm whitespace-nowrap">{formatDisplayDate(applicant.appliedDate)}</td>
      <td className="px-1 py-1 text-right text-sm tabular-nums">{skillsLabel(applicant)}</td>
      <td className="px-1 py-1 text-sm">
        <ApplicationStatusChip status={applicant.status} />
      </td>
    </tr>
  );
}

function Card({ applicant, onOpen }: RowProps) {
  const id = useId();
  return (
    <li>
      <article aria-labelledby={id} className="flex flex-col gap-0.5 rounded border border-line bg-surface p-1.5 shadow-sm">
        <div className="flex items-start justify-between gap-1">
          <h2 id={id} className="flex flex-wrap items-center gap-0.5">
            <OpenButton applicant={applicant} onOpen={onOpen} />
            {applicant.isNew && <NewBadge />}
          </h2>
          <ApplicationStatusChip status={applicant.status} />
        </div>
        <p className="text-sm">{applicant.job.title}</p>
        <p className="text-sm text-muted">
          Applied {formatDisplayDate(applicant.appliedDate)} · Skills matched: {skillsLabel(applicant)}
        </p>
      </article>
    </li>
  );
}

/** The company's applicants: search, filters, order, the rows (a table on wide screens, cards on narrow ones), pages and the applicant panel. */
export function ApplicantList({
  logic,
  snapshot,
  detailLogic,
  fetchDocument,
  previewLogic,
  suggestionsLogic,
  jobBoostLogic,
  boostLogic,
}: ApplicantsPageProps) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const urlJob = jobIdOf(search);
  const input = { jobId: useRef(urlJob).current, filter: useRef(filterOf(search)).current };
  const actor = useActorRef(logic ?? applicantListMachine, snapshot ? { snapshot, input } : { input });
  const applicants = useSelector(actor, (s) => s.context.applicants);
  const total = useSelector(actor, (s) => s.context.total);
  const query = useSelector(actor, (s) => s.context.query);
  const typed = useSelector(actor, (s) => s.context.typed);
  const jobs = useSelector(actor, (s) => s.context.jobs);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const loadError = useSelector(actor, selectLoadError);
  const pages = useSelector(actor, selectPageCount);
  const wide = useMediaQuery(WIDE_SCREEN);
  const [openId, setOpenId] = useState<string | null>(null);
  const [suggesting, setSuggesting] = useState<string | null>(null);
  const { role } = useSession();

  useEffect(() => {
    // Fetched while the list loads, so the panel opens at once.
    loadDrawer().catch(() => undefined);
  }, []);

  // A link to another ?jobId= while the page is open changes the job.
  const seenJob = useRef(urlJob);
  useEffect(() => {
    if (seenJob.current === urlJob) return;
    seenJob.current = urlJob;
    actor.send({ type: 'applicants.job', jobId: urlJob });
  }, [actor, urlJob]);

  const setJob = (jobId: string | null) => {
    seenJob.current = jobId;
    actor.send({ type: 'applicants.job', jobId });
    navigate(jobId ? `${path}?jobId=${encodeURIComponent(jobId)}` : path, { replace: true });
  };
  const onUpdated = useCallback((applicant: Applicant) => actor.send({ type: 'applicant.update', applicant }), [actor]);

  const jobOptions: Array<Option<string>> = [
    { value: ALL_JOBS, label: 'All jobs' },
    ...jobs.map((j) => ({ value: j.jobId, label: j.title })),
  ];
  if (query.jobId && !jobs.some((j) => j.jobId === query.jobId))
    jobOptions.push({ value: query.jobId, label: applicants[0]?.job.title ?? 'This job' });
  const narrowed = !!query.search || query.filter !== 'All';
  /** The one job shown, as the company's jobs list names it. */
  const shownJob = query.jobId ? (jobs.find((j) => j.jobId === query.jobId) ?? null) : null;

  return (
    <div className="flex flex-col gap-2">
      <div role="search" aria-label="Applicants" className="grid gap-1.5 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Search applicants"
          type="search"
          placeholder="Name, email or job title"
          value={typed}
          onChange={(e) => actor.send({ type: 'applicants.search', text: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') actor.send({ type: 'applicants.apply' });
          }}
          maxLength={100}
        />
        <SelectField<string> label="Job" value={query.jobId ?? ALL_JOBS} options={jobOptions} onChange={(v) => setJob(v || null)} />
        <SelectField<ApplicantFilter>
          label="Show"
          value={query.filter}
          options={filterOptions}
          onChange={(v) => actor.send({ type: 'applicants.filter', filter: v ?? 'All' })}
        />
        <SelectField<string>
          label="Sort by"
          value={orderValueOf(query.order, query.ascending)}
          options={orderOptions}
          onChange={(v) => {
            const o = orderOptions.find((x) => x.value === v) ?? orderOptions[0]!;
            actor.send({ type: 'applicants.order', order: o.order, ascending: o.ascending });
          }}
        />
      </div>

      <div className="flex flex-wrap items-center justify-between gap-1">
        <p className="text-sm text-muted" aria-live="polite">
          {!loading && loadError === null && total > 0 ? `${formatCount(total)} ${total === 1 ? 'applicant' : 'applicants'}` : ''}
        </p>
        {query.jobId && (
          <div className="flex flex-wrap items-center gap-1">
            {shownJob && (
              <Suspense fallback={null}>
                <JobBoostPanel
                  key={shownJob.jobId}
                  job={{ id: shownJob.jobId, title: shownJob.title }}
                  open={shownJob.status === 'Active'}
                  canPay={role === 'Employer'}
                  logic={jobBoostLogic}
                  boostLogic={boostLogic}
                />
              </Suspense>
            )}
            <Button variant="secondary" aria-haspopup="dialog" onClick={() => setSuggesting(query.jobId)}>
              Suggested job seekers
            </Button>
          </div>
        )}
      </div>

      {loadError !== null ? (
        <LoadFailed message={loadError} onRetry={() => actor.send({ type: 'applicants.retry' })} />
      ) : loading && applicants.length === 0 ? (
        <p role="status" className="text-muted">
          Loading applicants…
        </p>
      ) : !loading && applicants.length === 0 ? (
        <div className="flex flex-col items-center gap-1 rounded border border-dashed border-line p-3 text-center text-muted">
          <p>{narrowed ? 'No applicants match your search.' : 'No applicants yet.'}</p>
        </div>
      ) : (
        <div aria-busy={loading || undefined} className={cx('transition-opacity', loading && 'opacity-60')}>
          {wide ? (
            <div className="overflow-x-auto rounded border border-line">
              <table className="w-full border-collapse">
                <caption className="sr-only">Applicants</caption>
                <thead className="bg-surface-raised text-left text-sm">
                  <tr>
                    <th scope="col" className="px-1 py-1">
                      Name
                    </th>
                    <th scope="col" className="px-1 py-1">
                      Job
                    </th>
                    <th scope="col" className="px-1 py-1 whitespace-nowrap">
                      Applied
                    </th>
                    <th scope="col" className="px-1 py-1 text-right whitespace-nowrap">
                      Skills matched
                    </th>
                    <th scope="col" className="px-1 py-1">
                      Status
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {applicants.map((a) => (
                    <TableRow key={a.id} applicant={a} onOpen={() => setOpenId(a.id)} />
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <ul aria-label="Applicants" className="flex flex-col gap-1">
              {applicants.map((a) => (
                <Card key={a.id} applicant={a} onOpen={() => setOpenId(a.id)} />
              ))}
            </ul>
          )}
        </div>
      )}

      {loadError === null && total > 0 && (
        <PageSteps
          page={query.pageNumber}
          pages={pages}
          disabled={loading}
          onPage={(page) => actor.send({ type: 'applicants.page', page })}
        />
      )}

      <Suspense fallback={null}>
        {openId && (
          <ApplicantDrawer
            key={openId}
            id={openId}
            onClose={() => setOpenId(null)}
            onUpdated={onUpdated}
            logic={detailLogic}
            fetchDocument={fetchDocument}
            previewLogic={previewLogic}
          />
        )}
        {suggesting && (
          <SuggestedSeekersPanel key={suggesting} jobId={suggesting} onClose={() => setSuggesting(null)} logic={suggestionsLogic} />
        )}
      </Suspense>
    </div>
  );
}

/** /user/applicants and /dashboard/applicants (spec 2 §2): the company's applicants, for its employer and recruiters. */
export default function ApplicantsPage(props: ApplicantsPageProps) {
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-2 px-2 py-4" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold">
        Applicants
      </h1>
      <ApplicantList {...props} />
    </section>
  );
}
