import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../ui/toast.tsx';
import { Link, useLocation, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import dayjs from 'dayjs';
import { SessionContext } from '../../app/session.tsx';
import {
  acceptInvitationMachine,
  selectAcceptErrors,
  selectCanAccept,
  TICKED,
  type AcceptField,
} from '../../machines/staff/accept-invitation.machine.ts';
import { TermsCheckbox } from '../account/registration-fields.view.tsx';
import { Alert } from '../ui/alert.tsx';
import { AuthCard } from '../ui/auth-card.tsx';
import { Button } from '../ui/button.tsx';
import { SecretField, TextField } from '../ui/field.tsx';
import { fieldBinder } from '../ui/field-binding.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';

export interface AcceptInvitationPageProps {
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: typeof acceptInvitationMachine;
  /** Starts the machine in this state instead of reading the link. */
  snapshot?: SnapshotFrom<typeof acceptInvitationMachine>;
}

/** /accept-invitation?token=…: the link of an invitation mail. */
export default function AcceptInvitationPage({ logic, snapshot }: AcceptInvitationPageProps) {
  const search = useSearch();
  // Another link opened in the same tab is read afresh.
  return <Acceptance key={search} search={search} logic={logic} snapshot={snapshot} />;
}

function Acceptance({ search, logic, snapshot }: AcceptInvitationPageProps & { search: string }) {
  const input = { token: new URLSearchParams(search).get('token') };
  const actor = useActorRef(logic ?? acceptInvitationMachine, snapshot ? { snapshot, input } : { input });
  const session = SessionContext.useActorRef();
  const [, navigate] = useLocation();
  const invitation = useSelector(actor, (s) => s.context.invitation);
  const problem = useSelector(actor, (s) => s.context.problem);
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, selectAcceptErrors);
  const canSubmit = useSelector(actor, selectCanAccept);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const unusable = useSelector(actor, (s) => s.matches('unusable'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const bind = fieldBinder<AcceptField>(actor.send, values, errors);

  useEffect(() => {
    // The session first, so the page the user lands on sees them signed in.
    const subs = [
      actor.on('signedIn', (e) => session.send({ type: 'session.signedIn', data: e.data })),
      actor.on('notify', (e) => toast.success(e.message, { id: e.message })),
      actor.on('navigate', (e) => navigate(e.to)),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, session, navigate]);

  if (loading) {
    return (
      <AuthCard title="Join your company">
        <Loading label="Reading your invitation…" />
      </AuthCard>
    );
  }
  if (unusable) {
    return (
      <AuthCard title="Join your company">
        <Alert tone="error">{problem}</Alert>
        <p className="mt-2 text-sm">
          Already joined? <Link href="/login">Go to Login</Link>
        </p>
      </AuthCard>
    );
  }
  if (loadFailed) {
    return (
      <AuthCard title="Join your company">
        <LoadFailed message={problem ?? ''} onRetry={() => actor.send({ type: 'invitation.retry' })} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={invitation ? `Join ${invitation.companyName}` : 'Join your company'}>
      {invitation && (
        <div className="mb-2 flex flex-col gap-0.5">
          <p>
            {invitation.inviterName} invited you to recruit for <strong>{invitation.companyName}</strong>
            {invitation.jobTitle ? ` as ${invitation.jobTitle}` : ''}.
          </p>
          <p className="text-sm text-muted">
            Your account: <span className="font-semibold text-ink">{invitation.email}</span>. The invitation works until{' '}
            {dayjs(invitation.expiresAt).format('MM-DD-YYYY')}.
          </p>
        </div>
      )}
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <div className="grid gap-2 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" required {...bind('firstName')} />
          <TextField label="Last name" autoComplete="family-name" required {...bind('lastName')} />
        </div>
        {/* The account's email, for password managers. */}
        <input type="email" name="username" autoComplete="username" value={invitation?.email ?? ''} readOnly hidden />
        <SecretField
          label="Password"
          what="password"
          autoComplete="new-password"
          required
          hint="8 to 128 characters."
          {...bind('password')}
        />
        <SecretField
          label="Confirm password"
          what="password confirmation"
          autoComplete="new-password"
          required
          {...bind('confirmPassword')}
        />
        <TermsCheckbox
          checked={values.acceptTerms === TICKED}
          error={errors.acceptTerms}
          onChange={(e) => actor.send({ type: 'field.change', field: 'acceptTerms', value: e.target.checked ? TICKED : '' })}
          onBlur={() => actor.send({ type: 'field.blur', field: 'acceptTerms' })}
        />
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" fullWidth busy={busy} disabled={!canSubmit}>
          Accept and sign in
        </Button>
      </form>
    </AuthCard>
  );
}
