import { useActorRef, useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { INVITATION_STATUS_NAMES, invitationStatuses, type InvitationStatus, type SentInvitation } from '../../contract/suggestions.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { selectLoadError, selectPageCount, sentInvitationsMachine } from '../../machines/suggestions/sent-invitations.machine.ts';
import { cx } from '../ui/cx.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { SelectField, type Option } from '../ui/select-field.tsx';
import { useMediaQuery, WIDE_SCREEN } from '../ui/use-media-query.ts';
import { InvitationStatusChip } from './invitation-status.tsx';
import { PageSteps } from '../ui/page-steps.tsx';

type Logic = typeof sentInvitationsMachine;

export interface InvitesPageProps {
  /** The machine with its calls provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}

const ALL = '';
const statusOptions: ReadonlyArray<Option<string>> = [
  { value: ALL, label: 'Every status' },
  ...invitationStatuses.map((s) => ({ value: s, label: INVITATION_STATUS_NAMES[s] })),
];
const applicantsOf = (jobId: string) => `/user/applicants?jobId=${encodeURIComponent(jobId)}`;

/** When the invitation last moved: "Applied 03-14-2026". */
function lastStep(i: SentInvitation): string {
  if (i.appliedAt) return `Applied ${formatDisplayDate(i.appliedAt)}`;
  if (i.viewedAt) return `Viewed ${formatDisplayDate(i.viewedAt)}`;
  return 'Not opened yet';
}

function Card({ invitation: i }: { invitation: SentInvitation }) {
  const id = useId();
  return (
    <li>
      <article aria-labelledby={id} className="flex flex-col gap-0.5 rounded border border-line bg-surface p-1.5 shadow-sm">
        <div className="flex items-start justify-between gap-1">
          <h2 id={id} className="font-semibold">
            {i.jobSeeker.name}
          </h2>
          <InvitationStatusChip status={i.status} />
        </div>
        <p className="text-sm">
          <Link href={applicantsOf(i.job.id)}>{i.job.title}</Link>
        </p>
        <p className="text-sm text-muted">
          Invited {formatDisplayDate(i.invitedAt)}
          {i.invitedBy && ` by ${i.invitedBy.name}`} · {lastStep(i)}
        </p>
      </article>
    </li>
  );
}

/** The company's invitations: filters by job and status, the rows (a table on wide screens, cards on narrow ones) and pages. */
export function SentInvitations({ logic, snapshot }: InvitesPageProps) {
  const search = useSearch();
  const input = { jobId: useRef(new URLSearchParams(search).get('jobId') || null).current };
  const actor = useActorRef(logic ?? sentInvitationsMachine, snapshot ? { snapshot, input } : { input });
  const invitations = useSelector(actor, (s) => s.context.invitations);
  const total = useSelector(actor, (s) => s.context.total);
  const query = useSelector(actor, (s) => s.context.query);
  const jobs = useSelector(actor, (s) => s.context.jobs);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const loadError = useSelector(actor, selectLoadError);
  const pages = useSelector(actor, selectPageCount);
  const wide = useMediaQuery(WIDE_SCREEN);

  const jobOptions: Array<Option<string>> = [{ value: ALL, label: 'All jobs' }, ...jobs.map((j) => ({ value: j.id, label: j.title }))];
  if (query.jobId && !jobs.some((j) => j.id === query.jobId))
    jobOptions.push({ value: query.jobId, label: invitations[0]?.job.title ?? 'This job' });
  const narrowed = query.jobId !== null || query.status !== null;

  return (
    <div className="flex flex-col gap-2">
      <div role="search" aria-label="Invitations" className="grid gap-1.5 sm:grid-cols-2 lg:max-w-3xl">
        <SelectField<string>
          label="Job"
          value={query.jobId ?? ALL}
          options={jobOptions}
          onChange={(v) => actor.send({ type: 'invitations.job', jobId: v || null })}
        />
        <SelectField<string>
          label="Status"
          value={query.status ?? ALL}
          options={statusOptions}
          onChange={(v) => actor.send({ type: 'invitations.status', status: (v || null) as InvitationStatus | null })}
        />
      </div>

      <p className="text-sm text-muted" aria-live="polite">
        {!loading && loadError === null && total > 0 ? `${total} ${total === 1 ? 'invitation' : 'invitations'}` : ''}
      </p>

      {loadError !== null ? (
        <LoadFailed message={loadError} onRetry={() => actor.send({ type: 'invitations.retry' })} />
      ) : loading && invitations.length === 0 ? (
        <Loading label="Loading invitations…" />
      ) : !loading && invitations.length === 0 ? (
        <div className="flex flex-col items-center gap-1 rounded border border-dashed border-line p-3 text-center text-muted">
          <p>{narrowed ? 'No invitations match these filters.' : 'No invitations sent yet.'}</p>
          {!narrowed && (
            <p className="text-sm">Open a job’s applicants and choose “Suggested job seekers” to invite people who match it.</p>
          )}
        </div>
      ) : (
        <div aria-busy={loading || undefined} className={cx('transition-opacity', loading && 'opacity-60')}>
          {wide ? (
            <div className="overflow-x-auto rounded border border-line">
              <table className="w-full border-collapse">
                <caption className="sr-only">Invitations sent</caption>
                <thead className="bg-surface-raised text-left text-sm">
                  <tr>
                    <th scope="col" className="px-1 py-1">
                      Job seeker
                    </th>
                    <th scope="col" className="px-1 py-1">
                      Job
                    </th>
                    <th scope="col" className="px-1 py-1 whitespace-nowrap">
                      Invited
                    </th>
                    <th scope="col" className="px-1 py-1">
                      Invited by
                    </th>
                    <th scope="col" className="px-1 py-1">
                      Status
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {invitations.map((i) => (
                    <tr key={i.id} className="border-t border-line align-top">
                      <th scope="row" className="px-1 py-1 text-left font-semibold">
                        {i.jobSeeker.name}
                      </th>
                      <td className="px-1 py-1 text-sm">
                        <Link href={applicantsOf(i.job.id)}>{i.job.title}</Link>
                      </td>
                      <td className="px-1 py-1 text-sm whitespace-nowrap">{formatDisplayDate(i.invitedAt)}</td>
                      <td className="px-1 py-1 text-sm">{i.invitedBy?.name ?? '—'}</td>
                      <td className="px-1 py-1 text-sm">
                        <span className="flex flex-col items-start gap-0.25">
                          <InvitationStatusChip status={i.status} />
                          <span className="text-xs text-muted">{lastStep(i)}</span>
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <ul aria-label="Invitations sent" className="flex flex-col gap-1">
              {invitations.map((i) => (
                <Card key={i.id} invitation={i} />
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
          onPage={(page) => actor.send({ type: 'invitations.page', page })}
        />
      )}
    </div>
  );
}

/** /user/invites (spec 2 §2 "invitations sent"): the company's invitations to apply, for its employer and recruiters. */
export default function InvitesPage(props: InvitesPageProps) {
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-2 px-2 py-4" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold">
        Invitations sent
      </h1>
      <p className="text-muted">Job seekers your company invited to apply, and whether they opened the job or applied.</p>
      <SentInvitations {...props} />
    </section>
  );
}
