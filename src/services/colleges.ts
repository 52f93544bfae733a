import * as ep from '../contract/colleges.ts';
import { call } from './http.ts';

/** Typed calls of the colleges search (the /colleges page). */
export const collegesService = {
  find: (q: string, signal?: AbortSignal) => call(ep.findColleges, { query: { q } }, { signal }).then((res) => res.data.colleges),
};
