import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { JobAlertMessages } from '../../contract/job-alerts.ts';
import { frequencyInWords } from '../../lib/job-alerts.ts';
import { confirmAlertMachine } from '../../machines/public/confirm-alert.machine.ts';
import { ServerErrors } from '../account/server-errors.view.tsx';
import { Alert } from '../ui/alert.tsx';
import { AuthCard } from '../ui/auth-card.tsx';
import { NoIndex } from '../ui/no-index.tsx';

export interface ConfirmAlertPageProps {
  /** The machine with its call provided (stories and tests stub it). */
  logic?: typeof confirmAlertMachine;
  snapshot?: SnapshotFrom<typeof confirmAlertMachine>;
}

/** The link of a job alert's confirmation mail: confirms the alert and says how often it comes. */
export default function ConfirmAlertPage({ logic, snapshot }: ConfirmAlertPageProps) {
  const search = useSearch();
  const input = { token: new URLSearchParams(search).get('token') };
  const actor = useActorRef(logic ?? confirmAlertMachine, snapshot ? { snapshot, input } : { input });
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const frequency = useSelector(actor, (s) => (s.matches('success') ? s.context.frequency : null));
  const errors = useSelector(actor, (s) => s.context.errors);

  return (
    <AuthCard title="Job alerts">
      <NoIndex />
      <div aria-live="polite" className="flex flex-col gap-2">
        {loading && <p className="text-muted">Confirming your job alert…</p>}
        {frequency && (
          <Alert tone="success">
            <p>{JobAlertMessages.confirmed}</p>
            <p className="mt-0.5">We will email you {frequencyInWords(frequency)} when there are new jobs.</p>
          </Alert>
        )}
        <ServerErrors errors={errors} />
      </div>
      {!loading && (
        <Link href="/jobs" className="mt-2 inline-block font-semibold">
          Search jobs
        </Link>
      )}
    </AuthCard>
  );
}
