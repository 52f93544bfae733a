import dayjs from 'dayjs';

// Dates the contract validates (a date of birth, an age); src/lib/dates.ts re-exports them for
// the client and the server.

export const MIN_JOBSEEKER_AGE = 16;
export const MAX_JOBSEEKER_AGE = 120;

/** Parses a strict YYYY-MM-DD calendar date; null for anything else (e.g. 2023-02-30). */
export function parseIsoDate(value: string): dayjs.Dayjs | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const d = dayjs(value, 'YYYY-MM-DD');
  return d.isValid() && d.format('YYYY-MM-DD') === value ? d : null;
}

/**
 * True when someone born on `dateOfBirth` is at least `min` years old on `today`
 * and was born no earlier than `max` years before it (the 16th birthday counts).
 */
export function isAgeWithin(dateOfBirth: string, today: Date, min = MIN_JOBSEEKER_AGE, max = MAX_JOBSEEKER_AGE): boolean {
  const dob = parseIsoDate(dateOfBirth);
  if (!dob) return false;
  const day = dayjs(today).startOf('day');
  const latest = day.subtract(min, 'year');
  const earliest = day.subtract(max, 'year');
  return !dob.isAfter(latest, 'day') && !dob.isBefore(earliest, 'day');
}
