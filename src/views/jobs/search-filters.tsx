import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { LocationResult } from '../../contract/location.ts';
import type { AllLookups } from '../../contract/lookups.ts';
import { MAX_JOB_SKILLS, payRates, type PayRate } from '../../contract/posting.ts';
import { MAX_KEYWORD_LENGTH, NO_FILTERS, type RemoteMode, type SearchFilters, type SearchSort } from '../../contract/search.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import {
  activeFilterCount,
  draftOf,
  filtersOfDraft,
  postedSinceChoices,
  RADIUS_CHOICES,
  type DraftErrors,
  type FiltersDraft,
  type SearchPlace,
  type SearchQuery,
} from '../../lib/search-query.ts';
import type { locationSearchMachine } from '../../machines/location/location-search.machine.ts';
import { LocationSearch } from '../location/location-search.view.tsx';
import { Button } from '../ui/button.tsx';
import { ChoiceGroup } from '../ui/choice-group.tsx';
import { cx } from '../ui/cx.ts';
import { Checkbox, TextField } from '../ui/field.tsx';
import { ComboboxField, SelectField, type Option } from '../ui/select-field.tsx';

const miles = (r: number) => `${r} ${r === 1 ? 'mile' : 'miles'}`;

/** The radius choices, with the one the search uses if an address asked for another. */
export function radiusOptions(current: number): Array<Option<number>> {
  const choices: number[] = [...RADIUS_CHOICES];
  if (!choices.includes(current)) choices.push(current);
  return choices.sort((a, b) => a - b).map((r) => ({ value: r, label: miles(r) }));
}

export const sortOptions: ReadonlyArray<Option<SearchSort>> = [
  { value: 'relevance', label: 'Best match' },
  { value: 'distance', label: 'Nearest' },
  { value: 'newest', label: 'Newest' },
  { value: 'pay', label: 'Highest pay' },
];

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

export interface SearchBarProps {
  query: SearchQuery;
  onKeyword: (keyword: string) => void;
  onPlace: (place: SearchPlace) => void;
  onRadius: (radius: number) => void;
  /** Lets tests and stories run the place search with stubbed actors. */
  locationLogic?: typeof locationSearchMachine;
}

/**
 * What and where: a keyword sent with Search (or Enter), a place picked from the location search,
 * and the radius around it. A new place or radius searches at once.
 */
