import { useId } from 'react';
import { cx } from './cx.ts';
import { Button } from './button.tsx';

/**
 * A file input that looks like a button: the input itself stays in the page (visually hidden,
 * still focusable and labelled), so keyboards and screen readers use the browser's own picker.
 */
export function FilePicker({
  label,
  accept,
  onFile,
  disabled = false,
  hint,
  variant = 'secondary',
}: {
  label: string;
  accept: readonly string[];
  onFile: (file: File) => void;
  disabled?: boolean;
  hint?: string;
  variant?: 'primary' | 'secondary';
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-0.5">
      <label
        htmlFor={id}
        className={cx(
          'inline-flex min-h-5 w-fit cursor-pointer items-center justify-center gap-1 rounded px-2 py-1 text-sm font-semibold transition-colors',
          'focus-within:outline focus-within:outline-3 focus-within:outline-offset-1 focus-within:outline-brand-500',
          variant === 'primary'
            ? 'bg-brand-700 text-white hover:bg-brand-800'
            : 'border border-brand-700 text-brand-700 hover:bg-brand-50 dark:border-brand-300 dark:text-brand-300 dark:hover:bg-white/5',
          disabled && 'pointer-events-none cursor-not-allowed opacity-60',
        )}
      >
        <input
          id={id}
          type="file"
          accept={accept.join(',')}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            // Cleared, so choosing the same file again is a new choice.
            e.target.value = '';
            if (file) onFile(file);
          }}
        />
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

/** An upload on its way: what is sent, how far it is, and a way to stop it. */
export function UploadProgress({ fileName, percent, onCancel }: { fileName: string | null; percent: number | null; onCancel: () => void }) {
  const label = `Uploading ${fileName ?? 'the file'}`;
  return (
    <div className="flex flex-col gap-0.5 rounded border border-line p-1">
      <div className="flex items-center justify-between gap-1">
        <span className="truncate text-sm" id="upload-progress-label">
          {label}… {percent !== null ? `${percent}%` : ''}
        </span>
        <Button variant="ghost" onClick={onCancel}>
          Cancel upload
        </Button>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-1 overflow-hidden rounded bg-surface-raised"
      >
        <div className="h-full bg-brand-500 transition-[width]" style={{ width: `${percent ?? 0}%` }} />
      </div>
    </div>
  );
}
