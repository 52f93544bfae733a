import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useRef } from 'react';
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import type { AppliedJob, JobListCount, MatchedJob, SavedJob } from '../../contract/jobs.ts';
import { conversationPath } from '../../contract/messaging.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { locationLabel } from '../../lib/job-display.ts';
import type { saveJobMachine, SaveJobEmitted } from '../../machines/jobs/save-job.machine.ts';
import {
  seekerJobsMachine,
  selectFirstLoad,
  selectLoading,
  type SeekerJob,
  type SeekerList,
} from '../../machines/jobs/seeker-jobs.machine.ts';
import { cx } from '../ui/cx.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { ApplicationStatusChip, JobStateNote } from './application-status.tsx';
import { JobCard } from './job-card.tsx';

type Logic = typeof seekerJobsMachine;
type Snap = SnapshotFrom<Logic>;

export const SEARCH_JOBS_PATH = '/user/search-jobs';

/** The pages of the seeker's lists, as the tabs between them name them. */
export const seekerListPages = [
  { list: 'applied', label: 'Applied jobs', href: '/user/applied-jobs' },
  { list: 'saved', label: 'Saved jobs', href: '/user/saved-jobs' },
] as const satisfies ReadonlyArray<{ list: SeekerList; label: string; href: string }>;

/** What each list says of itself. */
const wording: Record<SeekerList, { title: string; one: string; many: string; empty: string; failed: string; loading: string }> = {
  applied: {
    title: 'Your applications',
    one: 'application',
    many: 'applications',
    empty: 'You have not applied to any job yet. Find one that suits you and apply in a few steps.',
    failed: 'Your applications could not be loaded.',
    loading: 'Loading your applications…',
  },
  saved: {
    title: 'Your saved jobs',
    one: 'saved job',
    many: 'saved jobs',
    empty: 'You have no saved jobs. Save the jobs you like while you search, and find them here later.',
    failed: 'Your saved jobs could not be loaded.',
    loading: 'Loading your saved jobs…',
  },
  matched: {
    title: 'Jobs for you',
    one: 'matching job',
    many: 'matching jobs',
    empty: 'No open job matches your profile yet. Add your skills and preferences, or search all jobs.',
    failed: 'The jobs for you could not be loaded.',
    loading: 'Loading jobs for you…',
  },
};

const countOf = (counts: JobListCount | null, list: SeekerList) => (counts ? counts[list] : null);

