import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { useDateZone, useHydrating } from '../../app/hydration.ts';
import { usePageJob } from '../../app/page-data.tsx';
import { usePageReader } from '../../app/session.tsx';
import { JobMessages } from '../../contract/job-messages.ts';
import type { JobDetail } from '../../contract/jobs.ts';
import { jobRefusalMessages, jobRefusalOf } from '../../contract/application-rules.ts';
import type { Role } from '../../contract/roles.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { jobPageTitle, locationLabel, postedLabel } from '../../lib/job-display.ts';
import { canApply, canReport, JobPageMessages, jobPageMachine, selectView } from '../../machines/jobs/job-page.machine.ts';
import type { ApplyActorRef } from '../../machines/jobs/apply.machine.ts';
import type { ReportJobActorRef } from '../../machines/jobs/report-job.machine.ts';
import type { SaveJobEmitted } from '../../machines/jobs/save-job.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { SaveJobButton } from './job-card.tsx';
import { CompanyCardView, Description, Extras, KeyFacts, Requirements, Skills } from './job-page-parts.tsx';
import type { invitationViewedMachine } from '../../machines/suggestions/invitation-viewed.machine.ts';
import { InvitationOpened, invitationIdOf } from '../suggestions/invitation-opened.tsx';

// The dialogs load on their own, after the page: most visitors of a job never open them.
const loadApplyDialog = () => import('./apply-dialog.tsx');
const loadReportDialog = () => import('./report-dialog.tsx');
const ApplyDialog = lazy(() => loadApplyDialog().then((m) => ({ default: m.ApplyDialog })));
const ReportDialog = lazy(() => loadReportDialog().then((m) => ({ default: m.ReportDialog })));

type Logic = typeof jobPageMachine;
type Actor = ActorRefFrom<Logic>;

/** Where "back to search" leads: the seeker's search with the map, else the public search. */
export const searchPathFor = (role: Role | null | undefined) => (role === 'JobSeeker' ? '/user/search-jobs' : '/jobs');

/** The sign-in page, coming back to this job afterwards. */
export const loginToApply = (jobId: string) => `/login?next=${encodeURIComponent(`/jobs/${jobId}`)}`;

/** Sets the document's title while the job is shown, as the server's HTML of the page has it. */
function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title === null) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}

/**
 * Moves focus to `ref` when `flag` turns true after the first render: the button a dialog was
 * opened from is gone (Apply became Applied, Report became the note), so focus lands on what
 * replaced it.
 */
function useFocusWhenTurnedOn(flag: boolean, ref: RefObject<HTMLElement | null>) {
  const was = useRef(flag);
  useEffect(() => {
    if (flag && !was.current) {
      // After the dialog has handed focus back.
      const timer = setTimeout(() => ref.current?.focus(), 0);
      was.current = flag;
      return () => clearTimeout(timer);
    }
    was.current = flag;
  }, [flag, ref]);
}

/** A closed or expired job says so, in the words the server refuses an application with. */
function StatusNotice({ job }: { job: JobDetail }) {
  // Whether the job itself refuses applications: the seeker's age is the server's to check.
  const refused = jobRefusalOf(job, { minor: false });
  return refused ? <Alert tone="error">{jobRefusalMessages[refused]}</Alert> : null;
}

/** The seeker's application: its status and day, and the way to the list of them. */
function AppliedPanel({
  application,
  panelRef,
}: {
  application: NonNullable<NonNullable<JobDetail['viewer']>['application']>;
  panelRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div
      ref={panelRef}
      tabIndex={-1}
      role="group"
      aria-label="Your application"
      className="flex w-full flex-col gap-0.5 rounded border border-brand-500/40 bg-brand-50 px-2 py-1 text-sm text-brand-900 outline-none focus-visible:outline focus-visible:outline-3 focus-visible:outline-brand-500 sm:w-fit sm:min-w-[20rem] dark:bg-brand-900/40 dark:text-brand-100"
    >
      <p className="font-semibold">
        <span aria-hidden="true">✓ </span>Applied
      </p>
      <p>
        Status: <strong>{application.status}</strong> · Applied on {formatDisplayDate(application.appliedDate)}
      </p>
      <Link href="/user/applied-jobs" className="font-semibold">
        See your applied jobs
      </Link>
    </div>
  );
}

