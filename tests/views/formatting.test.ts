import { describe, expect, it } from 'vitest';
import { formatDisplayDate, formatMonthRange } from '../../src/lib/dates.ts';
import { formatCompensation, formatExperience } from '../../src/lib/job-display.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { stateName, US_STATES } from '../../src/lib/us-states.ts';

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

describe('formatCompensation', () => {
  it('says "Unpaid" when both amounts are 0 (spec 2 §5)', () => {
    expect(formatCompensation({ minimumAmount: 0, maximumAmount: 0, rate: 'Hourly' })).toBe('Unpaid');
  });

  it('shows a range, one amount, a floor or a ceiling, with its period', () => {
    expect(formatCompensation({ minimumAmount: 18.5, maximumAmount: 22, rate: 'Hourly' })).toBe('$18.50 – $22.00 per hour');
    expect(formatCompensation({ minimumAmount: 52000, maximumAmount: 52000, rate: 'Yearly' })).toBe('$52,000 per year');
    expect(formatCompensation({ minimumAmount: 52000, maximumAmount: 0, rate: 'Yearly' })).toBe('From $52,000 per year');
    expect(formatCompensation({ minimumAmount: 0, maximumAmount: 900, rate: 'Weekly' })).toBe('Up to $900 per week');
    expect(formatCompensation({ minimumAmount: 20, maximumAmount: 25, rate: null, type: 'Starting' })).toBe('From $20.00');
    expect(formatCompensation({ minimumAmount: 20, maximumAmount: 25, rate: 'Daily', type: 'Exact' })).toBe('$20.00 per day');
    expect(formatCompensation({ minimumAmount: 20, maximumAmount: 250, rate: 'Monthly', type: 'Maximum' })).toBe('Up to $250 per month');
  });
});

describe('formatExperience', () => {
  it('says "None" when the maximum is missing or 0 (spec 2 §5)', () => {
    expect(formatExperience(2, null)).toBe('None');
    expect(formatExperience(null, undefined)).toBe('None');
    expect(formatExperience(0, 0)).toBe('None');
  });

  it('shows the years otherwise', () => {
    expect(formatExperience(2, 5)).toBe('2 – 5 years');
    expect(formatExperience(null, 3)).toBe('0 – 3 years');
    expect(formatExperience(1, 1)).toBe('1 year');
  });
});

describe('US states', () => {
  it('lists the 50 states and the District of Columbia, each code once', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51);
    expect(stateName('OR')).toBe('Oregon');
    expect(stateName('DC')).toBe('District of Columbia');
    expect(stateName('ZZ')).toBe('ZZ');
  });
});
