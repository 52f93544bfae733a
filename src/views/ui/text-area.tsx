import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx.ts';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shows "n / max" under the field. */
  maxChars?: number;
}

/** A labelled multi-line text field with hint, error and an optional character count. */
export function TextAreaField({ label, error, hint, maxChars, className, value, ...input }: TextAreaFieldProps) {
  const id = useId();
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`, maxChars && `${id}-count`].filter(Boolean).join(' ') || undefined;
  const length = typeof value === 'string' ? value.length : 0;
  return (
    <div className={cx('flex flex-col gap-0.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(
          'min-h-12 w-full rounded border bg-surface px-1.5 py-1 text-base outline-none focus:outline focus:outline-3 focus:outline-offset-1 focus:outline-brand-500',
          error ? 'border-danger' : 'border-line',
        )}
        {...input}
      />
      <div className="flex justify-between gap-1">
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted">
            {hint}
          </p>
        ) : (
          <span />
        )}
        {maxChars !== undefined && (
          <p id={`${id}-count`} className={cx('text-xs', length > maxChars ? 'text-danger' : 'text-muted')}>
            {length} / {maxChars}
          </p>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
