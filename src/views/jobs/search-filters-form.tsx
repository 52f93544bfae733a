import { useMemo, useState, type FormEvent } from 'react';
import type { AllLookups } from '../../contract/lookups.ts';
import { MAX_JOB_SKILLS, salaryTypes as payRates } from '../../contract/posting-rules.ts';
import type { PayRate } from '../../contract/posting.ts';
import { NO_FILTERS, type RemoteMode, type SearchFilters } from '../../contract/search-filters.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { draftOf, filtersOfDraft, postedSinceChoices, type DraftErrors, type FiltersDraft } from '../../lib/search-query.ts';
import { Button } from '../ui/button.tsx';
import { ChoiceGroup } from '../ui/choice-group.tsx';
import { cx } from '../ui/cx.ts';
import { Checkbox, TextField } from '../ui/field.tsx';
import { ComboboxField, SelectField, type Option } from '../ui/select-field.tsx';

const rateOptions: ReadonlyArray<Option<PayRate>> = payRates.map((rate) => ({
  value: rate,
  label: ({ Hourly: 'an hour', Daily: 'a day', Weekly: 'a week', Monthly: 'a month', Yearly: 'a year' } as const)[rate],
}));

const remoteOptions: ReadonlyArray<{ value: RemoteMode; label: string }> = [
  { value: 'include', label: 'Include remote' },
  { value: 'only', label: 'Remote only' },
  { value: 'exclude', label: 'No remote' },
];

const scheduleOptions: ReadonlyArray<{ value: 0 | 1 | 2; label: string }> = [
  { value: 0, label: 'Any' },
  { value: 1, label: 'Full time' },
  { value: 2, label: 'Part time' },
];

