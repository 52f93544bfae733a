import { lazy, Suspense } from 'react';
import type { SnapshotFrom } from 'xstate';
import { useAppConfig } from '../../app/app-config.tsx';
import { useSession } from '../../app/session.tsx';
import { ProfileMessages } from '../../contract/jobseeker.ts';
import type { profileImageMachine } from '../../machines/jobseeker/profile-image.machine.ts';
import { jobSeekerProfile, type profileMachine, type ProfileField } from '../../machines/jobseeker/profile.machine.ts';
import type { employerProfileMachine } from '../../machines/company/employer-profile.machine.ts';
import { DetailsForm } from '../account/details-form.view.tsx';
import { Alert } from '../ui/alert.tsx';
import { TextField } from '../ui/field.tsx';
import { Loading } from '../ui/load-state.tsx';
import { ProfilePhoto } from './profile-image.view.tsx';
import { JobSeekerSettings } from './settings-layout.tsx';

// Each role downloads only its own form.
const EmployerProfilePage = lazy(() => import('../company/employer-profile.view.tsx').then((m) => ({ default: m.EmployerProfilePage })));
const RecruiterProfileSettings = lazy(() =>
  import('../staff/recruiter-profile.view.tsx').then((m) => ({ default: m.RecruiterProfileSettings })),
);

type Logic = typeof profileMachine;

const fields: Array<{ field: ProfileField; label: string; type: string; autoComplete: string; hint?: string }> = [
  { field: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  {
    field: 'email',
    label: 'Email',
    type: 'email',
    autoComplete: 'email',
    hint: 'A new email is confirmed by a link sent to it; until then you sign in with the current one.',
  },
  { field: 'phoneNumber', label: 'Phone Number', type: 'tel', autoComplete: 'tel', hint: 'A US number, e.g. (503) 555-0123.' },
];

/** The job seeker's personal details: name, email, phone, and the date of birth (read only). */
export function JobSeekerProfileForm({ logic, snapshot }: { logic?: Logic; snapshot?: SnapshotFrom<Logic> }) {
  const { supportEmail } = useAppConfig();
  return (
    <DetailsForm
      details={jobSeekerProfile}
      logic={logic}
      snapshot={snapshot}
      loadingLabel="Loading your profile…"
      loadFailedMessage="Your profile could not be loaded."
      // A pending email says where its link went instead.
      showsMessage={(profile) => !profile?.pendingEmail}
    >
      {({ bind, profile }) => (
        <>
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
        </>
      )}
    </DetailsForm>
  );
}

type PhotoLogic = typeof profileImageMachine;

/**
 * /user/settings/profile: the job seeker's photo and details, or the staff member's own details
 * (the route is for those three roles: the back office is sent home before this page loads).
 */
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
  return (
    <JobSeekerSettings title="Profile">
      <ProfilePhoto logic={photoLogic} snapshot={photoSnapshot} />
      <JobSeekerProfileForm logic={logic} snapshot={snapshot} />
    </JobSeekerSettings>
  );
}
