import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field,
  Label,
  Listbox,
  ListboxButton,
  ListboxOption,
  ListboxOptions,
} from '@headlessui/react';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { cx } from './cx.ts';
import { Spinner } from './spinner.tsx';

export interface Option<T> {
  value: T;
  label: string;
  /** The heading a combobox lists this option under (a skill's category). */
  group?: string;
}

/** Consecutive options under one heading, in the order given. */
function groupsOf<T>(options: ReadonlyArray<Option<T>>): Array<{ group: string | undefined; options: Option<T>[] }> {
  const out: Array<{ group: string | undefined; options: Option<T>[] }> = [];
  for (const o of options) {
    const last = out.at(-1);
    if (last && last.group === o.group) last.options.push(o);
    else out.push({ group: o.group, options: [o] });
  }
  return out;
}

const frame = (error: string | undefined) =>
  cx(
    'flex min-h-5 w-full items-center rounded border bg-surface text-left text-base',
    'focus-within:outline focus-within:outline-3 focus-within:outline-offset-1 focus-within:outline-brand-500',
    error ? 'border-danger' : 'border-line',
  );

const optionsPanel =
  'z-50 max-h-40 w-(--input-width) min-w-(--button-width) overflow-auto rounded border border-line bg-surface py-0.5 shadow-lg [--anchor-gap:4px] empty:invisible';

const optionRow = 'flex cursor-pointer items-center gap-1 px-1.5 py-0.5 data-focus:bg-brand-50 data-selected:font-semibold dark:data-focus:bg-brand-900';

function Chevron() {
  return (
    <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor" className="shrink-0 text-muted">
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
    </svg>
  );
}

function FieldFooter({ hint, error }: { hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {hint && <Description className="text-xs text-muted">{hint}</Description>}
      {error && (
        <p className="text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/**
 * One choice from a short fixed list (a Headless UI listbox): job types, schedules, degrees, pay
 * periods. `placeholder` names the empty choice; with `clearable` the user can go back to it.
 */
export function SelectField<T extends string | number>({
  label,
  value,
  onChange,
  options,
  placeholder = 'Choose…',
  clearable = false,
  error,
  hint,
  onBlur,
  className,
}: {
  label: string;
  value: T | null;
  onChange: (value: T | null) => void;
  options: ReadonlyArray<Option<T>>;
  placeholder?: string;
  clearable?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  onBlur?: () => void;
  className?: string;
}) {
  const chosen = options.find((o) => o.value === value);
  return (
    <Field className={cx('flex flex-col gap-0.5', className)}>
      <Label className="text-sm font-medium">{label}</Label>
      <Listbox value={value} onChange={onChange} invalid={Boolean(error)}>
        <ListboxButton className={cx(frame(error), 'justify-between px-1.5 py-1 outline-none')} onBlur={onBlur}>
          <span className={cx('truncate', !chosen && 'text-muted')}>{chosen?.label ?? placeholder}</span>
          <Chevron />
        </ListboxButton>
        <ListboxOptions anchor="bottom start" className={optionsPanel}>
          {clearable && (
            <ListboxOption value={null} className={cx(optionRow, 'text-muted')}>
              {placeholder}
            </ListboxOption>
          )}
          {options.map((o) => (
            <ListboxOption key={String(o.value)} value={o.value} className={optionRow}>
              {o.label}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
      <FieldFooter hint={hint} error={error} />
    </Field>
  );
}

const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}+#]+/u).filter(Boolean);

/** Options where every word typed begins a word of the label, case aside; at most `limit` of them. */
export function filterOptions<T>(options: ReadonlyArray<Option<T>>, query: string, limit = 50): Option<T>[] {
  const typed = wordsOf(query);
  const out: Option<T>[] = [];
  for (const o of options) {
    const words = wordsOf(o.label);
    if (typed.every((t) => words.some((w) => w.startsWith(t)))) out.push(o);
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * One choice found by typing (a Headless UI combobox): skills, fields of study, universities.
 * Given `options` it filters them itself; given `onQueryChange` the caller searches and passes the
 * answer in `options`. With `allowTyped` what was typed can be kept as it is (a school not in the
 * list), reported as a choice whose value is null. Options with a `group` are listed under its
 * heading.
 */
export function ComboboxField<T extends string | number>({
  label,
  value,
  onChange,
  options,
  onQueryChange,
  searching = false,
  allowTyped = false,
  placeholder,
  emptyText = 'Nothing found',
  disabled = false,
  error,
  hint,
  onBlur,
  className,
}: {
  label: string;
  /** The choice shown: its value (null for typed text) and label. */
  value: Option<T | null> | null;
  onChange: (choice: Option<T | null> | null) => void;
  options: ReadonlyArray<Option<T>>;
  onQueryChange?: (query: string) => void;
  searching?: boolean;
  allowTyped?: boolean;
  placeholder?: string;
  emptyText?: string;
  disabled?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  onBlur?: () => void;
  className?: string;
}) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => (onQueryChange ? options.slice() : filterOptions(options, query)), [options, query, onQueryChange]);
  const typed = query.trim();
  const offerTyped = allowTyped && typed.length > 0 && !shown.some((o) => o.label.toLowerCase() === typed.toLowerCase());
  return (
    <Field className={cx('flex flex-col gap-0.5', className)} disabled={disabled}>
      <Label className="text-sm font-medium data-disabled:opacity-60">{label}</Label>
      <Combobox
        value={value}
        by={(a, b) => a?.value === b?.value && a?.label === b?.label}
        onChange={onChange}
        onClose={() => setQuery('')}
        invalid={Boolean(error)}
      >
        <div className={cx(frame(error), disabled && 'cursor-not-allowed opacity-60')}>
          <ComboboxInput
            className="min-h-5 w-full rounded bg-transparent px-1.5 py-1 text-base outline-none"
            displayValue={(choice: Option<T | null> | null) => choice?.label ?? ''}
            placeholder={placeholder}
            autoComplete="off"
            onBlur={onBlur}
            onChange={(e) => {
              setQuery(e.target.value);
              onQueryChange?.(e.target.value);
            }}
          />
          {searching ? (
            <span className="px-1" aria-hidden="true">
              <Spinner size={16} />
            </span>
          ) : (
            <ComboboxButton className="px-1 py-1" aria-label={`Show ${label.toLowerCase()} choices`}>
              <Chevron />
            </ComboboxButton>
          )}
        </div>
        <ComboboxOptions anchor="bottom start" className={optionsPanel}>
          {offerTyped && (
            <ComboboxOption value={{ value: null, label: typed }} className={optionRow}>
              Use “{typed}”
            </ComboboxOption>
          )}
          {groupsOf(shown).map(({ group, options: inGroup }) => {
            const rows = inGroup.map((o) => (
              <ComboboxOption key={String(o.value)} value={o} className={optionRow}>
                {o.label}
              </ComboboxOption>
            ));
            if (group === undefined) return <Fragment key={`rows:${String(inGroup[0]!.value)}`}>{rows}</Fragment>;
            return (
              <div key={`group:${group}`} role="group" aria-label={group}>
                <div aria-hidden="true" className="px-1.5 pt-1 pb-0.5 text-xs font-semibold tracking-wide text-muted uppercase">
                  {group}
                </div>
                {rows}
              </div>
            );
          })}
          {!offerTyped && shown.length === 0 && query && !searching && <div className="px-1.5 py-0.5 text-muted">{emptyText}</div>}
        </ComboboxOptions>
      </Combobox>
      <FieldFooter hint={hint} error={error} />
    </Field>
  );
}
