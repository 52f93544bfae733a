import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { DayPicker, type DateRange as DayRange } from 'react-day-picker';
import { rangeDays } from '../../contract/metrics.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';
import { useMediaQuery, WIDE_SCREEN } from '../ui/use-media-query.ts';
import type { DateRangeActor } from './date-range-picker.tsx';

const DAY = 'YYYY-MM-DD';
const toDate = (value: string | null) => (value ? dayjs(value).toDate() : undefined);
const toDay = (value: Date | undefined) => (value ? dayjs(value).format(DAY) : null);

/** react-day-picker unstyled, drawn with the app's Tailwind theme. */
const classNames = {
  root: 'relative text-sm',
  months: 'flex flex-wrap gap-3',
  month: 'flex flex-col gap-1',
  month_caption: 'flex h-5 items-center justify-center font-semibold',
  nav: 'absolute inset-x-0 top-0 flex justify-between',
  button_previous:
    'inline-flex size-5 items-center justify-center rounded text-ink hover:bg-black/5 disabled:opacity-40 dark:hover:bg-white/10',
  button_next:
    'inline-flex size-5 items-center justify-center rounded text-ink hover:bg-black/5 disabled:opacity-40 dark:hover:bg-white/10',
  chevron: 'size-2 fill-current',
  month_grid: 'border-collapse',
  weekdays: '',
  weekday: 'size-5 text-xs font-medium text-muted',
  week: '',
  day: 'p-0 text-center',
  day_button:
    'inline-flex size-5 items-center justify-center rounded tabular-nums hover:bg-black/5 disabled:cursor-not-allowed dark:hover:bg-white/10',
  today: 'font-bold text-brand-700 dark:text-brand-300',
  outside: 'text-muted opacity-60',
  disabled: 'opacity-40',
  hidden: 'invisible',
  range_start: 'rounded-l bg-brand-700 text-white [&>button]:hover:bg-brand-800',
  range_end: 'rounded-r bg-brand-700 text-white [&>button]:hover:bg-brand-800',
  range_middle: 'bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100 [&>button]:rounded-none',
  selected: 'font-semibold',
};

/**
 * The calendar of the date-range picker, in a dialog: two clicks choose the first and the last day
 * (the arrow keys move between days, Enter picks one); days after today cannot be chosen. "Show
 * these dates" shows the choice, or says what keeps it from being shown; Cancel or Escape keeps the
 * range as it was.
 */
export default function CalendarDialog({ actor }: { actor: DateRangeActor }) {
  const draft = useSelector(actor, (s) => s.context.draft);
  const error = useSelector(actor, (s) => s.context.draftError);
  const today = useSelector(actor, (s) => s.context.today);
  const wide = useMediaQuery(WIDE_SCREEN);
  const selected: DayRange | undefined = draft.from ? { from: toDate(draft.from), to: toDate(draft.to) } : undefined;
  const close = () => actor.send({ type: 'calendar.cancel' });
  const chosen =
    draft.from && draft.to && rangeDays(draft.from, draft.to) > 0
      ? `${formatDisplayDate(draft.from)} to ${formatDisplayDate(draft.to)}, ${rangeDays(draft.from, draft.to)} days`
      : draft.from
        ? `From ${formatDisplayDate(draft.from)}: now choose the last day.`
        : 'Choose the first day.';

  return (
    <Modal open onClose={close} title="Choose dates" size="lg">
      <div className="flex flex-col gap-2">
        <DayPicker
          mode="range"
          selected={selected}
          onSelect={(r) => actor.send({ type: 'calendar.select', from: toDay(r?.from), to: toDay(r?.to) })}
          resetOnSelect
          numberOfMonths={wide ? 2 : 1}
          defaultMonth={dayjs(draft.to ?? draft.from ?? today)
            .subtract(wide ? 1 : 0, 'month')
            .toDate()}
          today={dayjs(today).toDate()}
          endMonth={dayjs(today).toDate()}
          disabled={{ after: dayjs(today).toDate() }}
          classNames={classNames}
        />
        <p aria-live="polite" className="text-sm">
          {chosen}
        </p>
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex justify-end gap-1">
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => actor.send({ type: 'calendar.apply' })}>Show these dates</Button>
        </div>
      </div>
    </Modal>
  );
}
