import { useId, useMemo, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { FieldErrors, FieldKey, FieldValue } from '../../machines/posting/job-data.ts';
import { fieldOf } from '../../machines/posting/job-data.ts';
import { selectFieldErrors, selectFieldsLocked, selectNumberText, type wizardMachine } from '../../machines/posting/wizard.machine.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { Checkbox, TextField } from '../ui/field.tsx';
import { ComboboxField, type Option } from '../ui/select-field.tsx';

/** The wizard's actor, as every step's form takes it. */
export type WizardActor = ActorRefFrom<typeof wizardMachine>;

const sameErrors = (a: FieldErrors, b: FieldErrors) => JSON.stringify(a) === JSON.stringify(b);

/** The current step's shown errors. */
export function useFieldErrors(actor: WizardActor): FieldErrors {
  return useSelector(actor, selectFieldErrors, sameErrors);
}

/** One field's value, and the events that change it. */
export function useField<K extends FieldKey>(actor: WizardActor, key: K) {
  const value = useSelector(actor, (s) => fieldOf(s.context.data, key));
  const error = useFieldErrors(actor)[key];
  const disabled = useSelector(actor, selectFieldsLocked);
  return {
    value,
    error,
    disabled,
    set: (next: FieldValue<K>) => actor.send({ type: 'field.change', field: key, value: next }),
    leave: () => actor.send({ type: 'field.blur', field: key }),
    /** A choice is made and left at once (boxes, lists). */
    choose: (next: FieldValue<K>) => {
      actor.send({ type: 'field.change', field: key, value: next });
      actor.send({ type: 'field.blur', field: key });
    },
  };
}

/** A text field bound to a field of the job. */
export function WizardTextField({
  actor,
  field,
  ...props
}: { actor: WizardActor; field: FieldKey; label: string; hint?: ReactNode } & Omit<
  Parameters<typeof TextField>[0],
  'value' | 'onChange' | 'onBlur' | 'error'
>) {
  const f = useField(actor, field);
  return (
    <TextField
      {...props}
      name={field}
      value={typeof f.value === 'string' ? f.value : ''}
      error={f.error}
      disabled={f.disabled}
      onChange={(e) => f.set((e.target.value === '' && field !== 'jobDetails.title' ? null : e.target.value) as never)}
      onBlur={f.leave}
    />
  );
}

/** A number field: the text stays as typed; the wizard reads it. */
export function WizardNumberField({
  actor,
  field,
  decimals = false,
  ...props
}: {
  actor: WizardActor;
  field: FieldKey;
  label: string;
  hint?: ReactNode;
  decimals?: boolean;
  className?: string;
  trailing?: ReactNode;
}) {
  const text = useSelector(actor, (s) => selectNumberText(s, field));
  const error = useFieldErrors(actor)[field];
  const disabled = useSelector(actor, selectFieldsLocked);
  return (
    <TextField
      {...props}
      name={field}
      inputMode={decimals ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={text}
      error={error}
      disabled={disabled}
      onChange={(e) => actor.send({ type: 'field.change', field, value: e.target.value })}
      onBlur={() => actor.send({ type: 'field.blur', field })}
    />
  );
}

/** A field's error under a group of controls. */
export function GroupError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="text-sm text-danger" role="alert">
      {error}
    </p>
  );
}

