import dayjs from 'dayjs';

export { isAgeWithin, MAX_JOBSEEKER_AGE, MIN_JOBSEEKER_AGE, parseIsoDate } from '../contract/dates.ts';

/** A YYYY-MM-DD calendar date moved by a number of days (negative: earlier). */
export function plusDays(value: string, days: number): string {
  return dayjs(value).add(days, 'day').format('YYYY-MM-DD');
}

/** Profile dates are shown year-month-day (spec 1 §9). */
export function formatProfileDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  return dayjs(value).format('YYYY-MM-DD');
}

/** Where a date is read: in the browser's time zone, or in UTC (a page the server drew, knowing no visitor's zone). */
export type DateZone = 'local' | 'utc';

/** Dates elsewhere in the product are shown month-day-year (spec 2 §9: MM-DD-YYYY). */
export function formatDisplayDate(value: string | Date | null | undefined, zone: DateZone = 'local'): string {
  if (!value) return '';
  if (zone === 'utc') {
    const d = new Date(value);
    if (Number.isNaN(d.getTime())) return '';
    const [year, month, day] = d.toISOString().slice(0, 10).split('-');
    return `${month}-${day}-${year}`;
  }
  const d = dayjs(value);
  return d.isValid() ? d.format('MM-DD-YYYY') : '';
}

/** A job's months as a résumé shows them: "Mar 2021 – Present", "Jun 2018 – Feb 2021". */
export function formatMonthRange(start: string, end: string | null): string {
  const month = (value: string) => dayjs(value).format('MMM YYYY');
  return `${month(start)} – ${end ? month(end) : 'Present'}`;
}
