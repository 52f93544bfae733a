import { describe, expect, it } from 'vitest';
import { formatDisplayDate, formatMonthRange } from '../../src/lib/dates.ts';
import { formatMoney } from '../../src/lib/money.ts';

describe('formatMonthRange', () => {
  it('shows months and years, and "Present" for a job without an end', () => {
    expect(formatMonthRange('2021-03-01', null)).toBe('Mar 2021 – Present');
    expect(formatMonthRange('2018-06-15', '2021-02-26')).toBe('Jun 2018 – Feb 2021');
  });
});

describe('formatDisplayDate', () => {
  it('shows a marketplace date month-day-year (spec 2 §9), nothing for none', () => {
    expect(formatDisplayDate('2026-03-07T18:30:00')).toBe('03-07-2026');
    expect(formatDisplayDate('2025-12-31')).toBe('12-31-2025');
    expect(formatDisplayDate(null)).toBe('');
  });
});

describe('formatMoney', () => {
  it('shows 2 decimals, and whole dollars above 100 (spec 2 §5)', () => {
    expect(formatMoney(18.5)).toBe('$18.50');
    expect(formatMoney(100)).toBe('$100.00');
    expect(formatMoney(100.4)).toBe('$100');
    expect(formatMoney(52000)).toBe('$52,000');
    expect(formatMoney(0)).toBe('$0.00');
  });
});
