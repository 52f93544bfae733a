import dayjs from 'dayjs';
import { assign, emit, setup, type SnapshotFrom } from 'xstate';
import { MetricsMessages, rangeDays, rangeProblem } from '../../contract/metrics.ts';
import { parseIsoDate, plusDays } from '../../lib/dates.ts';

/**
 * The date-range picker of the metrics pages (spec 2 §4 and §9): a week, a month or a year back
 * from today, paged earlier and later, or a range of the user's own from a calendar.
 */

export type Period = 'week' | 'month' | 'year';
/** A range of calendar days in the viewer's time zone, both ends counted, as YYYY-MM-DD. */
export interface DateRange {
  startDate: string;
  endDate: string;
}

/** How far back from today each period starts (spec 2 §9: 6, 29 and 365 days back). */
export const PERIOD_DAYS_BACK: Record<Period, number> = { week: 6, month: 29, year: 365 };
/** Page shifts and the range lengths that choose them (spec 2 §9: 7, 30, 365; under 25 and 360 days). */
export const SHIFT_DAYS = { short: 7, medium: 30, long: 365 } as const;
export const SHIFT_THRESHOLDS = { medium: 25, long: 360 } as const;

export const DateRangeMessages = {
  pickStart: 'Choose the first day of the range.',
  pickEnd: 'Choose the last day of the range.',
  endBeforeStart: MetricsMessages.endBeforeStart,
  rangeTooLong: MetricsMessages.rangeTooLong,
  future: 'The range cannot end after today.',
} as const;

const DAY = 'YYYY-MM-DD';
const day = (value: string) => parseIsoDate(value) ?? dayjs(value);

/** Today in the browser's time zone, which is the zone the metrics calls send (src/services/metrics.ts). */
export const localToday = () => dayjs().format(DAY);

/** The range a period shows: from its days back to today. */
export function presetRange(period: Period, today: string): DateRange {
  return { startDate: plusDays(today, -PERIOD_DAYS_BACK[period]), endDate: today };
}

/** How far earlier or later moves a range: 7 days under 25 days long, 30 under 360, else 365. */
export function shiftDaysOf(range: DateRange): number {
  const length = rangeDays(range.startDate, range.endDate);
  if (length < SHIFT_THRESHOLDS.medium) return SHIFT_DAYS.short;
  if (length < SHIFT_THRESHOLDS.long) return SHIFT_DAYS.medium;
  return SHIFT_DAYS.long;
}

/** The range moved earlier (-1) or later (+1) by its shift; its length stays. */
export function shiftRange(range: DateRange, direction: -1 | 1): DateRange {
  const by = direction * shiftDaysOf(range);
  return { startDate: plusDays(range.startDate, by), endDate: plusDays(range.endDate, by) };
}

/** Paging later is blocked when the end is within 1 day of today (spec 2 §4), or after it. */
export function canPageLater(range: DateRange, today: string): boolean {
  return day(today).diff(day(range.endDate), 'day') > 1;
}

/** Why a calendar choice cannot be shown, or null: both ends, in order, not after today, at most 366 days. */
export function customRangeError(from: string | null, to: string | null, today: string): string | null {
  if (!from || !parseIsoDate(from)) return DateRangeMessages.pickStart;
  if (!to || !parseIsoDate(to)) return DateRangeMessages.pickEnd;
  if (rangeDays(from, to) < 1) return DateRangeMessages.endBeforeStart;
  if (day(to).isAfter(day(today), 'day')) return DateRangeMessages.future;
  return rangeProblem(from, to);
}

export interface DateRangeContext extends DateRange {
  today: string;
  /** The calendar's choice while it is open. */
  draft: { from: string | null; to: string | null };
  draftError: string | null;
}

export interface DateRangeInput {
  /** YYYY-MM-DD in the viewer's zone; the browser's today when left out. */
  today?: string;
  /** The period the picker opens with (a week when left out). */
  period?: Period;
}

export type DateRangeEvent =
  | { type: 'range.week' }
  | { type: 'range.month' }
  | { type: 'range.year' }
  | { type: 'range.earlier' }
  | { type: 'range.later' }
  | { type: 'calendar.open' }
  | { type: 'calendar.select'; from: string | null; to: string | null }
  | { type: 'calendar.apply' }
  | { type: 'calendar.cancel' };

