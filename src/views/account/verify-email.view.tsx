import { useActorRef, useSelector } from '@xstate/react';
import { useLocation, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { emailVerificationMachine, selectErrors, selectLoading, selectMessage } from '../../machines/account/email-verification.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthCard } from '../ui/auth-card.tsx';
import { Button } from '../ui/button.tsx';
import { LoadingOverlay } from '../ui/loading-overlay.tsx';
import { ServerErrors } from './server-errors.view.tsx';

export interface VerifyEmailPageProps {
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: typeof emailVerificationMachine;
  /** Starts the machine in this state instead of checking the link. */
  snapshot?: SnapshotFrom<typeof emailVerificationMachine>;
}

/** Email verification (spec 1 §2): the emailed link carries `token` and `email` as query parameters. */
export default function VerifyEmailPage({ logic, snapshot }: VerifyEmailPageProps) {
  const search = useSearch();
  // Another link opened in the same tab is checked afresh.
  return <Verification key={search} search={search} logic={logic} snapshot={snapshot} />;
}

function Verification({ search, logic, snapshot }: VerifyEmailPageProps & { search: string }) {
  const params = new URLSearchParams(search);
  const input = { token: params.get('token'), email: params.get('email') };
  const actor = useActorRef(logic ?? emailVerificationMachine, snapshot ? { snapshot, input } : { input });
  const loading = useSelector(actor, selectLoading);
  const message = useSelector(actor, selectMessage);
  const errors = useSelector(actor, selectErrors);
  const [, navigate] = useLocation();

  return (
    <AuthCard title="Email Verification">
      <LoadingOverlay open={loading} label="Verifying your email" />
      {loading && <p className="text-muted">Verifying your email…</p>}
      {message !== null && <Alert tone="success">{message}</Alert>}
      <ServerErrors errors={errors} />
      {!loading && (
        <Button className="mt-2" fullWidth onClick={() => navigate('/login')}>
          Go to Login
        </Button>
      )}
    </AuthCard>
  );
}
