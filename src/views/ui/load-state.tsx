import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Spinner } from './spinner.tsx';
import { cx } from './cx.ts';

/** A section's data on its way: a small spinner and what is being read. */
export function Loading({ label, className }: { label: string; className?: string }) {
  return (
    <p className={cx('flex items-center gap-1 text-muted', className)} role="status">
      <Spinner size={16} /> {label}
    </p>
  );
}

/** A section's data could not be read: says so and offers to read it again. */
export function LoadFailed({ message, onRetry, className }: { message: string; onRetry: () => void; className?: string }) {
  return (
    <div className={cx('flex flex-col items-start gap-1', className)}>
      <Alert tone="error">{message}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
