import dayjs from 'dayjs';
import type { ChangeEventHandler, FocusEventHandler } from 'react';
import { RegisterRole } from '../../contract/roles.ts';
import { MIN_JOBSEEKER_AGE } from '../../lib/dates.ts';
import { Checkbox, SecretField, TextField, type TextFieldProps } from '../ui/field.tsx';

/** The two roles a person may register as (spec 1 §6), as the role choice shows them. */
export const registerRoles = [
  { value: RegisterRole.Employer, label: 'Employer', description: 'Post jobs and hire' },
  { value: RegisterRole.JobSeeker, label: 'Job Seeker', description: 'Find and apply for jobs' },
] as const;

type FieldProps = Omit<TextFieldProps, 'label'>;

/** The masked EIN/TIN/SSN with its show/hide toggle. */
export function TinField({ label, ...props }: FieldProps & { label: string }) {
  return (
    <SecretField
      label={label}
      what={label}
      autoComplete="off"
      inputMode="numeric"
      required
      hint="Nine digits, e.g. 12-3456789. We use it only to verify your business."
      {...props}
    />
  );
}

/** Job seekers' date of birth; the picker stops at the latest date allowed (16 years ago today). */
export function DateOfBirthField(props: FieldProps) {
  const latest = dayjs().subtract(MIN_JOBSEEKER_AGE, 'year').format('YYYY-MM-DD');
  return (
    <TextField
      label="Date of birth"
      type="date"
      autoComplete="bday"
      required
      max={latest}
      hint={`You must be at least ${MIN_JOBSEEKER_AGE} years old.`}
      {...props}
    />
  );
}

function NewTabLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** The terms checkbox; its links open in new tabs so the form keeps what was typed. */
export function TermsCheckbox(props: {
  checked: boolean;
  error: string | undefined;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur: FocusEventHandler<HTMLInputElement>;
}) {
  return (
    <Checkbox
      name="acceptTerms"
      {...props}
      label={
        <>
          I agree to the <NewTabLink href="/terms-of-service">Terms of Service</NewTabLink> and the{' '}
          <NewTabLink href="/privacy-policy">Privacy Policy</NewTabLink>
        </>
      }
    />
  );
}
