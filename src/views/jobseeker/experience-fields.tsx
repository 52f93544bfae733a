import { salaryTypes } from '../../contract/jobseeker.ts';
import { skillIdsOf, withSkill, withoutSkill, type ExperienceField } from '../../machines/jobseeker/experience.machine.ts';
import { Checkbox, TextAreaField, TextField } from '../ui/field.tsx';
import { ComboboxField, SelectField } from '../ui/select-field.tsx';
import { Chip } from './chip.tsx';
import type { DialogForm } from './entries-types.ts';

const CHECKED = 'true';

/** The experience dialog's fields: the job, its dates, description, pay, job type and skills. */
export default function ExperienceFields({ form }: { form: DialogForm<ExperienceField> }) {
  const { values, errors, lookups, change, blur, bind } = form;
  const current = values.currentEmployer === CHECKED;
  const chosen = skillIdsOf(values.skills);
  const skillNames = new Map(lookups.jobSkills.map((s) => [s.id, s.name]));
  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
      <div className="grid gap-2 sm:grid-cols-2">
        <TextField label="Company name" autoComplete="organization" required {...bind('companyName')} />
        <TextField label="Job title" autoComplete="organization-title" required {...bind('jobTitle')} />
        <TextField label="Start date" type="date" max={today} required {...bind('startDate')} />
        {/* A current job has no end date: the machine clears it when the box is ticked. */}
        <TextField label="End date" type="date" max={today} disabled={current} required={!current} {...bind('endDate')} />
      </div>
      <Checkbox
        label="I currently work here"
        checked={current}
        onChange={(e) => {
          change('currentEmployer', e.target.checked ? CHECKED : '');
          blur('endDate');
        }}
      />
      <TextAreaField label="Job description" {...bind('jobDescription')} />
      <div className="grid gap-2 sm:grid-cols-2">
        <TextField
          label="Salary"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          hint="In US dollars. Optional."
          {...bind('salary')}
        />
        <SelectField
          label="Salary type"
          value={values.salaryType || null}
          onChange={(type) => change('salaryType', type ?? '')}
          onBlur={() => blur('salaryType')}
          options={salaryTypes.map((t) => ({ value: t, label: t }))}
          placeholder="Per…"
          clearable
          error={errors.salaryType}
        />
      </div>
      <SelectField
        label="Job type"
        value={values.expTypeId ? Number(values.expTypeId) : null}
        onChange={(id) => change('expTypeId', id === null ? '' : String(id))}
        onBlur={() => blur('expTypeId')}
        options={lookups.jobTypes.map((t) => ({ value: t.id, label: t.name }))}
        placeholder="Not given"
        clearable
        error={errors.expTypeId}
      />
      <div className="flex flex-col gap-1">
        <ComboboxField
          label="Skills"
          value={null}
          onChange={(choice) => {
            if (choice?.value != null) change('skills', withSkill(values.skills, choice.value));
          }}
          options={lookups.jobSkills.filter((s) => !chosen.includes(s.id)).map((s) => ({ value: s.id, label: s.name }))}
          placeholder="Type a skill to add it"
          emptyText="No skill found"
          error={errors.skills}
        />
        {chosen.length > 0 && (
          <ul aria-label="Chosen skills" className="flex flex-wrap gap-0.5">
            {chosen.map((id) => {
              const name = skillNames.get(id) ?? `Skill ${id}`;
              return (
                <Chip key={id} onRemove={() => change('skills', withoutSkill(values.skills, id))} removeLabel={`Remove ${name}`}>
                  {name}
                </Chip>
              );
            })}
          </ul>
        )}
      </div>
    </>
  );
}