/** Applied / Saved, each with its count when known; the current one marked. */
function ListTabs({ current, counts }: { current: SeekerList; counts: JobListCount | null }) {
  return (
    <nav aria-label="Your jobs" className="flex gap-0.5 border-b border-line">
      {seekerListPages.map((p) => {
        const n = countOf(counts, p.list);
        const here = p.list === current;
        return (
          <Link
            key={p.list}
            href={p.href}
            aria-current={here ? 'page' : undefined}
            aria-label={n === null ? undefined : `${p.label} (${n})`}
            className={cx(
              '-mb-px inline-flex min-h-5 items-center gap-0.5 rounded-t border-b-3 px-1.5 py-1 text-sm font-semibold no-underline',
              here ? 'border-brand-600 text-ink' : 'border-transparent text-muted hover:text-ink',
            )}
          >
            {p.label}
            {n !== null && (
              <span aria-hidden="true" className="rounded-full bg-surface-raised px-0.75 text-xs">
                {n}
              </span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}

function Dated({ label, value }: { label: string; value: string }) {
  return (
    <span className="text-sm">
      {label} <time dateTime={value}>{formatDisplayDate(value)}</time>
    </span>
  );
}

const rowExtras = 'flex flex-wrap items-center gap-1 border-t border-line pt-1';

/** The conversation with the company about the application, once its staff started one. */
function ConversationLink({ job }: { job: AppliedJob }) {
  if (!job.conversationUrl) return null;
  return (
    <Link
      href={conversationPath(job.conversationUrl)}
      aria-label={`Messages with ${job.companyName} about ${job.title}`}
      className="ml-auto text-sm font-semibold text-brand-700 underline dark:text-brand-300"
    >
      Messages
    </Link>
  );
}

/** A job its employer deleted: the application stays, without a way to the job's page. */
function RemovedJobRow({ job }: { job: AppliedJob }) {
  const headingId = `job-${job.id}-title`;
  const place = locationLabel(job);
  return (
    <article
      aria-labelledby={headingId}
      data-job-id={job.id}
      className="flex flex-col gap-1 rounded border border-dashed border-line bg-surface-raised p-2"
    >
      <div>
        <h3 id={headingId} className="text-lg font-semibold leading-snug">
          {job.title}
        </h3>
        <p className="text-sm">{job.companyName}</p>
        {place && <p className="text-sm text-muted">{place}</p>}
      </div>
      <div className={rowExtras}>
        <ApplicationStatusChip status={job.applicationStatus} />
        <Dated label="Applied" value={job.appliedDate} />
        <JobStateNote status="Removed" />
        <ConversationLink job={job} />
      </div>
    </article>
  );
}

interface RowProps {
  saveLogic?: typeof saveJobMachine;
  onSaveChange: (change: SaveJobEmitted) => void;
}

function AppliedRow({ job, ...save }: RowProps & { job: AppliedJob }) {
  if (job.jobStatus === 'Removed') return <RemovedJobRow job={job} />;
  return (
    <JobCard job={job} saveable onSaveChange={save.onSaveChange} saveLogic={save.saveLogic}>
      <div className={rowExtras}>
        <ApplicationStatusChip status={job.applicationStatus} />
        <Dated label="Applied" value={job.appliedDate} />
        <JobStateNote status={job.jobStatus} />
        <ConversationLink job={job} />
      </div>
    </JobCard>
  );
}

function SavedRow({ job, ...save }: RowProps & { job: SavedJob }) {
  return (
    <JobCard job={job} saveable onSaveChange={save.onSaveChange} saveLogic={save.saveLogic}>
      <div className={rowExtras}>
        <Dated label="Saved" value={job.savedDate} />
        <JobStateNote status={job.jobStatus} />
      </div>
    </JobCard>
  );
}

/** "Matches 2 of your skills"; nothing without a skill in common. */
export function matchedSkillsLabel(job: Pick<MatchedJob, 'matchedSkills' | 'skills'>): string {
  if (job.matchedSkills <= 0) return '';
  return `Matches ${job.matchedSkills} of ${job.skills.length} skill${job.skills.length === 1 ? '' : 's'}`;
}

export function MatchedRow({ job, ...save }: RowProps & { job: MatchedJob }) {
  const skills = matchedSkillsLabel(job);
  return (
    <JobCard job={job} saveable onSaveChange={save.onSaveChange} saveLogic={save.saveLogic}>
      {(skills || job.jobStatus !== 'Active') && (
        <div className={rowExtras}>
          {skills && <span className="text-sm font-semibold text-brand-800 dark:text-brand-200">{skills}</span>}
          <JobStateNote status={job.jobStatus} />
        </div>
      )}
    </JobCard>
  );
}

function Row({ list, job, ...save }: RowProps & { list: SeekerList; job: SeekerJob }) {
  if (list === 'applied') return <AppliedRow job={job as AppliedJob} {...save} />;
  if (list === 'saved') return <SavedRow job={job as SavedJob} {...save} />;
  return <MatchedRow job={job as MatchedJob} {...save} />;
}

const pagerButton =
  'inline-flex min-h-5 items-center rounded px-1.5 text-sm font-semibold hover:bg-black/5 disabled:cursor-not-allowed disabled:opacity-50 dark:hover:bg-white/10';

export interface SeekerJobsListProps {
  list: SeekerList;
  /** The machine with its calls provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: Snap;
  /** The rows' Save toggles, likewise. */
  saveLogic?: typeof saveJobMachine;
}

/**
 * One of the job seeker's lists (spec 2 §2 applied-jobs, saved-jobs): 10 jobs a page, newest
 * first or oldest first, each a job card with what this list knows of it.
 */
export function SeekerJobsList({ list, logic, snapshot, saveLogic }: SeekerJobsListProps) {
  const actor = useActorRef(logic ?? seekerJobsMachine, snapshot ? { snapshot, input: { list } } : { input: { list } });
  const items = useSelector(actor, (s) => s.context.items);
  const page = useSelector(actor, (s) => s.context.page);
  const hasMore = useSelector(actor, (s) => s.context.hasMore);
  const ascending = useSelector(actor, (s) => s.context.ascending);
  const counts = useSelector(actor, (s) => s.context.counts);
  const notice = useSelector(actor, (s) => s.context.notice);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const loading = useSelector(actor, selectLoading);
  const firstLoad = useSelector(actor, selectFirstLoad);
  const failed = useSelector(actor, (s) => s.matches({ list: 'failed' }));
  const empty = useSelector(actor, (s) => s.matches({ list: 'empty' }));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const words = wording[list];

  const onSaveChange = useCallback(
    (change: SaveJobEmitted) => {
      actor.send({ type: 'job.saveChanged', jobId: change.jobId, isSaved: change.isSaved });
      // The row (and the button that had focus) leaves the saved list: keep the place in the page.
      if (list === 'saved' && !change.isSaved) headingRef.current?.focus();
    },
    [actor, list],
  );

  const total = countOf(counts, list);
  const summary = [total === null ? null : `${total} ${total === 1 ? words.one : words.many}`, page > 1 || hasMore ? `page ${page}` : null]
    .filter(Boolean)
    .join(', ');
  const paged = page > 1 || hasMore;

  return (
    <div className="flex flex-col gap-2">
      {list !== 'matched' && <ListTabs current={list} counts={counts} />}
      <section aria-labelledby="seeker-list-title" aria-busy={loading || undefined} className="flex flex-col gap-1.5">
        <div className="flex flex-wrap items-center justify-between gap-1">
          <div>
            <h2 id="seeker-list-title" ref={headingRef} tabIndex={-1} className="text-xl font-bold">
              {words.title}
            </h2>
            <p className="flex items-center gap-1 text-sm text-muted" data-testid="list-summary">
              {loading && !firstLoad ? (
                <>
                  <Spinner size={14} /> Loading…
                </>
              ) : (
                summary
              )}
            </p>
          </div>
          {list !== 'matched' && !failed && !empty && !firstLoad && (
            <button
              type="button"
              aria-pressed={ascending}
              disabled={loading}
              onClick={() => actor.send({ type: 'order.toggle' })}
              className={cx(
                'inline-flex min-h-5 items-center gap-0.5 rounded border px-1.5 py-0.5 text-sm font-semibold disabled:opacity-60',
                ascending
                  ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
                  : 'border-line hover:bg-black/5 dark:hover:bg-white/10',
              )}
            >
              <span aria-hidden="true">{ascending ? '↑' : '↓'}</span>
              Oldest first
            </button>
          )}
        </div>
        <p
          role="status"
          className={cx(
            notice
              ? 'rounded border border-brand-500/40 bg-brand-50 px-2 py-1 text-sm text-brand-800 dark:bg-brand-900/40 dark:text-brand-100'
              : 'sr-only',
          )}
        >
          {notice ?? ''}
        </p>
        {failed ? (
          <LoadFailed
            message={loadError ? `${words.failed} ${loadError}` : words.failed}
            onRetry={() => actor.send({ type: 'list.retry' })}
          />
        ) : firstLoad ? (
          <Loading label={words.loading} />
        ) : empty ? (
          <div className="flex flex-col items-start gap-1 rounded border border-dashed border-line p-2">
            <p>{words.empty}</p>
            <Link
              href={SEARCH_JOBS_PATH}
              className="inline-flex min-h-5 items-center rounded bg-brand-700 px-2 py-1 text-sm font-semibold text-white no-underline hover:bg-brand-800"
            >
              Find jobs
            </Link>
          </div>
        ) : (
          <ul aria-labelledby="seeker-list-title" className="flex flex-col gap-1.5">
            {items.map((job) => (
              <li key={job.id}>
                <Row list={list} job={job} saveLogic={saveLogic} onSaveChange={onSaveChange} />
              </li>
            ))}
          </ul>
        )}
        {paged && !failed && !empty && (
          <nav aria-label={`${words.title} pages`} className="flex items-center justify-between gap-1">
            <button
              type="button"
              className={pagerButton}
              disabled={loading || page <= 1}
              onClick={() => actor.send({ type: 'page.previous' })}
            >
              <span aria-hidden="true">←</span> Previous
            </button>
            <span className="text-sm" aria-current="page">
              Page {page}
            </span>
            <button type="button" className={pagerButton} disabled={loading || !hasMore} onClick={() => actor.send({ type: 'page.next' })}>
              Next <span aria-hidden="true">→</span>
            </button>
          </nav>
        )}
      </section>
    </div>
  );
}