/** Told to the page each time the range shown changes, so its data can follow. */
export type DateRangeEmitted = { type: 'range.changed'; startDate: string; endDate: string };

/**
 * The chart: `shown` holds the kind of range on screen (week, month, year, or custom from the
 * calendar), each paged earlier and later by the same rules; `choosing` is the open calendar, which
 * either shows its choice as a custom range or goes back to the range it was opened on.
 */
export const dateRangeMachine = setup({
  types: {
    context: {} as DateRangeContext,
    events: {} as DateRangeEvent,
    input: {} as DateRangeInput,
    emitted: {} as DateRangeEmitted,
  },
  actions: {
    preset: assign(({ context }, { period }: { period: Period }) => presetRange(period, context.today)),
    announce: emit(({ context }) => ({ type: 'range.changed' as const, startDate: context.startDate, endDate: context.endDate })),
  },
  guards: {
    opensAt: ({ context }, { period }: { period: Period }) => context.startDate === presetRange(period, context.today).startDate,
    canPageLater: ({ context }) => canPageLater(context, context.today),
    draftValid: ({ context }) => customRangeError(context.draft.from, context.draft.to, context.today) === null,
  },
}).createMachine({
  id: 'dateRange',
  context: ({ input }) => {
    const today = input.today ?? localToday();
    return { today, ...presetRange(input.period ?? 'week', today), draft: { from: null, to: null }, draftError: null };
  },
  initial: 'start',
  states: {
    // The period it opens with, told by the range the context starts with.
    start: {
      always: [
        { guard: { type: 'opensAt', params: { period: 'month' } }, target: 'shown.month' },
        { guard: { type: 'opensAt', params: { period: 'year' } }, target: 'shown.year' },
        { target: 'shown.week' },
      ],
    },
    shown: {
      initial: 'week',
      on: {
        'range.week': { target: '.week', actions: [{ type: 'preset', params: { period: 'week' } }, 'announce'] },
        'range.month': { target: '.month', actions: [{ type: 'preset', params: { period: 'month' } }, 'announce'] },
        'range.year': { target: '.year', actions: [{ type: 'preset', params: { period: 'year' } }, 'announce'] },
        'range.earlier': { actions: [assign(({ context }) => shiftRange(context, -1)), 'announce'] },
        'range.later': { guard: 'canPageLater', actions: [assign(({ context }) => shiftRange(context, 1)), 'announce'] },
        'calendar.open': {
          target: 'choosing',
          actions: assign(({ context }) => ({ draft: { from: context.startDate, to: context.endDate }, draftError: null })),
        },
      },
      states: {
        week: {},
        month: {},
        year: {},
        custom: {},
        /** Where the calendar goes back to when it is closed without a choice. */
        last: { type: 'history' },
      },
    },
    choosing: {
      on: {
        'calendar.select': {
          actions: assign(({ event }) => ({ draft: { from: event.from, to: event.to }, draftError: null })),
        },
        'calendar.apply': [
          {
            guard: 'draftValid',
            target: 'shown.custom',
            actions: [
              assign(({ context }) => ({ startDate: context.draft.from!, endDate: context.draft.to!, draftError: null })),
              'announce',
            ],
          },
          { actions: assign(({ context }) => ({ draftError: customRangeError(context.draft.from, context.draft.to, context.today) })) },
        ],
        'calendar.cancel': { target: 'shown.last', actions: assign({ draftError: null }) },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof dateRangeMachine>;

export const selectRange = (s: Snap): DateRange => ({ startDate: s.context.startDate, endDate: s.context.endDate });
/** The period button that is on: none for a range from the calendar. */
export const selectPeriod = (s: Snap): Period | null =>
  s.matches({ shown: 'week' }) ? 'week' : s.matches({ shown: 'month' }) ? 'month' : s.matches({ shown: 'year' }) ? 'year' : null;
export const selectCanPageLater = (s: Snap) => s.matches('shown') && canPageLater(s.context, s.context.today);
export const selectCalendarOpen = (s: Snap) => s.matches('choosing');
