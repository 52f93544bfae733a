import { describe, expect, it } from 'vitest';
import {
  compensationLabel,
  experienceLabel,
  locationLabel,
  payPeriodLabel,
  postedLabel,
  workScheduleLabel,
} from '../../src/lib/job-display.ts';
import { formatMoney } from '../../src/lib/money.ts';
import { formatCount } from '../../src/lib/numbers.ts';

describe('experience (spec 2 §5)', () => {
  it('is "None" when the maximum is missing or 0', () => {
    expect(experienceLabel(null, null)).toBe('None');
    expect(experienceLabel(2, null)).toBe('None');
    expect(experienceLabel(undefined, undefined)).toBe('None');
    expect(experienceLabel(0, 0)).toBe('None');
    expect(experienceLabel(3, 0)).toBe('None');
  });

  it('shows the years otherwise', () => {
    expect(experienceLabel(1, 3)).toBe('1–3 years');
    expect(experienceLabel(null, 2)).toBe('0–2 years');
    expect(experienceLabel(2, 2)).toBe('2 years');
    expect(experienceLabel(1, 1)).toBe('1 year');
  });
});

describe('money (spec 2 §5, §9: 2 decimals, whole dollars above 100, USD)', () => {
  it('keeps cents up to 100', () => {
    expect(formatMoney(18.5)).toBe('$18.50');
    expect(formatMoney(0.5)).toBe('$0.50');
    expect(formatMoney(100)).toBe('$100.00');
    expect(formatMoney(99.999)).toBe('$100.00');
    // Rounded from the amount as it is written: 1.005 is a cent more, not the binary 1.00499….
    expect(formatMoney(1.005)).toBe('$1.01');
    expect(formatMoney(2.675)).toBe('$2.68');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('rounds to whole dollars above 100', () => {
    expect(formatMoney(100.01)).toBe('$100');
    expect(formatMoney(100.5)).toBe('$101');
    expect(formatMoney(52000)).toBe('$52,000');
    expect(formatMoney(1234567.89)).toBe('$1,234,568');
  });
});

describe('counts', () => {
  it('are whole numbers with thousands separators, as en-US writes them', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-1500)).toBe('-1,500');
    expect(formatCount(12.6)).toBe('13');
  });
});

describe('pay', () => {
  const pay = (minimumAmount: number, maximumAmount: number, rate: string | null = 'Hourly') => ({ minimumAmount, maximumAmount, rate });

  it('is "Unpaid" when both amounts are 0', () => {
    expect(compensationLabel(pay(0, 0))).toBe('Unpaid');
    expect(compensationLabel(pay(0, 0, null))).toBe('Unpaid');
  });

  it('says "Competitive pay" instead when the poster marked it so', () => {
    expect(compensationLabel(pay(0, 0), { isCompetitiveSalary: true })).toBe('Competitive pay');
  });

  it('shows a range with its period', () => {
    expect(compensationLabel(pay(21.5, 25))).toBe('$21.50–$25.00 an hour');
    expect(compensationLabel(pay(48000, 56000.4, 'Yearly'))).toBe('$48,000–$56,000 a year');
    expect(compensationLabel(pay(90, 150, 'Daily'))).toBe('$90.00–$150 a day');
  });

  it('shows one amount, a start or a ceiling', () => {
    expect(compensationLabel(pay(25, 25))).toBe('$25.00 an hour');
    expect(compensationLabel(pay(18, 0))).toBe('From $18.00 an hour');
    expect(compensationLabel(pay(0, 90000, 'Yearly'))).toBe('Up to $90,000 a year');
    expect(compensationLabel(pay(18, 22), { compensationType: 'Starting' })).toBe('From $18.00 an hour');
    expect(compensationLabel(pay(18, 22), { compensationType: 'Maximum' })).toBe('Up to $22.00 an hour');
    expect(compensationLabel(pay(18, 22), { compensationType: 'Exact' })).toBe('$22.00 an hour');
  });

  it('names every period, and none when the rate is missing', () => {
    expect(['Hourly', 'Daily', 'Weekly', 'Monthly', 'Yearly'].map(payPeriodLabel)).toEqual([
      'an hour',
      'a day',
      'a week',
      'a month',
      'a year',
    ]);
    expect(payPeriodLabel(null)).toBe('');
    expect(compensationLabel(pay(20, 30, null))).toBe('$20.00–$30.00');
  });
});

describe('dates and places', () => {
  it('shows the posting date MM-DD-YYYY, else the creation date', () => {
    expect(postedLabel({ dateOfPosted: '2024-03-05T17:00:00', createdDate: '2024-01-01T00:00:00' })).toBe('03-05-2024');
    expect(postedLabel({ dateOfPosted: null, createdDate: '2024-01-09T12:00:00' })).toBe('01-09-2024');
  });

  it('shows where the job is', () => {
    const place = { city: 'Vancouver', state: 'WA' };
    expect(locationLabel({ type: 'onsite', location: place })).toBe('Vancouver, WA');
    expect(locationLabel({ type: 'hybrid', location: place })).toBe('Hybrid · Vancouver, WA');
    expect(locationLabel({ type: 'remote', location: null })).toBe('Remote');
    expect(locationLabel({ type: 'onsite', location: { city: null, state: 'OR' } })).toBe('OR');
  });

  it('names the work schedule', () => {
    expect([1, 2, null].map(workScheduleLabel)).toEqual(['Full time', 'Part time', '']);
  });
});
