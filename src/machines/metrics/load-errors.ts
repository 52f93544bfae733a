import { ApiError, HttpMessages } from '../../services/http.ts';
import type { DateRange } from './date-range.machine.ts';

/**
 * What a failed metrics call tells the page: the state errors of the answer (spec 2 §8 "Metrics
 * errors are taken from the state errors of the response"), or the network's or the generic words.
 */
export function metricsErrors(error: unknown): string[] {
  if (error instanceof ApiError) return error.errors.length ? error.errors : [error.message];
  return [HttpMessages.unexpected];
}

export const sameRange = (a: DateRange, b: DateRange) => a.startDate === b.startDate && a.endDate === b.endDate;
