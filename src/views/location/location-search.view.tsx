import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { AccountMessages } from '../../contract/account-messages.ts';
import type { SnapshotFrom } from 'xstate';
import type { LocationResult } from '../../contract/location.ts';
import {
  locationSearchMachine,
  selectDropdownOpen,
  selectNothingFound,
  selectResults,
  selectSearching,
  selectText,
  type SearchType,
} from '../../machines/location/location-search.machine.ts';
import { cx } from '../ui/cx.ts';
import { Spinner } from '../ui/spinner.tsx';

export interface LocationSearchProps {
  /** Called with the place the user picks. */
  onSelect?: (location: LocationResult) => void;
  label?: string;
  placeholder?: string;
  /** City (1, the default) or Street (2) search. */
  type?: SearchType;
  /** Text to start with, e.g. the place chosen before. */
  initialText?: string;
  /** Lets tests and stories run the machine with stubbed actors. */
  logic?: typeof locationSearchMachine;
  /** Starts the machine in a given state (stories). */
  snapshot?: SnapshotFrom<typeof locationSearchMachine>;
  autoFocus?: boolean;
  /** Shown under the field and announced with it, e.g. how many places may be chosen. */
  hint?: ReactNode;
  /** Why the place picked was not taken. */
  error?: string | null | undefined;
  /** Nothing can be searched or picked, e.g. when a list of places is full. */
  disabled?: boolean;
  /** Empties the field after a pick, for picking several places one after another. */
  clearOnSelect?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

/**
 * An accessible combobox over the location search machine: a labelled input, a listbox of places,
 * and "No locations found" when the search finds nothing.
 */
export function LocationSearch({
  onSelect,
  label = 'City, state or ZIP code',
  placeholder = 'e.g. Portland, OR or 98660',
  type,
  initialText,
  logic = locationSearchMachine,
  snapshot,
  autoFocus,
  hint,
  error,
  disabled = false,
  clearOnSelect = false,
  inputRef,
  className,
}: LocationSearchProps) {
  const actor = useActorRef(logic, { input: { type, text: initialText }, snapshot });
  const text = useSelector(actor, selectText);
  const results = useSelector(actor, selectResults);
  const open = useSelector(actor, selectDropdownOpen);
  const searching = useSelector(actor, selectSearching);
  const nothingFound = useSelector(actor, selectNothingFound);
  const [active, setActive] = useState(-1);

  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const clearRef = useRef(clearOnSelect);
  clearRef.current = clearOnSelect;
  useEffect(() => {
    const sub = actor.on('location.selected', (e) => {
      onSelectRef.current?.(e.location);
      if (clearRef.current) actor.send({ type: 'search.type', text: '' });
    });
    return () => sub.unsubscribe();
  }, [actor]);

  // A new answer starts with nothing highlighted.
  useEffect(() => setActive(-1), [results]);

  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined;
  const options = open && !searching && !disabled ? (results ?? []) : [];
  const listShown = options.length > 0;

  const choose = (location: LocationResult) => actor.send({ type: 'search.select', location });

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' && listShown) {
      e.preventDefault();
      setActive((i) => (i + 1) % options.length);
    } else if (e.key === 'ArrowUp' && listShown) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (e.key === 'Enter' && listShown && active >= 0) {
      e.preventDefault();
      choose(options[active]!);
    } else if (e.key === 'Escape' && open) {
      // Closes the list only, not a dialog around it.
      e.preventDefault();
      e.stopPropagation();
      actor.send({ type: 'search.close' });
    }
  }

  return (
    <div className={cx('flex flex-col gap-0.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      {/* The list opens right under the field, over what follows. */}
      <div className="relative">
        <div
          className={cx(
            'flex items-center rounded border bg-surface focus-within:outline focus-within:outline-3 focus-within:outline-offset-1 focus-within:outline-brand-500',
            error ? 'border-danger' : 'border-line',
            disabled && 'opacity-60',
          )}
        >
          <input
            ref={inputRef}
            id={inputId}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={listShown}
            aria-controls={listId}
            aria-activedescendant={listShown && active >= 0 ? optionId(active) : undefined}
            autoFocus={autoFocus}
            data-autofocus={autoFocus || undefined}
            placeholder={placeholder}
            value={text}
            onChange={(e) => actor.send({ type: 'search.type', text: e.target.value })}
            onFocus={() => actor.send({ type: 'search.focus' })}
            onBlur={() => actor.send({ type: 'search.blur' })}
            onKeyDown={onKeyDown}
            className="min-h-5 w-full rounded bg-transparent px-1.5 py-1 text-base outline-none disabled:cursor-not-allowed"
          />
          {searching && !disabled && <Spinner size={20} className="mr-1" label="Searching" />}
        </div>
        <ul
          id={listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!listShown}
          className="absolute top-full z-10 mt-0.5 max-h-40 w-full overflow-auto rounded border border-line bg-surface py-0.5 shadow-lg"
        >
          {options.map((location, i) => (
            <li
              key={location.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Keeps the focus in the field, so choosing does not count as leaving it.
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(location)}
              className={cx('cursor-pointer px-1.5 py-1 text-sm', i === active && 'bg-brand-50 dark:bg-brand-900/40')}
            >
              <span className="block font-medium">{location.address.freeformAddress}</span>
              <span className="block text-xs text-muted">{location.address.countrySubdivisionName}</span>
            </li>
          ))}
        </ul>
        {open && nothingFound && !disabled && (
          <p
            role="status"
            className="absolute top-full z-10 mt-0.5 w-full rounded border border-line bg-surface px-1.5 py-1 text-sm text-muted shadow-lg"
          >
            {AccountMessages.noLocations}
          </p>
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
