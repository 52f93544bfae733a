import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { useAppConfig } from '../../app/app-config.tsx';
import { SessionContext } from '../../app/session.tsx';
import { recruiterProfileMachine, selectCanSubmit, selectFieldErrors } from '../../machines/staff/recruiter-profile.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { fieldBinder } from '../ui/field-binding.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { DetailFields } from './detail-fields.view.tsx';

type Logic = typeof recruiterProfileMachine;

export interface RecruiterProfileProps {
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}

/** The recruiter's own details: name, job title and phone; the email and the company are shown. */
export function RecruiterProfileForm({ logic, snapshot }: RecruiterProfileProps) {
  const actor = useActorRef(logic ?? recruiterProfileMachine, snapshot ? { snapshot } : {});
  const session = SessionContext.useActorRef();
  const { supportEmail } = useAppConfig();
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, selectFieldErrors);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const profile = useSelector(actor, (s) => s.context.profile);
  const error = useSelector(actor, (s) => s.context.error);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const message = useSelector(actor, (s) => s.context.message);
  const bind = fieldBinder(actor.send, values, errors);

  useEffect(() => {
    const sub = actor.on('profile.saved', ({ profile: saved, message: said }) => {
      toast.success(said, { id: said });
      // The navigation greets the user by the name just saved.
      session.send({ type: 'session.userUpdated', user: { firstName: saved.firstName, lastName: saved.lastName } });
    });
    return () => sub.unsubscribe();
  }, [actor, session]);

  if (loading) return <Loading label="Loading your details…" />;
  if (loadFailed) return <LoadFailed message={loadError ?? ''} onRetry={() => actor.send({ type: 'profile.retry' })} />;

  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <dl className="grid gap-1 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium">Email</dt>
          <dd className="text-base break-all">{profile?.email}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium">Company</dt>
          <dd className="text-base">{profile?.company.name}</dd>
        </div>
      </dl>
      <p className="text-xs text-muted">
        Your email and company are set by your employer. To change them, ask your employer or write to{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
      <DetailFields bind={bind} />
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

/** /user/settings/profile for a recruiter. */
export function RecruiterProfileSettings(props: RecruiterProfileProps) {
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-2 px-2 py-4" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold">
        Profile
      </h1>
      <p className="text-muted">
        How your company and applicants see you. <Link href="/user/settings/change-password">Change your password</Link>
      </p>
      <RecruiterProfileForm {...props} />
    </section>
  );
}
