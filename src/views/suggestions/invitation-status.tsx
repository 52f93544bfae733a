import { INVITATION_STATUS_NAMES, type InvitationStatus } from '../../contract/suggestions.ts';
import { StatusChip, type ChipStyle } from '../ui/status-chip.tsx';

/** Each invitation status in its own colour, always with its name and a symbol, so it reads without colour too. */
const statusStyle: Record<InvitationStatus, ChipStyle> = {
  sent: { symbol: '✉', className: 'border-sky-700/40 bg-sky-50 text-sky-900 dark:border-sky-400/50 dark:bg-sky-950 dark:text-sky-100' },
  viewed: {
    symbol: '◉',
    className: 'border-violet-700/40 bg-violet-50 text-violet-900 dark:border-violet-400/50 dark:bg-violet-950 dark:text-violet-100',
  },
  applied: { symbol: '✓', className: 'border-brand-700 bg-brand-700 text-white dark:border-brand-300 dark:bg-brand-800 dark:text-white' },
};

/** An invitation's status as a chip: "Viewed". */
export function InvitationStatusChip({ status, className }: { status: InvitationStatus; className?: string }) {
  return <StatusChip status={status} label={INVITATION_STATUS_NAMES[status]} style={statusStyle[status]} className={className} />;
}
