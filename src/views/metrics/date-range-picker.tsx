import { useSelector } from '@xstate/react';
import { lazy, Suspense, useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { rangeDays } from '../../contract/metrics.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import {
  selectCalendarOpen,
  selectCanPageLater,
  selectPeriod,
  selectRange,
  shiftDaysOf,
  type dateRangeMachine,
  type Period,
} from '../../machines/metrics/date-range.machine.ts';
import { ChoiceGroup } from '../ui/choice-group.tsx';
import { cx } from '../ui/cx.ts';

/** The calendar (react-day-picker) loads when it is first opened. */
const CalendarDialog = lazy(() => import('./calendar-dialog.tsx'));

export type DateRangeActor = ActorRefFrom<typeof dateRangeMachine>;

const periods = [
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'year', label: 'Year' },
] as const;
const periodEvent = { week: 'range.week', month: 'range.month', year: 'range.year' } as const;

const pageButton =
  'inline-flex min-h-5 items-center gap-0.5 rounded border border-line px-1.5 py-0.5 text-sm font-semibold hover:bg-surface-raised aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent';

/** "03-06-2025 – 03-12-2025 (7 days)" */
export const rangeText = (startDate: string, endDate: string) => {
  const days = rangeDays(startDate, endDate);
  return `${formatDisplayDate(startDate)} – ${formatDisplayDate(endDate)} (${days} ${days === 1 ? 'day' : 'days'})`;
};

/**
 * The date-range picker (spec 2 §4): Week, Month or Year back from today, Earlier and Later by the
 * range's shift, and Choose dates for a range of one's own. Later stays focusable when it cannot be
 * used (aria-disabled), so keyboard users are not dropped when they reach today.
 */
export function DateRangePicker({ actor, className }: { actor: DateRangeActor; className?: string }) {
  const range = useSelector(actor, selectRange);
  const period = useSelector(actor, selectPeriod);
  const canLater = useSelector(actor, selectCanPageLater);
  const calendarOpen = useSelector(actor, selectCalendarOpen);
  const shift = shiftDaysOf(range);
  const labelId = useId();

  return (
    <div className={cx('flex flex-wrap items-end gap-1.5', className)}>
      <ChoiceGroup<Period>
        label="Period"
        value={period}
        onChange={(p) => actor.send({ type: periodEvent[p] })}
        options={periods}
        columns={3}
        className="w-36"
      />
      <div className="flex flex-col gap-0.5">
        <span className="text-sm font-medium" id={labelId}>
          Dates shown
        </span>
        <div role="group" aria-labelledby={labelId} className="flex flex-wrap items-center gap-1">
          <button type="button" className={pageButton} title={`Back ${shift} days`} onClick={() => actor.send({ type: 'range.earlier' })}>
            <span aria-hidden="true">‹</span>
            Earlier
          </button>
          <output aria-live="polite" className="min-w-32 text-center text-sm font-semibold tabular-nums">
            {rangeText(range.startDate, range.endDate)}
          </output>
          <button
            type="button"
            className={pageButton}
            title={canLater ? `Forward ${shift} days` : 'These are the latest dates'}
            aria-disabled={!canLater || undefined}
            onClick={() => canLater && actor.send({ type: 'range.later' })}
          >
            Later
            <span aria-hidden="true">›</span>
          </button>
          <button type="button" aria-haspopup="dialog" className={pageButton} onClick={() => actor.send({ type: 'calendar.open' })}>
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
              <rect x="2" y="3" width="12" height="11" rx="1.5" />
              <path d="M2 6.5h12M5.5 1.5v3M10.5 1.5v3" />
            </svg>
            Choose dates
          </button>
        </div>
      </div>
      {calendarOpen && (
        <Suspense fallback={null}>
          <CalendarDialog actor={actor} />
        </Suspense>
      )}
    </div>
  );
}