export function SearchBar({ query, onKeyword, onPlace, onRadius, locationLogic }: SearchBarProps) {
  const [text, setText] = useState(query.keyword ?? '');
  // The address may bring another keyword (back and forward buttons).
  useEffect(() => setText(query.keyword ?? ''), [query.keyword]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onKeyword(text);
  };
  const pick = (location: LocationResult) =>
    onPlace({ latitude: location.position.lat, longitude: location.position.lng, label: location.address.freeformAddress });

  return (
    <form role="search" aria-label="Jobs" onSubmit={submit} className="grid items-end gap-1 sm:grid-cols-2 lg:grid-cols-[minmax(0,3fr)_minmax(0,3fr)_minmax(0,2fr)_auto]">
      <TextField
        label="What"
        type="search"
        name="q"
        placeholder="Job title, skill or company"
        maxLength={MAX_KEYWORD_LENGTH}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <LocationSearch
        // A place the address brings starts the field anew with its name.
        key={`${query.place.latitude},${query.place.longitude}`}
        label="Where"
        initialText={query.place.label}
        logic={locationLogic}
        onSelect={pick}
      />
      <SelectField<number> label="Within" value={query.radius} options={radiusOptions(query.radius)} onChange={(r) => r !== null && onRadius(r)} />
      <Button type="submit" className="sm:col-span-2 lg:col-span-1">
        Search
      </Button>
    </form>
  );
}

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
function SkillPicker({ skills, value, onChange }: { skills: AllLookups['jobSkills']; value: readonly number[]; onChange: (next: number[]) => void }) {
  const options = useMemo(() => skills.filter((s) => !value.includes(s.id)).map((s) => ({ value: s.id, label: s.name, group: s.category })), [skills, value]);
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
              <li key={id} className="inline-flex items-center gap-0.5 rounded-full border border-line bg-surface-raised py-0.25 pr-0.5 pl-1 text-sm">
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

export interface FiltersPanelProps {
  filters: SearchFilters;
  /** The lists of job types, schedules and skills; null while they load; 'failed' when they could not be. */
  lookups: AllLookups | null | 'failed';
  onApply: (filters: SearchFilters) => void;
  /** Starts open (stories). */
  defaultOpen?: boolean;
  /** The day "posted in the last…" counts back from. */
  today?: Date;
}

/**
 * The search's filters behind a "Filters" button that shows how many are in use: job type, full or
 * part time, shifts, minimum pay, experience, posting day, remote jobs, skills and open to 16+.
 * The form applies them together ("Show jobs"), or clears them all.
 */
export function FiltersPanel({ filters, lookups, onApply, defaultOpen = false, today }: FiltersPanelProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [draft, setDraft] = useState<FiltersDraft>(() => draftOf(filters));
  const [errors, setErrors] = useState<DraftErrors>({});
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const count = activeFilterCount(filters);

  // The filters applied may change from outside (the address, "Clear filters" elsewhere).
  const applied = JSON.stringify(filters);
  useEffect(() => {
    setDraft(draftOf(JSON.parse(applied) as SearchFilters));
    setErrors({});
  }, [applied]);

  const set = <K extends keyof FiltersDraft>(key: K, value: FiltersDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const result = filtersOfDraft(draft);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onApply(result.filters);
    close();
  };
  const clear = () => {
    setDraft(draftOf(NO_FILTERS));
    setErrors({});
    onApply(NO_FILTERS);
    close();
  };

  const posted = useMemo(() => {
    const choices = postedSinceChoices(today ?? new Date());
    if (!choices.some((c) => c.value === draft.postedSince)) choices.push({ value: draft.postedSince, label: `Since ${formatDisplayDate(draft.postedSince)}` });
    return choices;
  }, [today, draft.postedSince]);

  return (
    <div className="flex flex-col gap-1">
      <div>
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={count > 0 ? `Filters (${count} in use)` : 'Filters'}
          onClick={() => setOpen((o) => !o)}
          className={cx(
            'inline-flex min-h-5 items-center gap-0.5 rounded border px-1.5 py-0.5 text-sm font-semibold transition-colors',
            count > 0 ? 'border-brand-700 text-brand-800 dark:border-brand-300 dark:text-brand-200' : 'border-line',
            'hover:bg-black/5 dark:hover:bg-white/10',
          )}
        >
          <span aria-hidden="true">☰</span>
          Filters
          {count > 0 && (
            <span aria-hidden="true" className="rounded-full bg-brand-700 px-0.75 text-xs text-white">
              {count}
            </span>
          )}
        </button>
      </div>
      <form id={panelId} hidden={!open} onSubmit={apply} aria-label="Filters" noValidate className="flex flex-col gap-2 rounded border border-line bg-surface p-2 shadow-sm">
        {lookups === 'failed' && <p className="text-sm text-muted">The lists of job types, shifts and skills could not be loaded. The other filters work.</p>}
        <div className="grid gap-2 md:grid-cols-2">
          {lookups && lookups !== 'failed' && <BoxList legend="Job type" options={lookups.jobTypes} value={draft.jobTypes} onChange={(v) => set('jobTypes', v)} />}
          <div className="flex flex-col gap-2">
            <ChoiceGroup<0 | 1 | 2> label="Full or part time" columns={3} value={draft.workSchedule} options={scheduleOptions} onChange={(v) => set('workSchedule', v)} />
            <ChoiceGroup<RemoteMode> label="Remote jobs" columns={3} value={draft.remote} options={remoteOptions} onChange={(v) => set('remote', v)} />
          </div>
        </div>
        {lookups && lookups !== 'failed' && (
          <BoxList legend="Shifts and schedules" columns={3} options={lookups.jobSchedules} value={draft.schedules} onChange={(v) => set('schedules', v)} />
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
          <SelectField<string> label="Posted" value={draft.postedSince} options={posted} error={errors.postedSince} onChange={(v) => v && set('postedSince', v)} />
          <div className="flex items-end pb-1">
            <Checkbox label="Open to applicants aged 16+" checked={draft.openToMinors} onChange={(e) => set('openToMinors', e.target.checked)} />
          </div>
        </div>
        {lookups && lookups !== 'failed' && <SkillPicker skills={lookups.jobSkills} value={draft.skills} onChange={(v) => set('skills', v)} />}
        {lookups === null && <p className="text-sm text-muted">Loading the lists of job types, shifts and skills…</p>}
        {errors.form && (
          <p role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-1">
          <Button variant="ghost" onClick={clear}>
            Clear filters
          </Button>
          <Button type="submit">Show jobs</Button>
        </div>
      </form>
    </div>
  );
}
