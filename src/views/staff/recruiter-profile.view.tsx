import type { SnapshotFrom } from 'xstate';
import { useAppConfig } from '../../app/app-config.tsx';
import { recruiterProfile, type recruiterProfileMachine } from '../../machines/staff/recruiter-profile.machine.ts';
import { DetailsForm } from '../account/details-form.view.tsx';
import { CompanySettings } from '../company/settings-layout.tsx';
import { DetailFields } from './detail-fields.view.tsx';

type Logic = typeof recruiterProfileMachine;

export interface RecruiterProfileProps {
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}

/**
 * The recruiter's own details: name, job title and phone; the email and the company are shown.
 * A failed read says why (e.g. "Invalid recruiter data received").
 */
export function RecruiterProfileForm({ logic, snapshot }: RecruiterProfileProps) {
  const { supportEmail } = useAppConfig();
  return (
    <DetailsForm details={recruiterProfile} logic={logic} snapshot={snapshot} loadingLabel="Loading your details…">
      {({ bind, profile }) => (
        <>
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
        </>
      )}
    </DetailsForm>
  );
}

/** /user/settings/profile for a recruiter, in the settings frame of the company's people. */
export function RecruiterProfileSettings(props: RecruiterProfileProps) {
  return (
    <CompanySettings title="Profile" intro="How your company and applicants see you.">
      <RecruiterProfileForm {...props} />
    </CompanySettings>
  );
}
