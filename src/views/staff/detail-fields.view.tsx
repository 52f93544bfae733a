import type { DetailField } from '../../machines/staff/edit-recruiter.machine.ts';
import { TextField } from '../ui/field.tsx';
import type { fieldBinder } from '../ui/field-binding.ts';

const fields: Array<{ field: DetailField; label: string; type: string; autoComplete: string; required?: boolean; hint?: string }> = [
  { field: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name', required: true },
  { field: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name', required: true },
  { field: 'jobTitle', label: 'Job Title', type: 'text', autoComplete: 'organization-title', hint: 'e.g. Talent Partner' },
  { field: 'phoneNumber', label: 'Phone Number', type: 'tel', autoComplete: 'tel', hint: 'A US number, e.g. (503) 555-0123.' },
];

/** A recruiter's details: name, job title and phone, as the employer and the recruiter edit them. */
export function DetailFields({ bind }: { bind: ReturnType<typeof fieldBinder<DetailField>> }) {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {fields.map(({ field, label, type, autoComplete, required, hint }) => (
        <TextField key={field} label={label} type={type} autoComplete={autoComplete} required={required} hint={hint} {...bind(field)} />
      ))}
    </div>
  );
}
