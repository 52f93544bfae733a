import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../ui/toast.tsx';
import { Link, useLocation, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { useSession } from '../../app/session.tsx';
import { ActiveFlag, SortFlag, type CompanyJob, type JobPostStatus } from '../../contract/posting.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import type { boostMachine } from '../../machines/billing/boost.machine.ts';
import { jobPlace } from '../../lib/places.ts';
import {
  jobListMachine,
  selectBusyId,
  selectConfirming,
  selectLoadError,
  selectPageCount,
  WIZARD_PATH,
  type ActiveCode,
  type JobAction,
  type SortCode,
} from '../../machines/posting/job-list.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { TextField } from '../ui/field.tsx';
import { LoadFailed } from '../ui/load-state.tsx';
import { SelectField, type Option } from '../ui/select-field.tsx';
import { useMediaQuery, WIDE_SCREEN } from '../ui/use-media-query.ts';
import { PageSteps } from '../ui/page-steps.tsx';
import { BoostedBadge } from '../ui/status-chip.tsx';
import { jobDashboardPath, PERFORMANCE_PATH } from '../metrics/paths.ts';
import { formatCount } from '../../lib/numbers.ts';

/** The table's columns, in order; counts align right. */
const tableColumns: ReadonlyArray<{ label: string; numeric?: boolean }> = [
  { label: 'Job' },
  { label: 'Status' },
  { label: 'Posted' },
  { label: 'Valid through' },
  { label: 'Clicks', numeric: true },
  { label: 'Applicants', numeric: true },
  { label: 'People' },
];

type Logic = typeof jobListMachine;
type Snap = SnapshotFrom<Logic>;

/** Where the drafts are listed (their page belongs to the wizard's area). */
export const DRAFTS_PATH = '/user/jobpost-create';

export interface JobsPageProps {
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: Snap;
  /** The boost dialog's machine, likewise. */
  boostLogic?: typeof boostMachine;
}

/** ?job=active and ?job=closed (spec 2 §2): the status filter the page opens with (§4 codes). */
export function activeFlagOf(search: string): ActiveCode {
  const job = new URLSearchParams(search).get('job');
  return job === 'active' ? ActiveFlag.Active : job === 'closed' ? ActiveFlag.Inactive : ActiveFlag.All;
}
const queryOf: Record<ActiveCode, string> = { 0: '', 1: '?job=active', 2: '?job=closed' };

const statusOptions: ReadonlyArray<Option<ActiveCode>> = [
  { value: ActiveFlag.All, label: 'All jobs' },
  { value: ActiveFlag.Active, label: 'Active' },
  { value: ActiveFlag.Inactive, label: 'Closed or expired' },
];

/** The sort codes of spec 2 §4, with the direction of the counts. */
const sortOptions: ReadonlyArray<Option<string> & { sortFlag: SortCode; ascending: boolean }> = [
  { value: '0', label: 'Default order', sortFlag: SortFlag.Default, ascending: false },
  { value: '4', label: 'Newest first', sortFlag: SortFlag.DateDesc, ascending: false },
  { value: '3', label: 'Oldest first', sortFlag: SortFlag.DateAsc, ascending: false },
  { value: '1', label: 'Most clicks', sortFlag: SortFlag.Clicks, ascending: false },
  { value: '1a', label: 'Fewest clicks', sortFlag: SortFlag.Clicks, ascending: true },
  { value: '2', label: 'Most applicants', sortFlag: SortFlag.Applicants, ascending: false },
  { value: '2a', label: 'Fewest applicants', sortFlag: SortFlag.Applicants, ascending: true },
];
const sortValueOf = (sortFlag: SortCode, ascending: boolean) =>
  sortOptions.find((o) => o.sortFlag === sortFlag && o.ascending === ascending)?.value ?? '0';

const statusLabel: Record<JobPostStatus, string> = { Active: 'Active', Closed: 'Closed', Expired: 'Expired', Deleted: 'Deleted' };
const statusClass: Record<JobPostStatus, string> = {
  Active: 'border-brand-600/40 bg-brand-50 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100',
  Closed: 'border-line bg-surface-raised text-muted',
  Expired: 'border-amber-600/50 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  Deleted: 'border-line bg-surface-raised text-muted line-through',
};

export function JobStatusChip({ status }: { status: JobPostStatus }) {
  return (
    <span className={cx('inline-block rounded-full border px-1 py-0.25 text-xs font-semibold whitespace-nowrap', statusClass[status])}>
      {statusLabel[status]}
    </span>
  );
}

/** The job's status, and whether it is boosted now. */
function StatusChips({ job }: { job: CompanyJob }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-0.5">
      <JobStatusChip status={job.status} />
      {job.isBoosted && <BoostedBadge />}
    </span>
  );
}

