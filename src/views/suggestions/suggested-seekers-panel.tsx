import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import { MAX_INVITES_PER_CALL, SUGGESTION_RADIUS_MILES, type InviteOutcome, type SuggestedSeeker } from '../../contract/suggestions.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { invitable, selectPageCount, suggestedSeekersMachine } from '../../machines/suggestions/suggested-seekers.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { CloseButton } from '../ui/close-button.tsx';
import { PageSteps } from '../ui/page-steps.tsx';

type Logic = typeof suggestedSeekersMachine;

export interface SuggestedSeekersPanelProps {
  jobId: string;
  onClose: () => void;
  /** The machine with its calls provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}

/** What a row says after this visit's invitation call. */
const outcomeNotes: Record<Exclude<InviteOutcome, 'invited'>, string> = {
  alreadyInvited: 'Already invited',
  alreadyApplied: 'Already applied',
  notFound: 'Can no longer be invited',
};

const miles = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function SeekerRow({
  seeker,
  outcome,
  selected,
  canSelect,
  busy,
  inviting,
  onToggle,
  onInvite,
}: {
  seeker: SuggestedSeeker;
  outcome: InviteOutcome | undefined;
  selected: boolean;
  canSelect: boolean;
  busy: boolean;
  inviting: boolean;
  onToggle: () => void;
  onInvite: () => void;
}) {
  const id = useId();
  const open = seeker.invitedAt === null && outcome === undefined;
  const where = [seeker.headline, seeker.city].filter(Boolean).join(' · ');
  return (
    <li>
      <article
        aria-labelledby={`${id}-name`}
        className={cx(
          'flex gap-1.5 rounded border border-line bg-surface p-1.5 shadow-sm',
          selected && 'border-brand-700 dark:border-brand-300',
        )}
      >
        <input
          id={`${id}-pick`}
          type="checkbox"
          className="mt-0.5 size-2 shrink-0 accent-brand-700"
          checked={selected}
          disabled={!open || busy || (!selected && !canSelect)}
          onChange={onToggle}
          aria-labelledby={`${id}-name`}
          aria-describedby={`${id}-facts`}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <div className="flex flex-wrap items-start justify-between gap-1">
            <h3 id={`${id}-name`} className="font-semibold">
              <label htmlFor={`${id}-pick`}>{seeker.name}</label>
            </h3>
            <span className="text-sm font-semibold tabular-nums" aria-label={`Match ${seeker.score} out of 100`}>
              Match {seeker.score}%
            </span>
          </div>
          <p id={`${id}-facts`} className="text-sm text-muted">
            {where || 'No headline yet'}
            {seeker.distanceMiles !== null && ` · ${miles.format(seeker.distanceMiles)} mi away`}
          </p>
          {seeker.totalSkills > 0 && (
            <p className="text-sm">
              <span className="text-muted">
                Skills matched {seeker.matchedSkills.length} of {seeker.totalSkills}
                {seeker.matchedSkills.length > 0 && ': '}
              </span>
              {seeker.matchedSkills.map((s) => s.name).join(', ')}
            </p>
          )}
          <div className="mt-0.5 flex flex-wrap items-center gap-1">
            {seeker.invitedAt !== null ? (
              <span className="text-sm font-semibold text-brand-800 dark:text-brand-200">
                <span aria-hidden="true">✓ </span>
                Invited {formatDisplayDate(seeker.invitedAt)}
                {outcome === 'alreadyInvited' && ' (before)'}
              </span>
            ) : outcome !== undefined && outcome !== 'invited' ? (
              <span className="text-sm font-semibold text-muted">
                <span aria-hidden="true">⊘ </span>
                {outcomeNotes[outcome]}
              </span>
            ) : (
              <Button
                variant="secondary"
                className="min-h-4 px-1.5 py-0.5"
                busy={inviting}
                disabled={busy}
                onClick={onInvite}
                aria-label={`Invite ${seeker.name}`}
              >
                Invite
              </Button>
            )}
          </div>
        </div>
      </article>
    </li>
  );
}

/** The seekers of the machine's page, with the selection bar and the pages. */
export function SuggestedSeekersList({ logic, snapshot, jobId }: Omit<SuggestedSeekersPanelProps, 'onClose'>) {
  const actor = useActorRef(logic ?? suggestedSeekersMachine, snapshot ? { snapshot, input: { jobId } } : { input: { jobId } });
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const manyBusy = useSelector(actor, (s) => s.matches('invitingMany'));
  const pages = useSelector(actor, selectPageCount);
  const { seekers, selected, notice, total } = context;
  const open = seekers.filter((s) => invitable(context, s));

  if (failed) return <LoadFailed message={context.loadError ?? ''} onRetry={() => actor.send({ type: 'seekers.retry' })} />;
  if (loading && seekers.length === 0) return <Loading label="Loading suggested job seekers…" />;

  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm text-muted">
        Job seekers within {SUGGESTION_RADIUS_MILES} miles whose skills and preferences match this job, best match first. Only people who
        let employers find them are shown.
      </p>
      {notice && (
        <Alert tone={notice.failed ? 'info' : 'success'}>
          <span className="flex items-start justify-between gap-1">
            <span>{notice.message}</span>
            <button type="button" className="text-xs font-semibold underline" onClick={() => actor.send({ type: 'notice.dismiss' })}>
              Dismiss
            </button>
          </span>
        </Alert>
      )}
      {seekers.length === 0 ? (
        <div className="rounded border border-dashed border-line p-2 text-center text-muted">
          <p>No job seekers match this job yet. New people join every day: look again soon.</p>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-1">
            <p className="text-sm" aria-live="polite">
              {total === 1 ? '1 job seeker' : `${total} job seekers`} · {selected.length} selected
            </p>
            <div className="flex flex-wrap gap-1">
              {selected.length > 0 ? (
                <Button variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'seekers.clearSelection' })}>
                  Clear selection
                </Button>
              ) : (
                <Button variant="ghost" disabled={busy || open.length === 0} onClick={() => actor.send({ type: 'seekers.selectAll' })}>
                  Select all on this page
                </Button>
              )}
              <Button
                busy={manyBusy}
                disabled={busy || selected.length === 0}
                onClick={() => actor.send({ type: 'seekers.inviteSelected' })}
              >
                Invite selected{selected.length > 0 ? ` (${selected.length})` : ''}
              </Button>
            </div>
          </div>
          <ul
            aria-label="Suggested job seekers"
            aria-busy={loading || undefined}
            className={cx('flex flex-col gap-1', loading && 'opacity-60')}
          >
            {seekers.map((s) => (
              <SeekerRow
                key={s.id}
                seeker={s}
                outcome={context.outcomes[s.id]}
                selected={selected.includes(s.id)}
                canSelect={selected.length < MAX_INVITES_PER_CALL}
                busy={busy}
                inviting={context.inviting === s.id}
                onToggle={() => actor.send({ type: 'seeker.toggle', id: s.id })}
                onInvite={() => actor.send({ type: 'seeker.invite', id: s.id })}
              />
            ))}
          </ul>
          {total > seekers.length || context.pageNumber > 1 ? (
            <PageSteps
              page={context.pageNumber}
              pages={pages}
              disabled={loading || busy}
              onPage={(page) => actor.send({ type: 'seekers.page', page })}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

/** "Suggested job seekers" of one job, in a panel beside its applicants: invite one, or several at once. */
export function SuggestedSeekersPanel({ jobId, onClose, logic, snapshot }: SuggestedSeekersPanelProps) {
  return (
    <Dialog open onClose={onClose} className="relative z-40">
      <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
      <div className="fixed inset-y-0 right-0 flex w-full max-w-xl">
        <DialogPanel className="flex w-full flex-col overflow-y-auto bg-surface p-3 shadow-xl">
          <div className="mb-2 flex items-start justify-between gap-2">
            <DialogTitle className="text-xl font-semibold">Suggested job seekers</DialogTitle>
            <CloseButton onClick={onClose} label="Close suggested job seekers" />
          </div>
          <SuggestedSeekersList jobId={jobId} logic={logic} snapshot={snapshot} />
        </DialogPanel>
      </div>
    </Dialog>
  );
}
