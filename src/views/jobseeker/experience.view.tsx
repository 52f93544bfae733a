import { lazy } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { ProfileMessages, type Experience } from '../../contract/jobseeker.ts';
import { experience, experienceMachine } from '../../machines/jobseeker/experience.machine.ts';
import { formatMonthRange } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { Checkbox } from '../ui/field.tsx';
import { Chip } from './chip.tsx';
import { EntriesSection } from './entries-section.tsx';
import { JobSeekerSettings } from './settings-layout.tsx';

type Logic = typeof experienceMachine;

const describe = (e: Experience) => `${e.jobTitle}, ${e.companyName}`;
// The dialog's listboxes and comboboxes load with the dialogs, not with the page.
const loadFields = () => import('./experience-fields.tsx');
const ExperienceFields = lazy(loadFields);

function ExperienceEntry({ entry }: { entry: Experience }) {
  const facts = [formatMonthRange(entry.startDate, entry.currentEmployer ? null : entry.endDate), entry.expTypeName].filter(Boolean);
  return (
    <div className="flex flex-col gap-0.5">
      <p className="font-semibold">{entry.jobTitle}</p>
      <p>{entry.companyName}</p>
      <p className="text-sm text-muted">{facts.join(' · ')}</p>
      {entry.salary !== null && (
        <p className="text-sm">
          {formatMoney(entry.salary)}
          {entry.salaryTypeName && ` · ${entry.salaryTypeName}`}
        </p>
      )}
      {entry.jobDescription && <p className="whitespace-pre-line text-sm">{entry.jobDescription}</p>}
      {entry.skills.length > 0 && (
        <ul aria-label={`Skills used at ${entry.companyName}`} className="mt-0.5 flex flex-wrap gap-0.5">
          {entry.skills.map((s) => (
            <Chip key={s.id}>{s.name}</Chip>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The job seeker's work history: jobs newest first, each edited in a dialog; or "no work experience yet". */
export function ExperienceSection({ logic, snapshot }: { logic?: Logic; snapshot?: SnapshotFrom<Logic> }) {
  const actor = useActorRef(logic ?? experienceMachine, snapshot ? { snapshot } : {});
  const fresher = useSelector(actor, (s) => s.context.flag);
  const savingFresher = useSelector(actor, (s) => s.matches('savingFlag'));
  return (
    <EntriesSection
      actor={actor}
      selectFieldErrors={experience.selectFieldErrors}
      selectCanSubmit={experience.selectCanSubmit}
      copy={{
        loading: 'Loading your experience…',
        loadFailed: 'Your experience could not be loaded.',
        list: 'Your work experience',
        empty: ProfileMessages.experienceEmpty,
        add: 'Add experience',
        addTitle: 'Add experience',
        editTitle: 'Edit experience',
        deleteTitle: 'Delete this job?',
      }}
      describe={describe}
      renderEntry={(entry) => <ExperienceEntry entry={entry} />}
      renderFields={(form) => <ExperienceFields form={form} />}
      preload={loadFields}
      dialogSize="lg"
      empty={
        <div className="flex flex-col gap-0.5">
          <Checkbox
            label="I have no work experience yet"
            checked={fresher}
            disabled={savingFresher}
            aria-busy={savingFresher || undefined}
            onChange={(e) => actor.send({ type: 'flag.set', value: e.target.checked })}
          />
          <p className="text-xs text-muted">Ticking this completes the experience section until you add a job.</p>
        </div>
      }
    />
  );
}

/** /user/settings/experience. */
export default function ExperienceSettingsPage({ logic, snapshot }: { logic?: Logic; snapshot?: SnapshotFrom<Logic> }) {
  return (
    <JobSeekerSettings title="Experience" intro="The jobs you have had, newest first.">
      <ExperienceSection logic={logic} snapshot={snapshot} />
    </JobSeekerSettings>
  );
}