/** Posted on the day it was first published (spec 2 §3 dateOfPosted or createdDate), MM-DD-YYYY (§9). */
const postedOn = (job: CompanyJob) => formatDisplayDate(job.dateOfPosted ?? job.createdDate);
const dash = <span className="text-muted">—</span>;

const actionEvent = { edit: 'job.edit', close: 'job.close', reopen: 'job.reopen', clone: 'job.clone', delete: 'job.delete' } as const;

/** Loaded after the list shows: the menu (and its positioning) and the dialog are not needed to read it. */
const loadRowActions = () => import('./job-row-actions.view.tsx');
const loadConfirmDialog = () => import('../ui/confirm-dialog.tsx');
const JobRowActions = lazy(() => loadRowActions().then((m) => ({ default: m.JobRowActions })));
const ConfirmDialog = lazy(loadConfirmDialog);
/** Billing's boost dialog: loaded when the employer boosts a job. */
const BoostDialog = lazy(() => import('../billing/boost-dialog.tsx'));

/** Stands in for a row's menu button while its code arrives. */
function ActionsPlaceholder({ title }: { title: string }) {
  return (
    <button
      type="button"
      disabled
      aria-label={`Actions for ${title} (loading)`}
      className="inline-flex min-h-5 items-center gap-0.5 rounded border border-line px-1 py-0.5 text-sm font-semibold opacity-60"
    >
      Actions
      <span aria-hidden="true">▾</span>
    </button>
  );
}

interface RowProps {
  job: CompanyJob;
  busy: boolean;
  /** Another row's action is running. */
  locked: boolean;
  onAction: (a: JobAction) => void;
  /** The employer may boost the job. */
  onBoost?: (() => void) | undefined;
}

function Actions({ job, busy, locked, onAction, onBoost }: RowProps) {
  return (
    <Suspense fallback={<ActionsPlaceholder title={job.title} />}>
      <JobRowActions job={job} busy={busy} disabled={locked} onAction={onAction} onBoost={onBoost} />
    </Suspense>
  );
}

function People({ job }: { job: CompanyJob }) {
  return (
    <>
      <span className="block">Created by {job.createdBy.name}</span>
      {job.modifiedBy && (
        <span className="block text-muted">
          Changed by {job.modifiedBy.name}, {formatDisplayDate(job.modified)}
        </span>
      )}
    </>
  );
}

function JobTableRow(props: RowProps) {
  const { job } = props;
  const place = jobPlace(job);
  return (
    <tr className="border-t border-line align-top">
      <th scope="row" className="px-1 py-1 text-left font-semibold">
        <Link href={jobDashboardPath(job.id)}>{job.title}</Link>
        <span className="block text-sm font-normal text-muted">{place || 'No place given'}</span>
      </th>
      <td className="px-1 py-1 text-sm">
        <StatusChips job={job} />
      </td>
      <td className="px-1 py-1 text-sm whitespace-nowrap">{postedOn(job) || dash}</td>
      <td className="px-1 py-1 text-sm whitespace-nowrap">{formatDisplayDate(job.validThrough) || dash}</td>
      <td className="px-1 py-1 text-right text-sm tabular-nums">{formatCount(job.clicks)}</td>
      <td className="px-1 py-1 text-right text-sm tabular-nums">{formatCount(job.applicants)}</td>
      <td className="px-1 py-1 text-sm">
        <People job={job} />
      </td>
      <td className="px-1 py-1 text-right">
        <Actions {...props} />
      </td>
    </tr>
  );
}

