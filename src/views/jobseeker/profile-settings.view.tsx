import { lazy, Suspense, useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import toast from 'react-hot-toast';
import type { SnapshotFrom } from 'xstate';
import { useAppConfig } from '../../app/app-config.tsx';
import { SessionContext, useSession } from '../../app/session.tsx';
import { ProfileMessages } from '../../contract/jobseeker.ts';
import type { profileImageMachine } from '../../machines/jobseeker/profile-image.machine.ts';
import { profileMachine, selectCanSubmit, selectFieldErrors, type ProfileField } from '../../machines/jobseeker/profile.machine.ts';
import { ComingSoon } from '../public/coming-soon.view.tsx';
import type { employerProfileMachine } from '../../machines/company/employer-profile.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';
import { fieldBinder } from '../ui/field-binding.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { ProfilePhoto } from './profile-image.view.tsx';
import { JobSeekerSettings } from './settings-layout.tsx';

// Each role downloads only its own form.
const EmployerProfilePage = lazy(() => import('../company/employer-profile.view.tsx').then((m) => ({ default: m.EmployerProfilePage })));
const RecruiterProfileSettings = lazy(() => import('../staff/recruiter-profile.view.tsx').then((m) => ({ default: m.RecruiterProfileSettings })));

type Logic = typeof profileMachine;

const fields: Array<{ field: ProfileField; label: string; type: string; autoComplete: string; hint?: string }> = [
  { field: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email', hint: 'A new email is confirmed by a link sent to it; until then you sign in with the current one.' },
  { field: 'phoneNumber', label: 'Phone Number', type: 'tel', autoComplete: 'tel', hint: 'A US number, e.g. (503) 555-0123.' },
];

/** The job seeker's personal details: name, email, phone, and the date of birth (read only). */
export function JobSeekerProfileForm({ logic, snapshot }: { logic?: Logic; snapshot?: SnapshotFrom<Logic> }) {
  const actor = useActorRef(logic ?? profileMachine, snapshot ? { snapshot } : {});
  const session = SessionContext.useActorRef();
  const { supportEmail } = useAppConfig();
  const values = useSelector(actor, (s) => s.context.values);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const bind = fieldBinder(actor.send, values, fieldErrors);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const profile = useSelector(actor, (s) => s.context.profile);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const message = useSelector(actor, (s) => s.context.message);

  useEffect(() => {
    const sub = actor.on('profile.saved', ({ profile: saved, message: said }) => {
      toast.success(said);
      // The navigation greets the user by the name just saved.
      session.send({ type: 'session.userUpdated', user: { firstName: saved.firstName, lastName: saved.lastName } });
    });
    return () => sub.unsubscribe();
  }, [actor, session]);

  if (loading) return <Loading label="Loading your profile…" />;
  if (loadFailed) return <LoadFailed message="Your profile could not be loaded." onRetry={() => actor.send({ type: 'profile.retry' })} />;

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
        {fields.map(({ field, label, type, autoComplete, hint }) => (
          <TextField key={field} label={label} type={type} autoComplete={autoComplete} hint={hint} required {...bind(field)} />
        ))}
      </div>
      {profile?.pendingEmail && (
        <Alert tone="info">
          {ProfileMessages.emailChangeSent(profile.pendingEmail)} Until then your email is {profile.email}.
        </Alert>
      )}
      <div className="flex flex-col gap-0.5">
        <span className="text-sm font-medium" id="dob-label">
          Date of Birth
        </span>
        <span aria-labelledby="dob-label" className="text-base">
          {profile?.dateOfBirth ?? 'Not given'}
        </span>
        <span className="text-xs text-muted">
          To correct your date of birth, write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </span>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {message && !error && !profile?.pendingEmail && <Alert tone="success">{message}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" busy={saving} disabled={!canSubmit}>
          Save
        </Button>
      </div>
    </form>
  );
}

type PhotoLogic = typeof profileImageMachine;

/** /user/settings/profile: the job seeker's photo and details, or the staff member's own details. */
export default function ProfileSettingsPage({
  logic,
  snapshot,
  photoLogic,
  photoSnapshot,
  employerLogic,
}: {
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
  photoLogic?: PhotoLogic;
  photoSnapshot?: SnapshotFrom<PhotoLogic>;
  employerLogic?: typeof employerProfileMachine;
}) {
  const { role } = useSession();
  if (role === 'Employer' || role === 'Recruiter') {
    return (
      <Suspense fallback={<Loading label="Loading…" className="mx-auto max-w-3xl px-2 py-4" />}>
        {role === 'Employer' ? <EmployerProfilePage logic={employerLogic} /> : <RecruiterProfileSettings />}
      </Suspense>
    );
  }
  if (role !== 'JobSeeker') return <ComingSoon title="Profile" />;
  return (
    <JobSeekerSettings title="Profile">
      <ProfilePhoto logic={photoLogic} snapshot={photoSnapshot} />
      <JobSeekerProfileForm logic={logic} snapshot={snapshot} />
    </JobSeekerSettings>
  );
}
