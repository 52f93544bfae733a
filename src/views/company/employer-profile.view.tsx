import type { SnapshotFrom } from 'xstate';
import { useAppConfig } from '../../app/app-config.tsx';
import { employerProfile, type employerProfileMachine, type EmployerField } from '../../machines/company/employer-profile.machine.ts';
import { DetailsForm } from '../account/details-form.view.tsx';
import { TextField } from '../ui/field.tsx';
import { CompanySettings } from './settings-layout.tsx';

type Logic = typeof employerProfileMachine;

const fields: Array<{ field: EmployerField; label: string; type: string; autoComplete: string; required: boolean; hint?: string }> = [
  { field: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name', required: true },
  { field: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name', required: true },
  {
    field: 'phoneNumber',
    label: 'Phone Number',
    type: 'tel',
    autoComplete: 'tel',
    required: false,
    hint: 'Optional. A US number, e.g. (503) 555-0123.',
  },
];

/** The employer's own details (GetEmployer, ModifyEmployer): name and phone; the email is shown. */
export function EmployerProfileForm({ logic, snapshot }: { logic?: Logic; snapshot?: SnapshotFrom<Logic> }) {
  const { supportEmail } = useAppConfig();
  return (
    <DetailsForm
      details={employerProfile}
      logic={logic}
      snapshot={snapshot}
      loadingLabel="Loading your details…"
      loadFailedMessage="Your details could not be loaded."
    >
      {({ bind, profile: employer }) => (
        <>
          <div className="grid gap-2 sm:grid-cols-2">
            {fields.map(({ field, label, type, autoComplete, required, hint }) => (
              <TextField
                key={field}
                label={label}
                type={type}
                autoComplete={autoComplete}
                hint={hint}
                required={required}
                {...bind(field)}
              />
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
            To change the email you sign in with, write to{' '}
            <a href={`mailto:${supportEmail}`} className="underline">
              {supportEmail}
            </a>
            .
          </p>
        </>
      )}
    </DetailsForm>
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
