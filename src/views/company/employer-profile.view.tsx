import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import type { SnapshotFrom } from 'xstate';
import { useAppConfig } from '../../app/app-config.tsx';
import { SessionContext } from '../../app/session.tsx';
import { employerProfileMachine, selectCanSubmit, selectFieldErrors, type EmployerField } from '../../machines/company/employer-profile.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';
import { fieldBinder } from '../ui/field-binding.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { CompanySettings } from './settings-layout.tsx';

type Logic = typeof employerProfileMachine;

const fields: Array<{ field: EmployerField; label: string; type: string; autoComplete: string; required: boolean; hint?: string }> = [
  { field: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name', required: true },
  { field: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name', required: true },
  { field: 'phoneNumber', label: 'Phone Number', type: 'tel', autoComplete: 'tel', required: false, hint: 'Optional. A US number, e.g. (503) 555-0123.' },
];

/** The employer's own details (GetEmployer, ModifyEmployer): name and phone; the email is shown. */
export function EmployerProfileForm({ logic, snapshot }: { logic?: Logic; snapshot?: SnapshotFrom<Logic> }) {
  const actor = useActorRef(logic ?? employerProfileMachine, snapshot ? { snapshot } : {});
  const session = SessionContext.useActorRef();
  const { supportEmail } = useAppConfig();
  const values = useSelector(actor, (s) => s.context.values);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const bind = fieldBinder(actor.send, values, fieldErrors);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const employer = useSelector(actor, (s) => s.context.profile);
  const error = useSelector(actor, (s) => s.context.error);
  const message = useSelector(actor, (s) => s.context.message);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const saving = useSelector(actor, (s) => s.matches('saving'));

  useEffect(() => {
    const sub = actor.on('profile.saved', ({ profile: saved, message: said }) => {
      toast.success(said);
      // The navigation greets the user by the name just saved.
      session.send({ type: 'session.userUpdated', user: { firstName: saved.firstName, lastName: saved.lastName } });
    });
    return () => sub.unsubscribe();
  }, [actor, session]);

  if (loading) return <Loading label="Loading your details…" />;
  if (loadFailed) return <LoadFailed message="Your details could not be loaded." onRetry={() => actor.send({ type: 'profile.retry' })} />;

  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <div className="grid gap-2 sm:grid-cols-2">
        {fields.map(({ field, label, type, autoComplete, required, hint }) => (
          <TextField key={field} label={label} type={type} autoComplete={autoComplete} hint={hint} required={required} {...bind(field)} />
        ))}
      </div>
      <dl className="grid gap-1 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium">Email</dt>
          <dd>{employer?.email}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium">Company</dt>
          <dd>{employer?.company.name}</dd>
        </div>
      </dl>
      <p className="text-xs text-muted">
        To change the email you sign in with, write to <a href={`mailto:${supportEmail}`} className="underline">
          {supportEmail}
        </a>.
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      {message && !error && <Alert tone="success">{message}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" busy={saving} disabled={!canSubmit}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** /user/settings/profile for an employer. */
export function EmployerProfilePage({ logic, snapshot }: { logic?: Logic; snapshot?: SnapshotFrom<Logic> }) {
  return (
    <CompanySettings title="Profile">
      <EmployerProfileForm logic={logic} snapshot={snapshot} />
    </CompanySettings>
  );
}
