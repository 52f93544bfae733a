import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { MetricsMessages } from '../../src/contract/metrics.ts';
import {
  canPageLater,
  customRangeError,
  DateRangeMessages,
  dateRangeMachine,
  presetRange,
  selectCalendarOpen,
  selectCanPageLater,
  selectPeriod,
  selectRange,
  shiftDaysOf,
  shiftRange,
  type DateRangeEvent,
  type DateRangeInput,
} from '../../src/machines/metrics/date-range.machine.ts';
import { atomicStates, modelOf, modelStates, type ModelState } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof dateRangeMachine>;

const TODAY = '2025-03-12';
const input: DateRangeInput = { today: TODAY };

/** A range ending `endBack` days before today, `days` long. */
const ending = (endBack: number, days: number) => {
  const end = new Date(Date.UTC(2025, 2, 12 - endBack));
  const start = new Date(Date.UTC(2025, 2, 12 - endBack - days + 1));
  return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
};

/** What the calendar can be given: two good ranges and each thing that keeps one from being shown. */
const selections = {
  tenDays: ending(3, 10),
  fullYear: ending(2, 366),
  noEnd: { from: '2025-02-01', to: null },
  backwards: { from: '2025-03-01', to: '2025-02-20' },
  tooLong: ending(2, 367),
  future: { from: '2025-03-10', to: '2025-03-14' },
};

const events: DateRangeEvent[] = [
  { type: 'range.week' },
  { type: 'range.month' },
  { type: 'range.year' },
  { type: 'range.earlier' },
  { type: 'range.later' },
  { type: 'calendar.open' },
  ...Object.values(selections).map((s) => ({ type: 'calendar.select' as const, ...s })),
  { type: 'calendar.apply' },
  { type: 'calendar.cancel' },
];

/** What the user can tell apart: the range, the period button on, later allowed, the calendar and its choice. */
const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    range: selectRange(s),
    period: selectPeriod(s),
    later: selectCanPageLater(s),
    calendar: selectCalendarOpen(s) ? { draft: s.context.draft, error: s.context.draftError } : null,
    // Where closing the calendar goes back to.
    back: selectCalendarOpen(s) ? Object.values(s.historyValue ?? {}).flatMap((nodes) => nodes.map((n) => n.id)) : null,
  });

function play(path: ReadonlyArray<DateRangeEvent | EventObject>) {
  const actor = createActor(dateRangeMachine, { input }).start();
  const told: string[] = [];
  actor.on('range.changed', (e) => told.push(`${e.startDate}…${e.endDate}`));
  const shown = [selectRange(actor.getSnapshot())].map((r) => `${r.startDate}…${r.endDate}`);
  for (const event of path) {
    actor.send(event as DateRangeEvent);
    const r = selectRange(actor.getSnapshot());
    shown.push(`${r.startDate}…${r.endDate}`);
  }
  return { actor, told, shown };
}

/** A list without repeats in a row. */
const changes = (list: string[]) => list.filter((v, i) => i === 0 || v !== list[i - 1]);

