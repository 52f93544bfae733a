import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { applicationStatuses, type SeekerDashboardCount } from '../../contract/jobs.ts';
import type { profileCompletionMachine } from '../../machines/account/profile-completion.machine.ts';
import type { saveJobMachine, SaveJobEmitted } from '../../machines/jobs/save-job.machine.ts';
import { seekerDashboardMachine } from '../../machines/jobs/seeker-dashboard.machine.ts';
import { ApplicationStatusChip } from '../jobs/application-status.tsx';
import { MatchedRow, SEARCH_JOBS_PATH } from '../jobs/seeker-jobs-list.tsx';
import { ProfileCompletion } from '../jobseeker/profile-completion.view.tsx';
import type { seekerInvitationsMachine } from '../../machines/suggestions/seeker-invitations.machine.ts';
import { InvitationsCard } from '../suggestions/invitations-card.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';

type Logic = typeof seekerDashboardMachine;

export const JOBS_FOR_YOU_ID = 'jobs-for-you';

function CountCard({ id, title, count, href, linkLabel }: { id: string; title: string; count: number; href: string; linkLabel: string }) {
  const headingId = `count-${id}`;
  const inPage = href.startsWith('#');
  const linkClass = 'mt-auto text-xs font-semibold sm:text-sm';
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-0.5 rounded border border-line bg-surface p-1 shadow-sm sm:p-2"
    >
      <h2 id={headingId} className="text-xs font-semibold text-muted sm:text-sm">
        {title}
      </h2>
      <p className="text-3xl font-bold sm:text-4xl">{count}</p>
      {inPage ? (
        <a href={href} className={linkClass}>
          {linkLabel}
        </a>
      ) : (
        <Link href={href} className={linkClass}>
          {linkLabel}
        </Link>
      )}
    </section>
  );
}

function Counts({ counts }: { counts: SeekerDashboardCount }) {
  const byStatus = applicationStatuses.filter((s) => (counts.applications[s] ?? 0) > 0);
  return (
    <>
      <div className="grid grid-cols-3 gap-1 sm:gap-2">
        <CountCard
          id="applied"
          title="Applied jobs"
          count={counts.appliedJobs}
          href="/user/applied-jobs"
          linkLabel={counts.appliedJobs ? 'See your applications' : 'Your applications'}
        />
        <CountCard id="saved" title="Saved jobs" count={counts.savedJobs} href="/user/saved-jobs" linkLabel="See saved jobs" />
        <CountCard
          id="matched"
          title="Matching jobs"
          count={counts.matchedJobs}
          href={`#${JOBS_FOR_YOU_ID}`}
          linkLabel="See jobs for you"
        />
      </div>
      {byStatus.length > 0 && (
        <section aria-labelledby="applications-title" className="rounded border border-line bg-surface p-2 shadow-sm">
          <h2 id="applications-title" className="text-sm font-semibold text-muted">
            Your applications by status
          </h2>
          <ul className="mt-1 flex flex-wrap gap-1">
            {byStatus.map((s) => (
              <li key={s} className="flex items-center gap-0.5">
                <ApplicationStatusChip status={s} />
                <span className="font-semibold">{counts.applications[s]}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

export interface SeekerDashboardProps {
  /** The machines with their calls provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
  completionLogic?: typeof profileCompletionMachine;
  completionSnapshot?: SnapshotFrom<typeof profileCompletionMachine>;
  saveLogic?: typeof saveJobMachine;
  invitationsLogic?: typeof seekerInvitationsMachine;
  invitationsSnapshot?: SnapshotFrom<typeof seekerInvitationsMachine>;
}

/**
 * A job seeker's dashboard (spec 2 §7 DashboardCount, matched-list): the applied, saved and
 * matching jobs with links to them, the applications by status, the invitations to apply, how
 * complete the profile is, and the best matching jobs, each saveable.
 */
export function SeekerDashboard({
  logic,
  snapshot,
  completionLogic,
  completionSnapshot,
  saveLogic,
  invitationsLogic,
  invitationsSnapshot,
}: SeekerDashboardProps) {
  const actor = useActorRef(logic ?? seekerDashboardMachine, snapshot ? { snapshot } : {});
  const counts = useSelector(actor, (s) => s.context.counts);
  const countsFailed = useSelector(actor, (s) => s.matches({ counts: 'failed' }));
  const jobs = useSelector(actor, (s) => s.context.jobs);
  const matchesLoading = useSelector(actor, (s) => s.matches({ matches: 'loading' }));
  const matchesFailed = useSelector(actor, (s) => s.matches({ matches: 'failed' }));
  const onSaveChange = useCallback(
    (c: SaveJobEmitted) => actor.send({ type: 'job.saveChanged', jobId: c.jobId, isSaved: c.isSaved }),
    [actor],
  );

  return (
    <div className="flex flex-col gap-2">
      {countsFailed ? (
        <LoadFailed message="Your job numbers could not be loaded." onRetry={() => actor.send({ type: 'counts.retry' })} />
      ) : counts ? (
        <Counts counts={counts} />
      ) : (
        <Loading label="Loading your job numbers…" />
      )}
      <InvitationsCard logic={invitationsLogic} snapshot={invitationsSnapshot} />
      <ProfileCompletion logic={completionLogic} snapshot={completionSnapshot} />
      <section id={JOBS_FOR_YOU_ID} aria-labelledby="jobs-for-you-title" className="flex scroll-mt-2 flex-col gap-1.5">
        <div className="flex flex-wrap items-baseline justify-between gap-1">
          <h2 id="jobs-for-you-title" className="text-xl font-bold">
            Jobs for you
          </h2>
          <Link href={SEARCH_JOBS_PATH} className="text-sm font-semibold">
            Search all jobs
          </Link>
        </div>
        {matchesFailed ? (
          <LoadFailed message="The jobs for you could not be loaded." onRetry={() => actor.send({ type: 'matches.retry' })} />
        ) : matchesLoading ? (
          <Loading label="Loading jobs for you…" />
        ) : jobs.length === 0 ? (
          <div className="flex flex-col items-start gap-1 rounded border border-dashed border-line p-2">
            <p>No open job matches your profile yet. Add your skills and preferences so we can find jobs for you, or search all jobs.</p>
            <div className="flex flex-wrap gap-2 text-sm font-semibold">
              <Link href="/user/settings/skills">Add skills</Link>
              <Link href="/user/settings/preferences">Set preferences</Link>
              <Link href={SEARCH_JOBS_PATH}>Find jobs</Link>
            </div>
          </div>
        ) : (
          <>
            <p className="text-sm text-muted">Open jobs that match your skills and preferences, best match first.</p>
            <ul aria-labelledby="jobs-for-you-title" className="flex flex-col gap-1.5">
              {jobs.map((job) => (
                <li key={job.id}>
                  <MatchedRow job={job} saveLogic={saveLogic} onSaveChange={onSaveChange} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
