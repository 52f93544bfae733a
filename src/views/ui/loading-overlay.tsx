import { Spinner } from './spinner.tsx';

/** A full-page overlay (spinner on a dark backdrop) shown while `open` is true. */
export function LoadingOverlay({ open, label = 'Loading' }: { open: boolean; label?: string }) {
  if (!open) return null;
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/60"
      role="status"
      aria-live="polite"
      aria-label={label}
      data-testid="loading-overlay"
    >
      <Spinner size={20} />
    </div>
  );
}
