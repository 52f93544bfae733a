import { useId, useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx.ts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field and announced; the form decides when (after touch or submit). */
  error?: string | undefined;
  hint?: ReactNode;
  /** Something after the input inside its frame, e.g. a show/hide toggle. */
  trailing?: ReactNode;
}

export function TextField({ label, error, hint, trailing, className, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-0.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div
        className={cx(
          'flex items-center rounded border bg-surface focus-within:outline focus-within:outline-3 focus-within:outline-offset-1 focus-within:outline-brand-500',
          error ? 'border-danger' : 'border-line',
        )}
      >
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="min-h-5 w-full rounded bg-transparent px-1.5 py-1 text-base outline-none"
          {...input}
        />
        {trailing}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Several lines of text (a job's description), labelled and with its error like a TextField. */
export function TextAreaField({
  label,
  error,
  hint,
  className,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { label: string; error?: string | undefined; hint?: ReactNode }) {
  const id = useId();
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-0.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(
          'w-full rounded border bg-surface px-1.5 py-1 text-base',
          'focus:outline focus:outline-3 focus:outline-offset-1 focus:outline-brand-500',
          error ? 'border-danger' : 'border-line',
        )}
        {...textarea}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A text field whose value can be shown or hidden: passwords and masked TINs. */
export function SecretField({
  showLabel = 'Show',
  hideLabel = 'Hide',
  what,
  ...props
}: TextFieldProps & { what: string; showLabel?: string; hideLabel?: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="mr-0.5 rounded px-1 py-0.5 text-sm font-medium text-link hover:bg-black/5 dark:hover:bg-white/10"
          aria-pressed={visible}
          aria-label={`${visible ? hideLabel : showLabel} ${what}`}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? hideLabel : showLabel}
        </button>
      }
    />
  );
}

export function Checkbox({
  label,
  error,
  className,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & { label: ReactNode; error?: string | undefined }) {
  const id = useId();
  return (
    <div className={cx('flex flex-col gap-0.5', className)}>
      <div className="flex items-center gap-1">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="size-2 accent-brand-700"
          {...input}
        />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