describe('the date-range machine (model-based)', () => {
  const model = modelOf(dateRangeMachine, {
    events,
    input,
    serializeState: observable as never,
    // Paging earlier only from a range that reaches today (or later), so the model stays finite:
    // one page back and forth shows every rule.
    filterEvents: (snap, e) => (e.type === 'range.earlier' ? !canPageLater((snap as Snap).context, TODAY) : true),
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it('reaches every state of the chart and tries every event', () => {
    const leaves = [...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort();
    expect(leaves).toEqual(['choosing', 'shown.custom', 'shown.month', 'shown.week', 'shown.year']);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(events.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', (_key, s) => {
    const check = (path: EventObject[], expected: Snap) => {
      const { actor, told, shown } = play(path);
      expect(observable(actor.getSnapshot())).toBe(observable(expected));
      // The page hears of every range shown, in order, and of no other.
      expect(changes([shown[0]!, ...told])).toEqual(changes(shown));
      actor.stop();
    };
    check(s.path, s.state);
    for (const t of s.transitions) check([...s.path, t.event], t.next);
  });
});

describe('the date-range rules (spec 2 §4, §9)', () => {
  it('opens on the week: 6 days back to today, later blocked', () => {
    const { actor } = play([]);
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ shown: 'week' });
    expect(selectRange(s)).toEqual({ startDate: '2025-03-06', endDate: TODAY });
    expect(selectCanPageLater(s)).toBe(false);
  });

  it('opens on the month or the year when asked', () => {
    expect(
      createActor(dateRangeMachine, { input: { today: TODAY, period: 'month' } })
        .start()
        .getSnapshot().value,
    ).toEqual({
      shown: 'month',
    });
    expect(
      createActor(dateRangeMachine, { input: { today: TODAY, period: 'year' } })
        .start()
        .getSnapshot().value,
    ).toEqual({
      shown: 'year',
    });
  });

  it('week, month and year start 6, 29 and 365 days back and end today', () => {
    expect(presetRange('week', TODAY)).toEqual({ startDate: '2025-03-06', endDate: TODAY });
    expect(presetRange('month', TODAY)).toEqual({ startDate: '2025-02-11', endDate: TODAY });
    expect(presetRange('year', TODAY)).toEqual({ startDate: '2024-03-12', endDate: TODAY });
  });

  it('shifts by 7 days under 25 days long, 30 under 360, 365 from 360 (both ends counted)', () => {
    const long = (days: number) => ({ startDate: ending(0, days).from, endDate: TODAY });
    expect(shiftDaysOf(long(1))).toBe(7);
    expect(shiftDaysOf(long(7))).toBe(7);
    expect(shiftDaysOf(long(24))).toBe(7);
    expect(shiftDaysOf(long(25))).toBe(30);
    expect(shiftDaysOf(long(30))).toBe(30);
    expect(shiftDaysOf(long(359))).toBe(30);
    expect(shiftDaysOf(long(360))).toBe(365);
    expect(shiftDaysOf(long(366))).toBe(365);
  });

  it('pages a week, a month and a year earlier and later by 7, 30 and 365 days, keeping the length', () => {
    expect(shiftRange(presetRange('week', TODAY), -1)).toEqual({ startDate: '2025-02-27', endDate: '2025-03-05' });
    expect(shiftRange(presetRange('month', TODAY), -1)).toEqual({ startDate: '2025-01-12', endDate: '2025-02-10' });
    expect(shiftRange(presetRange('year', TODAY), -1)).toEqual({ startDate: '2023-03-13', endDate: '2024-03-12' });
    expect(shiftRange(shiftRange(presetRange('month', TODAY), -1), 1)).toEqual(presetRange('month', TODAY));
  });

  it('blocks later when the end is within 1 day of today, or after it', () => {
    const endingOn = (endDate: string) => ({ startDate: '2025-01-01', endDate });
    expect(canPageLater(endingOn('2025-03-12'), TODAY)).toBe(false);
    expect(canPageLater(endingOn('2025-03-11'), TODAY)).toBe(false);
    expect(canPageLater(endingOn('2025-03-10'), TODAY)).toBe(true);
    expect(canPageLater(endingOn('2025-03-20'), TODAY)).toBe(false);
  });

  it('pages the week back and forth, telling each range; later at today does nothing', () => {
    const { actor, told } = play([{ type: 'range.later' }, { type: 'range.earlier' }, { type: 'range.earlier' }]);
    expect(selectRange(actor.getSnapshot())).toEqual({ startDate: '2025-02-20', endDate: '2025-02-26' });
    actor.send({ type: 'range.later' });
    actor.send({ type: 'range.later' });
    actor.send({ type: 'range.later' });
    expect(selectRange(actor.getSnapshot())).toEqual(presetRange('week', TODAY));
    expect(told.map((r) => r.slice(-10))).toEqual(['2025-03-05', '2025-02-26', '2025-03-05', '2025-03-12']);
  });

  it('a period button goes back to the period ending today', () => {
    const { actor } = play([{ type: 'range.year' }, { type: 'range.earlier' }, { type: 'range.month' }]);
    expect(actor.getSnapshot().value).toEqual({ shown: 'month' });
    expect(selectRange(actor.getSnapshot())).toEqual(presetRange('month', TODAY));
  });

  it('shows a range from the calendar as a custom range, paged by its own length', () => {
    const { actor, told } = play([
      { type: 'calendar.open' },
      { type: 'calendar.select', from: '2025-01-01', to: '2025-01-31' },
      { type: 'calendar.apply' },
    ]);
    expect(actor.getSnapshot().value).toEqual({ shown: 'custom' });
    expect(selectPeriod(actor.getSnapshot())).toBeNull();
    expect(told).toEqual(['2025-01-01…2025-01-31']);
    actor.send({ type: 'range.later' });
    expect(selectRange(actor.getSnapshot())).toEqual({ startDate: '2025-01-31', endDate: '2025-03-02' });
  });

  it('opens the calendar on the range shown and closes it back where it was', () => {
    const { actor, told } = play([{ type: 'range.month' }, { type: 'range.earlier' }, { type: 'calendar.open' }]);
    const before = shiftRange(presetRange('month', TODAY), -1);
    expect(actor.getSnapshot().context.draft).toEqual({ from: before.startDate, to: before.endDate });
    actor.send({ type: 'calendar.select', from: '2025-01-01', to: null });
    actor.send({ type: 'calendar.cancel' });
    expect(actor.getSnapshot().value).toEqual({ shown: 'month' });
    expect(selectRange(actor.getSnapshot())).toEqual(before);
    expect(told).toHaveLength(2);
  });

  it('keeps the calendar open with the reason when its choice cannot be shown', () => {
    expect(customRangeError(null, null, TODAY)).toBe(DateRangeMessages.pickStart);
    expect(customRangeError('2025-02-01', null, TODAY)).toBe(DateRangeMessages.pickEnd);
    expect(customRangeError('2025-03-01', '2025-02-28', TODAY)).toBe(MetricsMessages.endBeforeStart);
    expect(customRangeError('2025-03-01', '2025-03-13', TODAY)).toBe(DateRangeMessages.future);
    expect(customRangeError('2024-03-10', '2025-03-11', TODAY)).toBe(MetricsMessages.rangeTooLong);
    expect(customRangeError('2024-03-12', '2025-03-12', TODAY)).toBeNull();
    expect(customRangeError('2025-03-12', '2025-03-12', TODAY)).toBeNull();

    const { actor, told } = play([
      { type: 'calendar.open' },
      { type: 'calendar.select', from: '2025-03-01', to: '2025-02-28' },
      { type: 'calendar.apply' },
    ]);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.draftError).toBe(MetricsMessages.endBeforeStart);
    expect(told).toEqual([]);
  });
});