/** Several choices from a short list, as boxes. `max` disables the rest once that many are ticked. */
export function CheckboxList({
  legend,
  options,
  value,
  onChange,
  error,
  max,
  hint,
  disabled = false,
  className,
}: {
  legend: string;
  options: ReadonlyArray<{ id: number; name: string }>;
  value: readonly number[];
  onChange: (next: number[]) => void;
  error?: string | undefined;
  max?: number;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  const full = max !== undefined && value.length >= max;
  return (
    <fieldset
      className={cx('flex flex-col gap-1', className)}
      aria-describedby={[hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined}
    >
      <legend className="mb-0.5 text-sm font-medium">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      <div className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((o) => {
          const checked = value.includes(o.id);
          return (
            <Checkbox
              key={o.id}
              label={o.name}
              checked={checked}
              disabled={disabled || (full && !checked)}
              onChange={(e) => onChange(e.target.checked ? [...value, o.id] : value.filter((v) => v !== o.id))}
            />
          );
        })}
      </div>
      <GroupError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/** Chosen items of a long list as removable chips, and a combobox that adds one more. */
export function MultiPick<T extends string | number>({
  label,
  listLabel,
  options,
  value,
  onChange,
  max,
  error,
  hint,
  placeholder,
  emptyText = 'No choice by that name',
  disabled = false,
}: {
  label: string;
  /** Names the list of chosen items, e.g. "Skills chosen". */
  listLabel: string;
  options: ReadonlyArray<Option<T>>;
  value: readonly T[];
  onChange: (next: T[]) => void;
  max?: number;
  error?: string | undefined;
  hint?: ReactNode;
  placeholder?: string;
  emptyText?: string;
  disabled?: boolean;
}) {
  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options]);
  const open = useMemo(() => options.filter((o) => !value.includes(o.value)), [options, value]);
  const full = max !== undefined && value.length >= max;
  return (
    <div className="flex flex-col gap-1">
      <ComboboxField<T>
        label={label}
        value={null}
        options={open}
        placeholder={placeholder}
        emptyText={emptyText}
        disabled={disabled || full}
        error={error}
        hint={full ? `Up to ${max}. Remove one to choose another.` : hint}
        onChange={(choice) => {
          if (choice && choice.value !== null && !value.includes(choice.value)) onChange([...value, choice.value]);
        }}
      />
      {value.length > 0 && (
        <ul aria-label={listLabel} className="flex flex-wrap gap-1">
          {value.map((v) => {
            const name = byValue.get(v)?.label ?? String(v);
            return (
              <li
                key={String(v)}
                className="inline-flex items-center gap-0.5 rounded-full border border-line bg-surface-raised py-0.5 pr-0.5 pl-1.5 text-sm"
              >
                {name}
                <button
                  type="button"
                  disabled={disabled}
                  aria-label={`Remove ${name}`}
                  onClick={() => onChange(value.filter((x) => x !== v))}
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

/** Short words or phrases typed one at a time, each removable. */
export function TagInput({
  label,
  value,
  onChange,
  max,
  error,
  hint,
  disabled = false,
}: {
  label: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  max: number;
  error?: string | undefined;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const full = value.length >= max;
  const add = () => {
    const tag = text.trim();
    if (!tag || value.some((t) => t.toLowerCase() === tag.toLowerCase())) return setText('');
    onChange([...value, tag]);
    setText('');
  };
  return (
    <div className="flex flex-col gap-1">
      <TextField
        label={label}
        value={text}
        hint={full ? `Up to ${max} tags.` : hint}
        error={error}
        disabled={disabled || full}
        maxLength={30}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          }
        }}
        trailing={
          <Button variant="ghost" className="mr-0.5 min-h-0 px-1 py-0.5" disabled={disabled || full || !text.trim()} onClick={add}>
            Add
          </Button>
        }
      />
      {value.length > 0 && (
        <ul aria-label={`${label} added`} className="flex flex-wrap gap-1">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-0.5 rounded-full border border-line bg-surface-raised py-0.5 pr-0.5 pl-1.5 text-sm"
            >
              {tag}
              <button
                type="button"
                disabled={disabled}
                aria-label={`Remove ${tag}`}
                onClick={() => onChange(value.filter((t) => t !== tag))}
                className="rounded-full px-0.5 leading-none text-muted hover:bg-black/5 hover:text-ink focus-visible:outline focus-visible:outline-3 focus-visible:outline-brand-500 dark:hover:bg-white/10"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A step's section heading and its fields. */
export function StepSection({ title, children, description }: { title: string; children: ReactNode; description?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <div>
        <h3 id={id} className="text-lg font-semibold">
          {title}
        </h3>
        {description && <p className="text-sm text-muted">{description}</p>}
      </div>
      {children}
    </section>
  );
}
