import { StatusChip } from '../ui/status-chip.tsx';

/** A job with a current boost, as the company's lists show it (to its recruiters too). */
export function BoostedBadge({ className }: { className?: string }) {
  return (
    <StatusChip
      status="boosted"
      label="Boosted"
      style={{ symbol: '★', className: 'border-brand-600/40 bg-brand-50 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100' }}
      {...(className ? { className } : {})}
    />
  );
}
