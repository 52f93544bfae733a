import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { Link, useLocation, useSearch } from 'wouter';
import { AccountMessages } from '../../contract/account.ts';
import {
  forgotPasswordMachine,
  selectCanSubmit,
  selectError,
  selectFieldErrors,
  selectSentMessage,
} from '../../machines/account/forgot-password.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthCard } from '../ui/auth-card.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';
import { fieldBinder } from '../ui/field-binding.ts';

export interface ForgotPasswordPageProps {
  /** A prepared machine (stubbed actors) for stories and tests. */
  logic?: typeof forgotPasswordMachine;
  /** Starts the form in a given state (stories). */
  snapshot?: SnapshotFrom<typeof forgotPasswordMachine>;
}

/** Forgot password (spec 1 §2): asks for the email, then says a reset link was emailed. */
export default function ForgotPasswordPage({ logic, snapshot }: ForgotPasswordPageProps) {
  // The sign-in screen may pass on the email already typed there.
  const email = new URLSearchParams(useSearch()).get('email');
  const actor = useActorRef(logic ?? forgotPasswordMachine, { input: { email }, ...(snapshot && { snapshot }) });
  const values = useSelector(actor, (s) => s.context.values);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const bind = fieldBinder(actor.send, values, fieldErrors);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const busy = useSelector(actor, (s) => s.hasTag('loading'));
  const error = useSelector(actor, selectError);
  const sent = useSelector(actor, selectSentMessage);
  const [, navigate] = useLocation();

  if (sent !== null) {
    return (
      <AuthCard title="Forgot Password">
        <Alert tone="success" className="flex flex-col gap-1">
          <p className="font-semibold">Check your email</p>
          <p>{sent}</p>
          <p>{AccountMessages.checkSpam}</p>
        </Alert>
        <Button className="mt-2" fullWidth onClick={() => navigate('/login')}>
          Back to Login
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot Password">
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <p className="text-sm text-muted">Enter the email you registered with and we will email you a link to reset your password.</p>
        <TextField label="Email" type="email" autoComplete="email" required {...bind('email')} />
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" fullWidth busy={busy} disabled={!canSubmit}>
          Send Reset Link
        </Button>
        <p className="text-center text-sm">
          Remembered it?{' '}
          <Link href="/login" className="font-semibold">
            Back to Login
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
