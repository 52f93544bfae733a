import { lazy, memo, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { LocationResult } from '../../contract/location.ts';
import type { AllLookups } from '../../contract/lookups.ts';
import { MAX_KEYWORD_LENGTH, type SearchFilters, type SearchSort } from '../../contract/search-filters.ts';
import { activeFilterCount, RADIUS_CHOICES, type SearchPlace, type SearchQuery } from '../../lib/search-query.ts';
import type { locationSearchMachine } from '../../machines/location/location-search.machine.ts';
import { LocationSearch } from '../location/location-search.view.tsx';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { TextField } from '../ui/field.tsx';
import { Loading } from '../ui/load-state.tsx';
import { SelectField, type Option } from '../ui/select-field.tsx';

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
export const SearchBar = memo(function SearchBar({ query, onKeyword, onPlace, onRadius, locationLogic }: SearchBarProps) {
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
    <form
      role="search"
      aria-label="Jobs"
      onSubmit={submit}
      className="grid items-end gap-1 sm:grid-cols-2 lg:grid-cols-[minmax(0,3fr)_minmax(0,3fr)_minmax(0,2fr)_auto]"
    >
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
      <SelectField<number>
        label="Within"
        value={query.radius}
        options={radiusOptions(query.radius)}
        onChange={(r) => r !== null && onRadius(r)}
      />
      <Button type="submit" className="sm:col-span-2 lg:col-span-1">
        Search
      </Button>
    </form>
  );
});

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

/** The form and its controls load the first time the filters are opened (or pointed at). */
const loadForm = () => import('./search-filters-form.tsx');
const FiltersForm = lazy(loadForm);

/**
 * The search's filters behind a "Filters" button that shows how many are in use. Applying or
 * clearing them closes the form and brings the keyboard back to the button.
 */
export const FiltersPanel = memo(function FiltersPanel({ filters, lookups, onApply, defaultOpen = false, today }: FiltersPanelProps) {
  const [open, setOpen] = useState(defaultOpen);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const count = activeFilterCount(filters);
  const apply = (next: SearchFilters) => {
    onApply(next);
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <div className="flex flex-col gap-1">
      <div>
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-label={count > 0 ? `Filters (${count} in use)` : 'Filters'}
          onClick={() => setOpen((o) => !o)}
          onPointerEnter={() => void loadForm().catch(() => undefined)}
          onFocus={() => void loadForm().catch(() => undefined)}
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
      {open && (
        <Suspense fallback={<Loading label="Loading the filters…" />}>
          <FiltersForm id={panelId} filters={filters} lookups={lookups} onApply={apply} today={today} />
        </Suspense>
      )}
    </div>
  );
});