/** Apply, Save and Report for a job seeker; a way to sign in and apply for a visitor; nothing for company staff. */
function Actions({ actor, job, role, signedIn }: { actor: Actor; job: JobDetail; role: Role | null; signedIn: boolean }) {
  const appliedRef = useRef<HTMLDivElement>(null);
  const reportedRef = useRef<HTMLParagraphElement>(null);
  const hasApplied = !!job.viewer?.hasApplied;
  const isReported = !!job.viewer?.isReported;
  useFocusWhenTurnedOn(hasApplied, appliedRef);
  useFocusWhenTurnedOn(isReported, reportedRef);
  const context = { asSeeker: role === 'JobSeeker', job };
  const onSaveChange = useCallback((change: SaveJobEmitted) => actor.send({ type: 'save.changed', isSaved: change.isSaved }), [actor]);

  if (!signedIn) {
    return job.isOpen ? (
      <div className="flex flex-wrap items-center gap-1">
        <Link
          href={loginToApply(job.id)}
          className="inline-flex min-h-5 items-center justify-center rounded bg-brand-700 px-2 py-1 text-sm font-semibold text-white no-underline hover:bg-brand-800"
        >
          Apply
        </Link>
        <span className="text-sm text-muted">Sign in as a job seeker to apply and save jobs.</span>
      </div>
    ) : null;
  }
  if (role !== 'JobSeeker' || !job.viewer) return null;

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-start gap-1">
        {canApply(context) && (
          <Button onClick={() => actor.send({ type: 'apply.open' })} aria-haspopup="dialog">
            Apply
          </Button>
        )}
        <SaveJobButton jobId={job.id} isSaved={job.viewer.isSaved} title={job.title} onChange={onSaveChange} className="items-start" />
        {canReport(context) && (
          <Button variant="ghost" onClick={() => actor.send({ type: 'report.open' })} aria-haspopup="dialog">
            Report this job
          </Button>
        )}
      </div>
      {job.viewer.application && <AppliedPanel application={job.viewer.application} panelRef={appliedRef} />}
      {isReported && (
        <p
          ref={reportedRef}
          tabIndex={-1}
          className="text-sm text-muted outline-none focus-visible:outline focus-visible:outline-3 focus-visible:outline-brand-500"
        >
          {/* Just reported from this page: under review until an administrator resolves it. */}
          {JobPageMessages.reported(job.viewer.report?.status ?? 'open')}
        </p>
      )}
    </div>
  );
}

function JobView({ actor, job, role, signedIn }: { actor: Actor; job: JobDetail; role: Role | null; signedIn: boolean }) {
  useDocumentTitle(jobPageTitle(job));
  const zone = useDateZone();
  const place = locationLabel(job);
  const applyRef = useSelector(actor, (s) => s.children.apply as ApplyActorRef | undefined);
  const reportRef = useSelector(actor, (s) => s.children.report as ReportJobActorRef | undefined);
  const seekerActions = role === 'JobSeeker' && !!job.viewer;
  // A job seeker may open them: fetched once the page shows, so they open at once.
  useEffect(() => {
    if (!seekerActions) return;
    void loadApplyDialog().catch(() => undefined);
    void loadReportDialog().catch(() => undefined);
  }, [seekerActions]);
  return (
    <article aria-labelledby="page-title" className="flex flex-col gap-3">
      <header className="flex flex-col gap-1.5">
        {job.boostPlacements.includes('badge') && (
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">Featured</p>
        )}
        <h1 id="page-title" className="text-3xl font-bold break-words">
          {job.title}
        </h1>
        <p className="flex flex-wrap gap-x-2 text-muted">
          <Link href={`/companies/${job.company.id}`} className="font-semibold">
            {job.companyName}
          </Link>
          {place && <span>{place}</span>}
          <span>Posted {postedLabel(job, zone)}</span>
        </p>
        <StatusNotice job={job} />
        {job.openToMinors && <p className="text-sm font-medium">{JobMessages.openToMinors}</p>}
        <Actions actor={actor} job={job} role={role} signedIn={signedIn} />
      </header>

      <div className="grid gap-3 lg:grid-cols-[1fr_18rem]">
        <div className="flex min-w-0 flex-col gap-3">
          <KeyFacts job={job} />
          <Skills job={job} />
          <Description html={job.description} />
          <Requirements job={job} />
          <Extras job={job} />
        </div>
        <aside className="flex flex-col gap-2">
          <CompanyCardView company={job.company} />
        </aside>
      </div>
      <Suspense fallback={null}>
        {applyRef && <ApplyDialog actor={applyRef} jobTitle={job.title} />}
        {reportRef && <ReportDialog actor={reportRef} jobTitle={job.title} />}
      </Suspense>
    </article>
  );
}

