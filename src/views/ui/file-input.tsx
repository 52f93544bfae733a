import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { cx } from './cx.ts';

const buttonLook = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'border border-brand-700 text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:border-brand-300 dark:hover:bg-white/5',
} as const;

export interface FileButtonProps {
  /** What the button says; also the file input's accessible name. */
  label: string;
  /** The picker's filter, e.g. ".pdf,application/pdf". */
  accept: string;
  disabled?: boolean;
  /** The ids of what describes the input (a hint, an error). */
  describedBy?: string | undefined;
  variant?: keyof typeof buttonLook;
  /** Every file chosen; the caller decides what to accept. */
  onFiles: (files: File[]) => void;
}

/**
 * A file input that looks like a button: the input itself stays in the tab order (visually
 * hidden), so Tab reaches it, Enter or Space opens the picker, and its label is its name.
 */
export function FileButton({ label, accept, disabled, describedBy, variant = 'secondary', onFiles }: FileButtonProps) {
  const id = useId();
  return (
    <span className="relative inline-flex">
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-describedby={describedBy}
        className="peer sr-only"
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          // Cleared, so choosing the same file again is a new choice.
          e.currentTarget.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <label
        htmlFor={id}
        className={cx(
          'inline-flex min-h-5 cursor-pointer items-center justify-center gap-1 rounded px-2 py-1 text-sm font-semibold transition-colors',
          'peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500',
          'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
          buttonLook[variant],
        )}
      >
        {label}
      </label>
    </span>
  );
}

export interface FileDropZoneProps extends Omit<FileButtonProps, 'describedBy' | 'variant'> {
  /** Under the button: what is accepted, or why nothing can be added now. */
  hint: ReactNode;
  error?: string | null | undefined;
}

/**
 * A place to drop a file, with a file button inside it for the keyboard and for anyone who
 * would rather pick. Dropping is refused while disabled.
 */
export function FileDropZone({ hint, error, disabled, onFiles, ...button }: FileDropZoneProps) {
  const id = useId();
  const [over, setOver] = useState(false);
  const describedBy = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  const onDragOver = (e: DragEvent) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setOver(true);
  };
  return (
    <div
      role="group"
      aria-label={`${button.label}: drop a file here`}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const files = Array.from(e.dataTransfer.files ?? []);
        if (!disabled && files.length) onFiles(files);
      }}
      className={cx(
        'flex flex-col items-start gap-1 rounded border-2 border-dashed p-2 sm:flex-row sm:items-center',
        over ? 'border-brand-500 bg-brand-50 dark:bg-brand-900/40' : error ? 'border-danger' : 'border-line',
        disabled && 'opacity-80',
      )}
    >
      <FileButton {...button} disabled={disabled} describedBy={describedBy} onFiles={onFiles} />
      <div className="flex flex-col gap-0.5">
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

/** An upload on its way: how much is sent, as a progress bar, and a button that stops it. */
export function UploadProgress({ name, percent, onCancel }: { name: string; percent: number; onCancel: () => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 rounded border border-line p-2 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p id={id} className="truncate text-sm">
          Uploading {name}… {percent}%
        </p>
        <div
          role="progressbar"
          aria-labelledby={id}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1 overflow-hidden rounded bg-surface-raised"
        >
          <div className="h-full bg-brand-500 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <Button variant="secondary" onClick={onCancel} aria-label={`Cancel uploading ${name}`}>
        Cancel
      </Button>
    </div>
  );
}
