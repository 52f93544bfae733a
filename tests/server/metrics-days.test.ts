import { describe, expect, it } from 'vitest';
import { canonicalZone, dateOfDayNumber, dayIn, dayNumberOf, dayStart, dayStarts } from '../../server/metrics/days.ts';

// Calendar days in a time zone as runs of UTC hours: each hour belongs to the day its first minute falls on there.

const HOUR = 60 * 60 * 1000;

/** The first whole UTC hour whose first minute is on the day in the zone, found hour by hour. */
function slowDayStart(timeZone: string, date: string): number {
  const local = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  let h = Date.parse(`${date}T00:00:00Z`) - 16 * HOUR;
  while (local.format(h) < date) h += HOUR;
  return h;
}

describe('the days of a zone', () => {
  it('start where counting hour by hour says, over two years of every kind of zone', () => {
    const zones = [
      'UTC',
      'America/Los_Angeles', // −8/−7
      'America/New_York',
      'Asia/Tokyo', // no change
      'Asia/Kolkata', // +5:30
      'Asia/Kathmandu', // +5:45
      'America/St_Johns', // −3:30/−2:30
      'Australia/Lord_Howe', // changes by half an hour
      'America/Havana', // changes at midnight
      'America/Santiago', // southern hemisphere, changes at midnight
      'Africa/Casablanca', // changes around Ramadan
      'Pacific/Chatham', // +12:45/+13:45
    ];
    const first = dayNumberOf('2025-01-01');
    const days = 2 * 365;
    for (const zone of zones) {
      const starts = dayStarts(zone, first, days);
      expect(starts).toHaveLength(days + 1);
      for (let i = 0; i <= days; i++) {
        const date = dateOfDayNumber(first + i);
        expect(starts[i], `${zone} ${date}`).toBe(slowDayStart(zone, date));
      }
    }
  });

  it('has 23 and 25 hours where the clocks change, 24 elsewhere', () => {
    const length = (zone: string, date: string) => {
      const [a, b] = dayStarts(zone, dayNumberOf(date), 1);
      return (b! - a!) / HOUR;
    };
    expect(length('America/Los_Angeles', '2026-03-08')).toBe(23);
    expect(length('America/Los_Angeles', '2026-11-01')).toBe(25);
    expect(length('America/Los_Angeles', '2026-07-04')).toBe(24);
    expect(length('Europe/London', '2026-03-29')).toBe(23);
    expect(length('Asia/Tokyo', '2026-03-08')).toBe(24);
  });

  it('reads the date in the zone at an instant, and the canonical name of a zone', () => {
    const at = Date.parse('2026-06-10T03:00:00Z');
    expect(dateOfDayNumber(dayIn('America/Los_Angeles', at))).toBe('2026-06-09');
    expect(dateOfDayNumber(dayIn('Asia/Tokyo', at))).toBe('2026-06-10');
    expect(canonicalZone('america/los_angeles')).toBe('America/Los_Angeles');
    expect(canonicalZone('utc')).toBe('UTC');
  });

  it('keeps day numbers and dates apart from the text of a year, and clamps days far from any count', () => {
    expect(dateOfDayNumber(dayNumberOf('2024-02-29'))).toBe('2024-02-29');
    expect(dayNumberOf('1970-01-01')).toBe(0);
    expect(dateOfDayNumber(dayNumberOf('0001-01-01'))).toBe('0001-01-01');
    // Days before 1900 or after 9998 start together (nothing was counted then): no endless search.
    expect(dayStart('UTC', dayNumberOf('0001-01-01'))).toBe(Date.parse('1900-01-01T00:00:00Z'));
    expect(dayStart('UTC', dayNumberOf('9999-12-31'))).toBe(Date.parse('9999-01-01T00:00:00Z'));
  });
});
