import { z } from 'zod';

interface Range {
  /** Largest value accepted; no limit when not given. */
  max?: number;
}

/**
 * A page number or page size: a whole number from 1, with one message for any mistake. The
 * `query` form also reads the text of a query string.
 */
export const pagingNumber = (message: string, { max }: Range = {}) => {
  const n = z.number({ error: message }).int(message).min(1, message);
  return max === undefined ? n : n.max(max, message);
};
export const pagingQueryNumber = (message: string, { max }: Range = {}) => {
  const n = z.coerce.number({ error: message }).int(message).min(1, message);
  return max === undefined ? n : n.max(max, message);
};
