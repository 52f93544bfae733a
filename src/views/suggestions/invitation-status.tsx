import { INVITATION_STATUS_NAMES, type InvitationStatus } from '../../contract/suggestions.ts';
import { cx } from '../ui/cx.ts';

/** Each invitation status in its own colour, always with its name and a symbol, so it reads without colour too. */
const statusStyle: Record<InvitationStatus, { symbol: string; className: string }> = {
  sent: { symbol: '✉', className: 'border-sky-700/40 bg-sky-50 text-sky-900 dark:border-sky-400/50 dark:bg-sky-950 dark:text-sky-100' },
  viewed: { symbol: '◉', className: 'border-violet-700/40 bg-violet-50 text-violet-900 dark:border-violet-400/50 dark:bg-violet-950 dark:text-violet-100' },
  applied: { symbol: '✓', className: 'border-brand-700 bg-brand-700 text-white dark:border-brand-300 dark:bg-brand-800 dark:text-white' },
};

/** An invitation's status as a chip: "Viewed". */
export function InvitationStatusChip({ status, className }: { status: InvitationStatus; className?: string }) {
  const style = statusStyle[status];
  return (
    <span
      data-status={status}
      className={cx('inline-flex items-center gap-0.5 rounded-full border px-1 py-0.25 text-xs font-semibold whitespace-nowrap', style.className, className)}
    >
      <span aria-hidden="true">{style.symbol}</span>
      {INVITATION_STATUS_NAMES[status]}
    </span>
  );
}

/** Previous and Next with "Page 1 of 3". */
export function Pager({ page, pages, disabled, onPage }: { page: number; pages: number; disabled: boolean; onPage: (p: number) => void }) {
  const button = 'rounded px-1 py-0.5 text-sm font-semibold hover:bg-black/5 disabled:opacity-50 disabled:hover:bg-transparent dark:hover:bg-white/10';
  return (
    <nav aria-label="Pages" className="flex items-center justify-center gap-1.5">
      <button type="button" className={button} disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">‹</span> Previous
      </button>
      <span className="text-sm" aria-live="polite">
        Page {page} of {pages}
      </span>
      <button type="button" className={button} disabled={disabled || page >= pages} onClick={() => onPage(page + 1)}>
        Next <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
