import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { invitationLink, type SeekerInvitation } from '../../contract/suggestions.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { seekerInvitationsMachine } from '../../machines/suggestions/seeker-invitations.machine.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { InvitationStatusChip } from './invitation-status.tsx';

type Logic = typeof seekerInvitationsMachine;

export interface InvitationsCardProps {
  /** The machine with its call provided (stories and tests stub it). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}

const placeOf = (i: SeekerInvitation) => [i.job.city, i.job.state].filter(Boolean).join(', ');

function Row({ invitation: i }: { invitation: SeekerInvitation }) {
  const place = placeOf(i);
  return (
    <li className="flex flex-wrap items-start justify-between gap-1 border-t border-line pt-1 first:border-t-0 first:pt-0">
      <div className="flex min-w-0 flex-col">
        <Link href={invitationLink(i.job.id, i.id)} className="font-semibold">
          {i.job.title}
        </Link>
        <span className="text-sm">
          {i.companyName}
          {place && <span className="text-muted"> · {place}</span>}
        </span>
        <span className="text-xs text-muted">
          Invited {formatDisplayDate(i.invitedAt)}
          {!i.jobOpen && ' · This job no longer takes applications'}
        </span>
      </div>
      <InvitationStatusChip status={i.status} />
    </li>
  );
}

/**
 * The seeker's dashboard card of invitations to apply: the newest five, each linking to its job
 * (opening it tells the company the invitation was viewed). Nothing shows while there are none.
 */
export function InvitationsCard({ logic, snapshot }: InvitationsCardProps) {
  const actor = useActorRef(logic ?? seekerInvitationsMachine, snapshot ? { snapshot } : {});
  const page = useSelector(actor, (s) => s.context.page);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));

  if (!loading && !failed && (!page || page.items.length === 0)) return null;
  return (
    <section aria-labelledby="invitations-title" className="flex flex-col gap-1 rounded border border-line bg-surface p-2 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-1">
        <h2 id="invitations-title" className="text-xl font-bold">
          Invitations
        </h2>
        {page && page.total > page.items.length && (
          <span className="text-sm text-muted">
            Newest {page.items.length} of {page.total}
          </span>
        )}
      </div>
      {failed ? (
        <LoadFailed message="Your invitations could not be loaded." onRetry={() => actor.send({ type: 'invitations.retry' })} />
      ) : loading || !page ? (
        <Loading label="Loading your invitations…" />
      ) : (
        <>
          <p className="text-sm text-muted">Companies that think you would be a great fit invited you to apply.</p>
          <ul aria-labelledby="invitations-title" className="flex flex-col gap-1">
            {page.items.map((i) => (
              <Row key={i.id} invitation={i} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
