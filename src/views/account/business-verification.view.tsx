import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import {
  businessVerificationMachine,
  selectBusy,
  selectCanSubmit,
  selectFieldErrors,
  selectVerified,
  type BusinessField,
  type BusinessVerificationInput,
} from '../../machines/account/business-verification.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthCard } from '../ui/auth-card.tsx';
import { fieldBinder } from '../ui/field-binding.ts';
import { Button } from '../ui/button.tsx';
import { SecretField, TextField } from '../ui/field.tsx';
import { ServerErrors } from './server-errors.view.tsx';

export interface BusinessVerificationPageProps {
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: typeof businessVerificationMachine;
  /** Starts the machine in this state instead of the initial one. */
  snapshot?: SnapshotFrom<typeof businessVerificationMachine>;
  /** The request to prefill from; the stored one when not given. */
  input?: BusinessVerificationInput;
}

/** Business verification (spec 1 §2, route /business-validation): business name and TIN. */
export default function BusinessVerificationPage({ logic, snapshot, input }: BusinessVerificationPageProps) {
  const actor = useActorRef(logic ?? businessVerificationMachine, { input: input ?? {}, ...(snapshot ? { snapshot } : {}) });
  const values = useSelector(actor, (s) => s.context.values);
  const emailKnown = useSelector(actor, (s) => s.context.emailKnown);
  const message = useSelector(actor, (s) => s.context.message);
  const errors = useSelector(actor, (s) => s.context.errors);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const busy = useSelector(actor, selectBusy);
  const verified = useSelector(actor, selectVerified);

  if (verified) {
    return (
      <AuthCard title="Business Verification">
        <Alert tone="success">{message}</Alert>
        <p className="mt-2 text-center text-sm">
          <Link href="/login" className="font-semibold">
            Go to Login
          </Link>
        </p>
      </AuthCard>
    );
  }

  const text = fieldBinder<BusinessField>(actor.send, values, fieldErrors);

  return (
    <AuthCard title="Business Verification">
      <p className="mb-2 text-sm text-muted">
        Employers must have their business verified as legally registered in the United States before they can log in.
      </p>
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        {emailKnown ? (
          <p className="text-sm">
            Account: <span className="font-semibold">{values.email}</span>
          </p>
        ) : (
          <TextField label="Email" type="email" autoComplete="email" required {...text('email')} />
        )}
        <TextField label="Legal business or personal name" autoComplete="organization" required {...text('businessName')} />
        <SecretField
          label="EIN/TIN/SSN"
          what="TIN"
          autoComplete="off"
          inputMode="numeric"
          required
          hint="Nine digits, e.g. 12-3456789."
          {...text('businessTin')}
        />

        <ServerErrors errors={errors} />

        <Button type="submit" fullWidth busy={busy} disabled={!canSubmit}>
          Verify Business
        </Button>
      </form>
      <p className="mt-2 text-center text-sm">
        Already verified?{' '}
        <Link href="/login" className="font-semibold">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
