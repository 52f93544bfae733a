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
import { filterOptions, type ComboboxFieldProps, type Option, type SelectFieldProps } from './select-options.ts';
import { Spinner } from './spinner.tsx';

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

const optionRow =
  'flex cursor-pointer items-center gap-1 px-1.5 py-0.5 data-focus:bg-brand-50 data-selected:font-semibold dark:data-focus:bg-brand-900';

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

/** The Headless UI listbox behind `SelectField` in select-field.tsx. */
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
}: SelectFieldProps<T>) {
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

/** The Headless UI combobox behind `ComboboxField` in select-field.tsx. */
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
}: ComboboxFieldProps<T>) {
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
