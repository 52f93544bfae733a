import { ADMIN_PAGE_SIZE, MAX_ADMIN_PAGE } from '../../contract/admin.ts';

/** A page number from an address: a whole number from 1 to the highest the server answers, else 1. */
export function pageOf(text: string | null): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= MAX_ADMIN_PAGE ? n : 1;
}

/** The pages of a back-office list of `total` rows, 10 a page (spec 2 §9); one when it is empty. */
export const adminPageCount = (total: number) => Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
