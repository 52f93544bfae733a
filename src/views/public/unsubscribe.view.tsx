import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { unsubscribeMachine } from '../../machines/public/unsubscribe.machine.ts';
import { ServerErrors } from '../account/server-errors.view.tsx';
import { Alert } from '../ui/alert.tsx';
import { AuthCard } from '../ui/auth-card.tsx';
import { NoIndex } from '../ui/no-index.tsx';

export interface UnsubscribePageProps {
  /** The machine with its call provided (stories and tests stub it). */
  logic?: typeof unsubscribeMachine;
  snapshot?: SnapshotFrom<typeof unsubscribeMachine>;
}

/** The unsubscribe link of a job alert mail: leaves the alert and says so. */
export default function UnsubscribePage({ logic, snapshot }: UnsubscribePageProps) {
  const search = useSearch();
  const input = { token: new URLSearchParams(search).get('token') };
  const actor = useActorRef(logic ?? unsubscribeMachine, snapshot ? { snapshot, input } : { input });
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const message = useSelector(actor, (s) => s.context.message);
  const errors = useSelector(actor, (s) => s.context.errors);

  return (
    <AuthCard title="Job alerts">
      <NoIndex />
      <div aria-live="polite" className="flex flex-col gap-2">
        {loading && <p className="text-muted">Unsubscribing…</p>}
        {message !== null && <Alert tone="success">{message}</Alert>}
        <ServerErrors errors={errors} />
      </div>
      {!loading && (
        <Link href="/jobs" className="mt-2 inline-block font-semibold">
          Browse jobs
        </Link>
      )}
    </AuthCard>
  );
}
