import { ProfileMessages } from '../../contract/jobseeker.ts';
import type { EducationField } from '../../machines/jobseeker/education.machine.ts';
import { TextField } from '../ui/field.tsx';
import { ComboboxField, SelectField } from '../ui/select-field.tsx';
import type { DialogForm } from './entries-types.ts';

/** The education dialog's fields: degree (with its level), field of study, university, year. */
export default function EducationFields({ form }: { form: DialogForm<EducationField> }) {
  const { values, errors, lookups, change, blur } = form;
  const degree = lookups.jobEducations.find((d) => String(d.id) === values.degree);
  const focus = lookups.fieldsOfStudy.find((f) => String(f.id) === values.focus);
  const thisYear = new Date().getFullYear();
  return (
    <>
      <SelectField
        label="Degree"
        value={values.degree ? Number(values.degree) : null}
        onChange={(id) => change('degree', id === null ? '' : String(id))}
        onBlur={() => blur('degree')}
        options={lookups.jobEducations.map((d) => ({ value: d.id, label: d.name }))}
        placeholder="Choose a degree"
        error={errors.degree}
        // A degree's level comes with it; jobs ask for a minimum level.
        hint={degree ? ProfileMessages.degreeLevel(degree.level) : undefined}
      />
      <ComboboxField
        label="Field of study"
        value={focus ? { value: focus.id, label: focus.name } : null}
        onChange={(choice) => change('focus', choice?.value == null ? '' : String(choice.value))}
        onBlur={() => blur('focus')}
        options={lookups.fieldsOfStudy.map((f) => ({ value: f.id, label: f.name }))}
        emptyText="No field of study found"
        hint="Optional."
        error={errors.focus}
      />
      <ComboboxField
        label="University"
        value={values.university ? { value: values.universityId ? Number(values.universityId) : null, label: values.university } : null}
        onChange={(choice) => {
          // A school not in the list is kept as typed, without an id.
          change('universityId', choice?.value == null ? '' : String(choice.value));
          change('university', choice?.label ?? '');
        }}
        onBlur={() => blur('university')}
        onQueryChange={form.search}
        options={form.found}
        searching={form.searching}
        allowTyped
        emptyText="No school found; type its full name"
        hint="Search US colleges and universities, or type the name of your school."
        error={errors.university}
      />
      <TextField
        label="Completion year"
        type="number"
        inputMode="numeric"
        min={1940}
        max={thisYear}
        step={1}
        required
        {...form.bind('completion')}
      />
    </>
  );
}