function Shell({ role, children }: { role: Role | null; children: ReactNode }) {
  return (
    // At least a screen tall, so the footer stays below the fold while the job loads and does not
    // move when it arrives.
    <div className="mx-auto flex min-h-screen w-full max-w-5xl flex-col gap-2 px-2 py-4">
      <Link href={searchPathFor(role)} className="w-fit text-sm font-medium">
        <span aria-hidden="true">← </span>Back to search
      </Link>
      {children}
    </div>
  );
}

/** The page before it knows who reads it: the job loading, as a visitor sees it. */
function JobPageSkeleton() {
  return (
    <Shell role={null}>
      <Loading label={JobPageMessages.loading} />
    </Shell>
  );
}

/** One job's page for `id`, read as the session's user sees it; a visitor's may come with its job. */
export function JobPageView({
  id,
  role,
  signedIn,
  job: sentJob,
  logic,
  snapshot,
}: {
  id: string;
  role: Role | null;
  signedIn: boolean;
  job?: JobDetail | null;
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}) {
  const input = { id, asSeeker: role === 'JobSeeker', job: sentJob };
  const actor = useActorRef(logic ?? jobPageMachine, snapshot ? { snapshot, input } : { input });
  const view = useSelector(actor, selectView);
  const job = useSelector(actor, (s) => s.context.job);

  return (
    <Shell role={role}>
      {view === 'loading' && <Loading label={JobPageMessages.loading} />}
      {view === 'failed' && <LoadFailed message={JobPageMessages.loadFailed} onRetry={() => actor.send({ type: 'job.retry' })} />}
      {view === 'notFound' && (
        <section aria-labelledby="page-title" className="flex flex-col gap-1">
          <h1 id="page-title" className="text-3xl font-bold">
            {JobPageMessages.notFoundTitle}
          </h1>
          <p>{JobMessages.jobNotFound}</p>
        </section>
      )}
      {view === 'loaded' && job && <JobView actor={actor} job={job} role={role} signedIn={signedIn} />}
    </Shell>
  );
}

/**
 * /jobs/:id: a job's page for anyone; a job seeker also applies, saves and reports here. Opened
 * from an invitation (?invite=<id>), the company is told the seeker viewed it.
 */
export default function JobPage({
  logic,
  snapshot,
  viewedLogic,
}: {
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
  viewedLogic?: typeof invitationViewedMachine;
}) {
  const { id = '' } = useParams<{ id: string }>();
  const invitationId = invitationIdOf(useSearch());
  const { waiting, role, signedIn } = usePageReader();
  const hydrating = useHydrating();
  // The job the server drew this page from (server/jobs/seo.ts), as a visitor reads it.
  const sentJob = usePageJob(id);
  // The job is read as the user is (a visitor's page while the browser takes over the server's
  // HTML, which is the job it was sent, else the job loading).
  if (waiting || (hydrating && !sentJob)) return <JobPageSkeleton />;
  // A new job, or a new user, is a new page: the machine starts again (a visitor's keeps the job it was sent).
  return (
    <>
      {role === 'JobSeeker' && invitationId && <InvitationOpened key={invitationId} invitationId={invitationId} logic={viewedLogic} />}
      <JobPageView
        key={`${id}:${role ?? ''}`}
        id={id}
        role={role}
        signedIn={signedIn}
        job={role === null ? sentJob : null}
        logic={logic}
        snapshot={snapshot}
      />
    </>
  );
}
