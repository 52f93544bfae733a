import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import { SessionContext } from '../../app/session.tsx';
import { adminDetails, type adminDetailsMachine } from '../../machines/admin/admin-details.machine.ts';
import { emailChangeMachine, selectEmailErrors, selectStep } from '../../machines/admin/email-change.machine.ts';
import type { changePasswordMachine } from '../../machines/account/change-password.machine.ts';
import { DetailsForm } from '../account/details-form.view.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { OtpInput } from '../ui/otp-input.tsx';
import { toast } from '../ui/toast.tsx';
import { BackOfficeLayout } from './back-office-layout.tsx';

// The password dialog (and Headless UI's dialog with it) loads after the page shows.
const loadPasswordDialog = () => import('../account/change-password.view.tsx');
const ChangePasswordDialog = lazy(() => loadPasswordDialog().then((m) => ({ default: m.ChangePasswordDialog })));

type DetailsLogic = typeof adminDetailsMachine;
type EmailLogic = typeof emailChangeMachine;

export interface SettingsPageProps {
  /** The machines with their actors provided (stories and tests stub them). */
  detailsLogic?: DetailsLogic;
  detailsSnapshot?: SnapshotFrom<DetailsLogic>;
  emailLogic?: EmailLogic;
  emailSnapshot?: SnapshotFrom<EmailLogic>;
  passwordLogic?: typeof changePasswordMachine;
}

function Section({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1.5 rounded border border-line bg-surface p-2 shadow-sm">
      <div>
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted">{intro}</p>
      </div>
      {children}
    </section>
  );
}

/** The administrator's name and phone. */
function DetailsSection({ logic, snapshot }: { logic?: DetailsLogic | undefined; snapshot?: SnapshotFrom<DetailsLogic> | undefined }) {
  return (
    <Section id="details-title" title="Your details" intro="Your name shows in the audit trail beside every action you take.">
      <DetailsForm details={adminDetails} {...(logic && { logic })} {...(snapshot && { snapshot })} loadingLabel="Loading your details…">
        {({ bind }) => (
          <div className="grid gap-2 sm:grid-cols-2">
            <TextField label="First Name" autoComplete="given-name" required {...bind('firstName')} />
            <TextField label="Last Name" autoComplete="family-name" required {...bind('lastName')} />
            <TextField
              label="Phone Number"
              type="tel"
              autoComplete="tel"
              hint="A US number, e.g. (503) 555-0123. Leave empty for none."
              {...bind('phoneNumber')}
            />
          </div>
        )}
      </DetailsForm>
    </Section>
  );
}

/** A new email: the address, then the code emailed to it, then the new email shown. */
function EmailSection({ logic, snapshot }: { logic?: EmailLogic | undefined; snapshot?: SnapshotFrom<EmailLogic> | undefined }) {
  const actor = useActorRef(logic ?? emailChangeMachine, snapshot ? { snapshot } : {});
  const session = SessionContext.useActorRef();
  const step = useSelector(actor, selectStep);
  const details = useSelector(actor, (s) => s.context.details);
  const email = useSelector(actor, (s) => s.context.email);
  const code = useSelector(actor, (s) => s.context.code);
  const sentTo = useSelector(actor, (s) => s.context.sentTo);
  const errors = useSelector(actor, selectEmailErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const message = useSelector(actor, (s) => s.context.message);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const requesting = useSelector(actor, (s) => s.matches('requesting'));
  const stepRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);

  // A new step replaces the form the focus was in: it goes to the new step's first field.
  useEffect(() => {
    const from = shownStep.current;
    shownStep.current = step;
    if (from === step || from === 'loading' || from === 'loadFailed') return;
    stepRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [step]);

  useEffect(() => {
    const sub = actor.on('email.changed', (e) => {
      toast.success(e.message, { id: e.message });
      // The navigation's menu shows the new address.
      session.send({ type: 'session.userUpdated', user: { email: e.email } });
    });
    return () => sub.unsubscribe();
  }, [actor, session]);

  let body: ReactNode;
  if (step === 'loading') body = <Loading label="Loading your email…" />;
  else if (step === 'loadFailed') body = <LoadFailed message={loadError ?? ''} onRetry={() => actor.send({ type: 'email.retry' })} />;
  else if (step === 'code')
    body = (
      <form
        noValidate
        aria-label="Confirm your new email"
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'code.submit' });
        }}
      >
        {message && <Alert tone="info">{message}</Alert>}
        <OtpInput
          legend={`The code sent to ${sentTo ?? ''}`}
          value={code}
          onChange={(value) => actor.send({ type: 'code.change', value })}
          error={errors.code}
          disabled={busy}
        />
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-1">
          <Button variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'email.restart' })}>
            Use another address
          </Button>
          <Button variant="secondary" disabled={busy} busy={requesting} onClick={() => actor.send({ type: 'code.resend' })}>
            Send the code again
          </Button>
          <Button type="submit" busy={busy && !requesting} disabled={busy}>
            Confirm email
          </Button>
        </div>
      </form>
    );
  else
    body = (
      <form
        noValidate
        aria-label="Change your email"
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'email.submit' });
        }}
      >
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          value={email}
          error={errors.email}
          disabled={busy}
          onChange={(e) => actor.send({ type: 'email.change', value: e.target.value })}
        />
        {error && <Alert tone="error">{error}</Alert>}
        {message && !error && <Alert tone="success">{message}</Alert>}
        <div className="flex justify-end">
          <Button type="submit" busy={busy}>
            Send a code
          </Button>
        </div>
      </form>
    );

  return (
    <Section id="email-title" title="Email" intro="You sign in with this address. A new one is confirmed with a 6-digit code sent to it.">
      {details && (
        <p>
          Your email: <strong className="break-all">{details.email}</strong>
        </p>
      )}
      <div ref={stepRef}>{body}</div>
    </Section>
  );
}

/** The password, changed in the same dialog as from the navigation's menu. */
function PasswordSection({ logic }: { logic?: typeof changePasswordMachine | undefined }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    loadPasswordDialog().catch(() => undefined);
  }, []);
  return (
    <Section
      id="password-title"
      title="Password"
      intro="After a change you are signed out everywhere and sign in again with the new password and an emailed code."
    >
      <div>
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          Change password
        </Button>
      </div>
      <Suspense fallback={null}>{open && <ChangePasswordDialog open onClose={() => setOpen(false)} {...(logic && { logic })} />}</Suspense>
    </Section>
  );
}

/** /back-office/settings: the SuperAdmin's own details, email and password. */
export default function SettingsPage({ detailsLogic, detailsSnapshot, emailLogic, emailSnapshot, passwordLogic }: SettingsPageProps) {
  return (
    <BackOfficeLayout title="Settings">
      <div className="flex max-w-3xl flex-col gap-2">
        <DetailsSection logic={detailsLogic} snapshot={detailsSnapshot} />
        <EmailSection logic={emailLogic} snapshot={emailSnapshot} />
        <PasswordSection logic={passwordLogic} />
      </div>
    </BackOfficeLayout>
  );
}
