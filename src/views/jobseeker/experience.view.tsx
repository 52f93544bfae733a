import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { useSession } from '../../app/session.tsx';
import { ProfileMessages, salaryTypes, type Experience } from '../../contract/jobseeker.ts';
import { experience, experienceMachine, skillIdsOf, withSkill, withoutSkill, type ExperienceField } from '../../machines/jobseeker/experience.machine.ts';
import { formatMonthRange } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { ComingSoon } from '../public/coming-soon.view.tsx';
import { Checkbox, TextAreaField, TextField } from '../ui/field.tsx';
import { ComboboxField, SelectField } from '../ui/select-field.tsx';
import { EntriesSection, type DialogForm } from './entries-section.tsx';
import { JobSeekerSettings } from './settings-layout.tsx';

type Logic = typeof experienceMachine;

const describe = (e: Experience) => `${e.jobTitle}, ${e.companyName}`;
const CHECKED = 'true';

function Chip({ children, onRemove, removeLabel }: { children: string; onRemove?: () => void; removeLabel?: string }) {
  return (
    <li className="inline-flex items-center gap-0.5 rounded-full border border-line bg-surface-raised px-1 py-0.5 text-sm">
      {children}
      {onRemove && (
        <button type="button" onClick={onRemove} aria-label={removeLabel} className="rounded-full px-0.5 leading-none text-muted hover:bg-black/5 hover:text-ink dark:hover:bg-white/10">
          <span aria-hidden="true">×</span>
        </button>
      )}
    </li>
  );
}

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

function ExperienceFields({ form }: { form: DialogForm<ExperienceField> }) {
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
        <TextField label="Salary" type="number" inputMode="decimal" min={0} step={0.01} hint="In US dollars. Optional." {...bind('salary')} />
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
  const { role } = useSession();
  if (role !== 'JobSeeker') return <ComingSoon title="Experience" />;
  return (
    <JobSeekerSettings title="Experience" intro="The jobs you have had, newest first.">
      <ExperienceSection logic={logic} snapshot={snapshot} />
    </JobSeekerSettings>
  );
}
