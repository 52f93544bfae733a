import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../ui/toast.tsx';
import type { SnapshotFrom } from 'xstate';
import { Link, useLocation, useSearch } from 'wouter';
import {
  resetPasswordMachine,
  selectCanSubmit,
  selectError,
  selectFieldErrors,
  selectDoneMessage,
  selectLinkValid,
} from '../../machines/account/reset-password.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthCard } from '../ui/auth-card.tsx';
import { Button } from '../ui/button.tsx';
import { SecretField } from '../ui/field.tsx';
import { fieldBinder } from '../ui/field-binding.ts';

export interface ResetPasswordPageProps {
  /** A prepared machine (stubbed actors) for stories and tests. */
  logic?: typeof resetPasswordMachine;
  /** Starts the form in a given state (stories). */
  snapshot?: SnapshotFrom<typeof resetPasswordMachine>;
}

/** Reset password: the emailed link carries `token` and `email` as query parameters. */
export default function ResetPasswordPage({ logic, snapshot }: ResetPasswordPageProps) {
  const search = useSearch();
  const params = new URLSearchParams(search);
  // Another link opened in the same tab starts afresh.
  return <ResetPasswordForm key={search} logic={logic} snapshot={snapshot} token={params.get('token')} email={params.get('email')} />;
}

function ResetPasswordForm({ logic, snapshot, token, email }: ResetPasswordPageProps & { token: string | null; email: string | null }) {
  const actor = useActorRef(logic ?? resetPasswordMachine, { input: { token, email }, ...(snapshot && { snapshot }) });
  const values = useSelector(actor, (s) => s.context.values);
  const account = useSelector(actor, (s) => s.context.email);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const bind = fieldBinder(actor.send, values, fieldErrors);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const busy = useSelector(actor, (s) => s.hasTag('loading'));
  const error = useSelector(actor, selectError);
  const linkValid = useSelector(actor, selectLinkValid);
  const done = useSelector(actor, selectDoneMessage);
  const [, navigate] = useLocation();

  useEffect(() => {
    const subs = [actor.on('notify', (e) => toast.success(e.message)), actor.on('navigate', (e) => navigate(e.to))];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, navigate]);

  // The app moves on to /login at once; this shows only if it does not.
  if (done !== null) {
    return (
      <AuthCard title="Reset Password">
        <Alert tone="success">{done}</Alert>
        <p className="mt-2 text-sm">
          <Link href="/login">Back to Login</Link>
        </p>
      </AuthCard>
    );
  }

  if (!linkValid) {
    return (
      <AuthCard title="Reset Password">
        <Alert tone="error">{error}</Alert>
        <p className="mt-2 text-sm">
          <Link href="/forget-password">Request a new reset link</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Password">
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <p className="text-sm text-muted">
          Choose a new password for <span className="font-semibold text-ink">{account}</span>.
        </p>
        <SecretField label="New Password" what="new password" autoComplete="new-password" required {...bind('newPassword')} />
        <SecretField label="Retype Password" what="retyped password" autoComplete="new-password" required {...bind('retypePassword')} />
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" fullWidth busy={busy} disabled={!canSubmit}>
          Reset Password
        </Button>
        <p className="flex justify-center gap-2 text-sm">
          <Link href="/login">Back to Login</Link>
          {error && <Link href="/forget-password">Request a new reset link</Link>}
        </p>
      </form>
    </AuthCard>
  );
}
