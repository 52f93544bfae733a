import { cx } from './cx.ts';

export interface ChipStyle {
  symbol: string;
  className: string;
}

/** A status as a chip in its own colour, always with its name and a symbol, so it reads without colour too. */
export function StatusChip({ status, label, style, className }: { status: string; label: string; style: ChipStyle; className?: string }) {
  return (
    <span
      data-status={status}
      className={cx(
        'inline-flex items-center gap-0.5 rounded-full border px-1 py-0.25 text-xs font-semibold whitespace-nowrap',
        style.className,
        className,
      )}
    >
      <span aria-hidden="true">{style.symbol}</span>
      {label}
    </span>
  );
}

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
