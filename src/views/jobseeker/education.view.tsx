import { lazy } from 'react';
import { useActorRef } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { ProfileMessages, type Education } from '../../contract/jobseeker.ts';
import { education, educationMachine } from '../../machines/jobseeker/education.machine.ts';
import { EntriesSection } from './entries-section.tsx';
import { JobSeekerSettings } from './settings-layout.tsx';

type Logic = typeof educationMachine;

const describe = (e: Education) => `${e.degree}, ${e.university}`;
// The dialog's listbox and comboboxes load with the dialogs, not with the page.
const loadFields = () => import('./education-fields.tsx');
const EducationFields = lazy(loadFields);

function EducationEntry({ entry }: { entry: Education }) {
  return (
    <div className="flex flex-col gap-0.5">
      <p className="font-semibold">
        {entry.degree} <span className="font-normal text-muted">· {ProfileMessages.degreeLevel(entry.level)}</span>
      </p>
      {entry.focus && <p>{entry.focus}</p>}
      <p>
        {entry.university} <span className="text-muted">· {entry.completion}</span>
      </p>
    </div>
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
      preload={loadFields}
    />
  );
}

/** /user/settings/education. */
export default function EducationSettingsPage({ logic, snapshot }: { logic?: Logic; snapshot?: SnapshotFrom<Logic> }) {
  return (
    <JobSeekerSettings title="Education" intro="Your degrees and schools, newest first.">
      <EducationSection logic={logic} snapshot={snapshot} />
    </JobSeekerSettings>
  );
}