function JobCard(props: RowProps) {
  const { job } = props;
  const id = useId();
  const place = jobPlace(job);
  const field = (term: string, value: React.ReactNode) => (
    <div className="flex gap-0.5">
      <dt className="text-muted">{term}:</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <li>
      <article aria-labelledby={id} className="flex flex-col gap-1 rounded border border-line bg-surface p-1.5 shadow-sm">
        <div className="flex items-start justify-between gap-1">
          <div className="min-w-0">
            <h2 id={id} className="font-semibold">
              <Link href={jobDashboardPath(job.id)}>{job.title}</Link>
            </h2>
            <p className="text-sm text-muted">{place || 'No place given'}</p>
          </div>
          <StatusChips job={job} />
        </div>
        <dl className="grid grid-cols-1 gap-x-2 gap-y-0.25 text-sm sm:grid-cols-2">
          {field('Posted', postedOn(job) || '—')}
          {field('Valid through', formatDisplayDate(job.validThrough) || '—')}
          {field('Clicks', formatCount(job.clicks))}
          {field('Applicants', formatCount(job.applicants))}
        </dl>
        <div className="flex flex-wrap items-end justify-between gap-1 text-sm">
          <p>
            <People job={job} />
          </p>
          <div className="ml-auto">
            <Actions {...props} />
          </div>
        </div>
      </article>
    </li>
  );
}

/** Placeholder rows while the first page is read. */
function Skeleton() {
  return (
    <div role="status" className="flex flex-col gap-1" aria-label="Loading jobs">
      <span className="sr-only">Loading jobs…</span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} aria-hidden="true" className="flex animate-pulse items-center gap-2 rounded border border-line p-1.5">
          <div className="flex flex-1 flex-col gap-0.5">
            <div className="h-2 w-1/3 rounded bg-line" />
            <div className="h-1.5 w-1/5 rounded bg-line/70" />
          </div>
          <div className="h-2 w-8 rounded-full bg-line" />
          <div className="hidden h-2 w-10 rounded bg-line/70 sm:block" />
        </div>
      ))}
    </div>
  );
}

function EmptyState({ activeFlag, searched, onClearSearch }: { activeFlag: ActiveCode; searched: boolean; onClearSearch: () => void }) {
  const body = searched ? (
    <>
      <p>No jobs match your search.</p>
      <Button variant="secondary" onClick={onClearSearch}>
        Clear search
      </Button>
    </>
  ) : activeFlag === ActiveFlag.Inactive ? (
    <p>No closed or expired jobs.</p>
  ) : (
    <>
      <p>{activeFlag === ActiveFlag.Active ? 'No active jobs yet.' : 'No jobs yet.'}</p>
      <Link href={WIZARD_PATH} className="font-semibold">
        Post a job
      </Link>
    </>
  );
  return <div className="flex flex-col items-center gap-1 rounded border border-dashed border-line p-3 text-center text-muted">{body}</div>;
}

/**
 * A company's jobs: search, status filter and sort, the rows (a table on wide screens, cards on
 * narrow ones) with their actions, and the pages. `posted` adds the employer's company search.
 */
