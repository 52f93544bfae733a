import type { ApplicationStatus, PublicJobStatus } from '../../contract/jobs.ts';
import { StatusChip, type ChipStyle } from '../ui/status-chip.tsx';

/**
 * Each application status in its own colour, always with its name (and a symbol), so it reads
 * without colour too; the dark shades keep the same contrast on the dark surface.
 */
const statusStyle: Record<ApplicationStatus, ChipStyle> = {
  Applied: { symbol: '➤', className: 'border-sky-700/40 bg-sky-50 text-sky-900 dark:border-sky-400/50 dark:bg-sky-950 dark:text-sky-100' },
  Reviewed: {
    symbol: '◉',
    className: 'border-indigo-700/40 bg-indigo-50 text-indigo-900 dark:border-indigo-400/50 dark:bg-indigo-950 dark:text-indigo-100',
  },
  Interviewing: {
    symbol: '☎',
    className: 'border-violet-700/40 bg-violet-50 text-violet-900 dark:border-violet-400/50 dark:bg-violet-950 dark:text-violet-100',
  },
  Offered: {
    symbol: '★',
    className: 'border-amber-700/50 bg-amber-50 text-amber-900 dark:border-amber-400/50 dark:bg-amber-950 dark:text-amber-100',
  },
  Hired: { symbol: '✓', className: 'border-brand-700 bg-brand-700 text-white dark:border-brand-300 dark:bg-brand-800 dark:text-white' },
  Rejected: {
    symbol: '✕',
    className: 'border-rose-700/40 bg-rose-50 text-rose-900 dark:border-rose-400/50 dark:bg-rose-950 dark:text-rose-100',
  },
  Withdrawn: { symbol: '↩', className: 'border-line bg-surface-raised text-muted' },
};

/** An application's status as a chip: "Interviewing". */
export function ApplicationStatusChip({ status, className }: { status: ApplicationStatus; className?: string }) {
  return <StatusChip status={status} label={status} style={statusStyle[status]} className={className} />;
}

/** Why a listed job can no longer be applied to. */
export const JobStateNotes: Record<Exclude<PublicJobStatus, 'Active'> | 'Removed', string> = {
  Closed: 'This job is closed',
  Expired: 'This job has expired',
  Removed: 'Removed by the employer',
};

/** "This job is closed": shown on a listed job that no longer takes applications; nothing for an open one. */
export function JobStateNote({ status }: { status: PublicJobStatus | 'Removed' }) {
  if (status === 'Active') return null;
  return (
    <span className="inline-flex items-center gap-0.5 rounded-full border border-line bg-surface-raised px-1 py-0.25 text-xs font-semibold text-muted">
      <span aria-hidden="true">⊘</span>
      {JobStateNotes[status]}
    </span>
  );
}
