import { alertFrequencyNames, type AlertFrequency } from '../contract/job-alerts.ts';

/**
 * How a job alert reads to people, the same in the subscribe dialog, the confirmation page and
 * settings: what it looks for (a keyword, or every new job), where (a place and radius, or
 * anywhere) and how often.
 */

/** What an alert is criteria of: a keyword or none, a place by name and a radius, or none. */
export interface AlertCriteria {
  keyword: string | null;
  placeName: string | null;
  radius: number | null;
}

/** The alert's keyword, or “All new jobs” without one. */
export const alertKeywordLabel = (keyword: string | null): string => (keyword ? `“${keyword}”` : 'All new jobs');

/** “Within 10 miles of Vancouver, WA”, or “Anywhere” without a place. */
export function alertPlaceLabel({ placeName, radius }: Pick<AlertCriteria, 'placeName' | 'radius'>): string {
  if (!placeName) return 'Anywhere';
  return radius ? `Within ${radius} ${radius === 1 ? 'mile' : 'miles'} of ${placeName}` : `Near ${placeName}`;
}

/** The whole alert in one line: “Jobs matching “barista” within 10 miles of Vancouver, WA”. */
export function alertSummary(criteria: AlertCriteria): string {
  const what = criteria.keyword ? `Jobs matching “${criteria.keyword}”` : 'All new jobs';
  const where = alertPlaceLabel(criteria);
  return `${what} ${where === 'Anywhere' ? 'anywhere' : where.charAt(0).toLowerCase() + where.slice(1)}`;
}

/** “Daily”, “Weekly”, for a sentence: “daily”. */
export const frequencyInWords = (frequency: AlertFrequency): string => alertFrequencyNames[frequency].toLowerCase();
