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