export function JobList({ logic, snapshot, boostLogic, posted = false, basePath }: JobsPageProps & { posted?: boolean; basePath: string }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const initialFlag = useRef(activeFlagOf(search)).current;
  const input = { activeFlag: initialFlag };
  const actor = useActorRef(logic ?? jobListMachine, snapshot ? { snapshot, input } : { input });
  const jobs = useSelector(actor, (s) => s.context.jobs);
  const total = useSelector(actor, (s) => s.context.total);
  const query = useSelector(actor, (s) => s.context.query);
  const typed = useSelector(actor, (s) => s.context.typed);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const loadError = useSelector(actor, selectLoadError);
  const actionError = useSelector(actor, (s) => s.context.actionError);
  const busyId = useSelector(actor, selectBusyId);
  const acting = useSelector(actor, (s) => !s.matches({ row: 'idle' }));
  const confirming = useSelector(actor, selectConfirming);
  const pages = useSelector(actor, selectPageCount);
  const wide = useMediaQuery(WIDE_SCREEN);
  // Only the employer pays for boosts; recruiters see which jobs are boosted.
  const { role } = useSession();
  const [boosting, setBoosting] = useState<CompanyJob | null>(null);
  const boostOf = (job: CompanyJob) => (role === 'Employer' ? () => setBoosting(job) : undefined);

  useEffect(() => {
    const subs = [actor.on('notify', (e) => toast.success(e.message, { id: e.message })), actor.on('navigate', (e) => navigate(e.to))];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, navigate]);
  useEffect(() => {
    // Fetched while the list loads, so the menus and the dialog are there when reached for.
    for (const load of [loadRowActions, loadConfirmDialog]) load().catch(() => undefined);
  }, []);
  // A link to ?job=active or ?job=closed while the page is open changes the filter.
  const urlFlag = activeFlagOf(search);
  const seenFlag = useRef(urlFlag);
  useEffect(() => {
    if (seenFlag.current === urlFlag) return;
    seenFlag.current = urlFlag;
    actor.send({ type: 'jobs.filter', activeFlag: urlFlag });
  }, [actor, urlFlag]);

  const setFilter = (activeFlag: ActiveCode) => {
    actor.send({ type: 'jobs.filter', activeFlag });
    navigate(`${basePath}${queryOf[activeFlag]}`, { replace: true });
  };
  const onAction = (job: CompanyJob) => (a: JobAction) => actor.send({ type: actionEvent[a], id: job.id });
  const searched = !!(query.search || query.companySearch);
  const searchNow = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') actor.send({ type: 'jobs.apply' });
  };

  return (
    <div className="flex flex-col gap-2">
      <div role="search" aria-label="Jobs" className="grid gap-1.5 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Search jobs"
          type="search"
          placeholder="Job title"
          value={typed.search}
          onChange={(e) => actor.send({ type: 'jobs.search', text: e.target.value })}
          onKeyDown={searchNow}
          maxLength={100}
        />
        {posted && (
          <TextField
            label="Company"
            type="search"
            placeholder="Company name"
            value={typed.companySearch}
            onChange={(e) => actor.send({ type: 'jobs.companySearch', text: e.target.value })}
            onKeyDown={searchNow}
            maxLength={100}
          />
        )}
        <SelectField<ActiveCode>
          label="Status"
          value={query.activeFlag}
          options={statusOptions}
          onChange={(v) => setFilter(v ?? ActiveFlag.All)}
        />
        <SelectField<string>
          label="Sort by"
          value={sortValueOf(query.sortFlag, query.ascending)}
          options={sortOptions}
          onChange={(v) => {
            const o = sortOptions.find((s) => s.value === v) ?? sortOptions[0]!;
            actor.send({ type: 'jobs.sort', sortFlag: o.sortFlag, ascending: o.ascending });
          }}
        />
      </div>

      {actionError && <Alert tone="error">{actionError}</Alert>}

      <p className="text-sm text-muted" aria-live="polite">
        {!loading && loadError === null && total > 0 ? `${formatCount(total)} ${total === 1 ? 'job' : 'jobs'}` : ''}
      </p>

      {loadError !== null ? (
        <LoadFailed message={loadError} onRetry={() => actor.send({ type: 'jobs.retry' })} />
      ) : loading && jobs.length === 0 ? (
        <Skeleton />
      ) : !loading && jobs.length === 0 ? (
        <EmptyState
          activeFlag={query.activeFlag}
          searched={searched}
          onClearSearch={() => {
            actor.send({ type: 'jobs.search', text: '' });
            actor.send({ type: 'jobs.companySearch', text: '' });
            actor.send({ type: 'jobs.apply' });
          }}
        />
      ) : (
        <div aria-busy={loading || undefined} className={cx('transition-opacity', loading && 'opacity-60')}>
          {wide ? (
            <div className="overflow-x-auto rounded border border-line">
              <table className="w-full border-collapse">
                <caption className="sr-only">Jobs</caption>
                <thead className="bg-surface-raised text-left text-sm">
                  <tr>
                    {tableColumns.map(({ label, numeric }) => (
                      <th key={label} scope="col" className={cx('px-1 py-1 whitespace-nowrap', numeric && 'text-right')}>
                        {label}
                      </th>
                    ))}
                    <th scope="col" className="px-1 py-1 text-right whitespace-nowrap">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {jobs.map((job) => (
                    <JobTableRow
                      key={job.id}
                      job={job}
                      busy={busyId === job.id}
                      locked={acting && busyId !== job.id}
                      onAction={onAction(job)}
                      onBoost={boostOf(job)}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <ul aria-label="Jobs" className="flex flex-col gap-1">
              {jobs.map((job) => (
                <JobCard
                  key={job.id}
                  job={job}
                  busy={busyId === job.id}
                  locked={acting && busyId !== job.id}
                  onAction={onAction(job)}
                  onBoost={boostOf(job)}
                />
              ))}
            </ul>
          )}
        </div>
      )}

      {loadError === null && total > 0 && (
        <PageSteps page={query.pageNumber} pages={pages} disabled={loading} onPage={(page) => actor.send({ type: 'jobs.page', page })} />
      )}

      <Suspense fallback={null}>
        {confirming && (
          <ConfirmDialog
            title="Delete job?"
            confirmLabel="Delete job"
            cancelLabel="Cancel"
            onCancel={() => actor.send({ type: 'dialog.close' })}
            onConfirm={() => actor.send({ type: 'confirm.accept' })}
          >
            <p>“{confirming.title}” will disappear from your lists and from job search. Its applications are kept.</p>
          </ConfirmDialog>
        )}
        {boosting && (
          <BoostDialog
            job={{ id: boosting.id, title: boosting.title }}
            logic={boostLogic}
            onClose={() => setBoosting(null)}
            onBoosted={(id) => actor.send({ type: 'job.boosted', id })}
          />
        )}
      </Suspense>
    </div>
  );
}

/**
 * /user/jobs (recruiter job management and company jobs, ?job=active or ?job=closed) and
 * /user/posted-jobs (the employer's posted jobs, with a company search) (spec 2 §2).
 */
export default function JobsPage(props: JobsPageProps) {
  const [path] = useLocation();
  const posted = path.startsWith('/user/posted-jobs');
  const title = posted ? 'Posted Jobs' : 'Jobs';
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-2 px-2 py-4" aria-labelledby="page-title">
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h1 id="page-title" className="text-3xl font-bold">
          {title}
        </h1>
        <div className="flex flex-wrap items-center gap-1">
          <Link href={PERFORMANCE_PATH} className="rounded px-1.5 py-1 text-sm font-semibold">
            Performance
          </Link>
          <Link href={DRAFTS_PATH} className="rounded px-1.5 py-1 text-sm font-semibold">
            Drafts
          </Link>
          <Link
            href={WIZARD_PATH}
            className="inline-flex min-h-5 items-center rounded bg-brand-700 px-2 py-1 text-sm font-semibold text-white no-underline hover:bg-brand-800"
          >
            Post a job
          </Link>
        </div>
      </div>
      <JobList {...props} posted={posted} basePath={posted ? '/user/posted-jobs' : '/user/jobs'} />
    </section>
  );
}