/** Several choices from a short list, as boxes. */
function BoxList({
  legend,
  options,
  value,
  onChange,
  columns = 2,
}: {
  legend: string;
  options: ReadonlyArray<{ id: number; name: string }>;
  value: readonly number[];
  onChange: (next: number[]) => void;
  columns?: 2 | 3;
}) {
  return (
    <fieldset className="flex flex-col gap-0.5">
      <legend className="mb-0.5 text-sm font-medium">{legend}</legend>
      <div className={cx('grid gap-x-2 gap-y-0.5', columns === 3 ? 'grid-cols-2 sm:grid-cols-3' : 'grid-cols-2')}>
        {options.map((o) => (
          <Checkbox
            key={o.id}
            label={o.name}
            checked={value.includes(o.id)}
            onChange={(e) => onChange(e.target.checked ? [...value, o.id] : value.filter((v) => v !== o.id))}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** Skills chosen as removable chips, and a field that finds one more. */
function SkillPicker({
  skills,
  value,
  onChange,
}: {
  skills: AllLookups['jobSkills'];
  value: readonly number[];
  onChange: (next: number[]) => void;
}) {
  const options = useMemo(
    () => skills.filter((s) => !value.includes(s.id)).map((s) => ({ value: s.id, label: s.name, group: s.category })),
    [skills, value],
  );
  const names = useMemo(() => new Map(skills.map((s) => [s.id, s.name])), [skills]);
  const full = value.length >= MAX_JOB_SKILLS;
  return (
    <div className="flex flex-col gap-1">
      <ComboboxField<number>
        label="Skills"
        value={null}
        options={options}
        placeholder="Find a skill"
        emptyText="No skill by that name"
        disabled={full}
        hint={full ? `Up to ${MAX_JOB_SKILLS}. Remove one to choose another.` : 'Jobs asking for any of them.'}
        onChange={(choice) => {
          if (choice?.value != null && !value.includes(choice.value)) onChange([...value, choice.value]);
        }}
      />
      {value.length > 0 && (
        <ul aria-label="Skills chosen" className="flex flex-wrap gap-0.5">
          {value.map((id) => {
            const name = names.get(id) ?? `Skill ${id}`;
            return (
              <li
                key={id}
                className="inline-flex items-center gap-0.5 rounded-full border border-line bg-surface-raised py-0.25 pr-0.5 pl-1 text-sm"
              >
                {name}
                <button
                  type="button"
                  aria-label={`Remove ${name}`}
                  onClick={() => onChange(value.filter((v) => v !== id))}
                  className="rounded-full px-0.5 leading-none text-muted hover:bg-black/5 hover:text-ink focus-visible:outline focus-visible:outline-3 focus-visible:outline-brand-500 dark:hover:bg-white/10"
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export interface FiltersFormProps {
  id: string;
  filters: SearchFilters;
  /** The lists of job types, schedules and skills; null while they load; 'failed' when they could not be. */
  lookups: AllLookups | null | 'failed';
  onApply: (filters: SearchFilters) => void;
  /** The day "posted in the last…" counts back from. */
  today?: Date | undefined;
}

/**
 * The filters form: job type, full or part time, shifts, minimum pay, experience, posting day,
 * remote jobs, skills and open to 16+, applied together ("Show jobs") or cleared all at once. It
 * starts from the filters in use each time it opens.
 */
export default function FiltersForm({ id, filters, lookups, onApply, today }: FiltersFormProps) {
  const [draft, setDraft] = useState<FiltersDraft>(() => draftOf(filters));
  const [errors, setErrors] = useState<DraftErrors>({});
  const set = <K extends keyof FiltersDraft>(key: K, value: FiltersDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const result = filtersOfDraft(draft);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onApply(result.filters);
  };

  const posted = useMemo(() => {
    const choices = postedSinceChoices(today ?? new Date());
    if (!choices.some((c) => c.value === draft.postedSince))
      choices.push({ value: draft.postedSince, label: `Since ${formatDisplayDate(draft.postedSince)}` });
    return choices;
  }, [today, draft.postedSince]);
  const lists = lookups && lookups !== 'failed' ? lookups : null;

  return (
    <form
      id={id}
      onSubmit={apply}
      aria-label="Filters"
      noValidate
      className="flex flex-col gap-2 rounded border border-line bg-surface p-2 shadow-sm"
    >
      {lookups === 'failed' && (
        <p className="text-sm text-muted">The lists of job types, shifts and skills could not be loaded. The other filters work.</p>
      )}
      <div className="grid gap-2 md:grid-cols-2">
        {lists && <BoxList legend="Job type" options={lists.jobTypes} value={draft.jobTypes} onChange={(v) => set('jobTypes', v)} />}
        <div className="flex flex-col gap-2">
          <ChoiceGroup<0 | 1 | 2>
            label="Full or part time"
            columns={3}
            value={draft.workSchedule}
            options={scheduleOptions}
            onChange={(v) => set('workSchedule', v)}
          />
          <ChoiceGroup<RemoteMode>
            label="Remote jobs"
            columns={3}
            value={draft.remote}
            options={remoteOptions}
            onChange={(v) => set('remote', v)}
          />
        </div>
      </div>
      {lists && (
        <BoxList
          legend="Shifts and schedules"
          columns={3}
          options={lists.jobSchedules}
          value={draft.schedules}
          onChange={(v) => set('schedules', v)}
        />
      )}
      <div className="grid gap-2 md:grid-cols-2">
        <fieldset className="flex flex-col gap-0.5">
          <legend className="mb-0.5 text-sm font-medium">Minimum pay</legend>
          <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-start gap-1">
            <TextField
              label="Amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="e.g. 20"
              value={draft.payAmount}
              error={errors.minimumPay}
              onChange={(e) => set('payAmount', e.target.value)}
            />
            <SelectField<PayRate> label="Per" value={draft.payRate} options={rateOptions} onChange={(r) => r && set('payRate', r)} />
          </div>
        </fieldset>
        <TextField
          label="Your years of experience"
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 2"
          hint="Jobs asking for at most this many years."
          value={draft.experience}
          error={errors.experience}
          onChange={(e) => set('experience', e.target.value)}
        />
        <SelectField<string>
          label="Posted"
          value={draft.postedSince}
          options={posted}
          error={errors.postedSince}
          onChange={(v) => v && set('postedSince', v)}
        />
        <div className="flex items-end pb-1">
          <Checkbox
            label="Open to applicants aged 16+"
            checked={draft.openToMinors}
            onChange={(e) => set('openToMinors', e.target.checked)}
          />
        </div>
      </div>
      {lists && <SkillPicker skills={lists.jobSkills} value={draft.skills} onChange={(v) => set('skills', v)} />}
      {lookups === null && <p className="text-sm text-muted">Loading the lists of job types, shifts and skills…</p>}
      {errors.form && (
        <p role="alert" className="text-sm text-danger">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-1">
        <Button variant="ghost" onClick={() => onApply(NO_FILTERS)}>
          Clear filters
        </Button>
        <Button type="submit">Show jobs</Button>
      </div>
    </form>
  );
}
