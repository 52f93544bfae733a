import { useActorRef } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { useSession } from '../../app/session.tsx';
import { ProfileMessages, type Education } from '../../contract/jobseeker.ts';
import { education, educationMachine, type EducationField } from '../../machines/jobseeker/education.machine.ts';
import { ComingSoon } from '../public/coming-soon.view.tsx';
import { TextField } from '../ui/field.tsx';
import { ComboboxField, SelectField } from '../ui/select-field.tsx';
import { EntriesSection, type DialogForm } from './entries-section.tsx';
import { JobSeekerSettings } from './settings-layout.tsx';

type Logic = typeof educationMachine;

const describe = (e: Education) => `${e.degree}, ${e.university}`;
const levelOf = (level: number) => `Level ${level} of 7`;

function EducationEntry({ entry }: { entry: Education }) {
  return (
    <div className="flex flex-col gap-0.5">
      <p className="font-semibold">
        {entry.degree} <span className="font-normal text-muted">· {levelOf(entry.level)}</span>
      </p>
      {entry.focus && <p>{entry.focus}</p>}
      <p>
        {entry.university} <span className="text-muted">· {entry.completion}</span>
      </p>
    </div>
  );
}

function EducationFields({ form }: { form: DialogForm<EducationField> }) {
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
        hint={degree ? levelOf(degree.level) : undefined}
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
      <TextField label="Completion year" type="number" inputMode="numeric" min={1940} max={thisYear} step={1} required {...form.bind('completion')} />
    </>
  );
}

/** The job seeker's education: degrees newest first, numbered, each edited in a dialog. */
export function EducationSection({ logic, snapshot }: { logic?: Logic; snapshot?: SnapshotFrom<Logic> }) {
  const actor = useActorRef(logic ?? educationMachine, snapshot ? { snapshot } : {});
  return (
    <EntriesSection
      actor={actor}
      selectFieldErrors={education.selectFieldErrors}
      selectCanSubmit={education.selectCanSubmit}
      copy={{
        loading: 'Loading your education…',
        loadFailed: 'Your education could not be loaded.',
        list: 'Your education',
        empty: ProfileMessages.educationEmpty,
        add: 'Add education',
        addTitle: 'Add education',
        editTitle: 'Edit education',
        deleteTitle: 'Delete this education entry?',
      }}
      numbered
      describe={describe}
      renderEntry={(entry) => <EducationEntry entry={entry} />}
      renderFields={(form) => <EducationFields form={form} />}
    />
  );
}

/** /user/settings/education. */
export default function EducationSettingsPage({ logic, snapshot }: { logic?: Logic; snapshot?: SnapshotFrom<Logic> }) {
  const { role } = useSession();
  if (role !== 'JobSeeker') return <ComingSoon title="Education" />;
  return (
    <JobSeekerSettings title="Education" intro="Your degrees and schools, newest first.">
      <EducationSection logic={logic} snapshot={snapshot} />
    </JobSeekerSettings>
  );
}
