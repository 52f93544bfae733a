import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { College } from '../../contract/colleges.ts';
import type { SearchItem } from '../../contract/search.ts';
import { campusQuery } from '../../lib/colleges.ts';
import { collegesService } from '../../services/colleges.ts';
import { searchService } from '../../services/search.ts';
import { errorsOf } from '../account/api-errors.ts';

/** A search starts this long after the last keystroke, as the location search's. */
export const COLLEGE_SEARCH_DEBOUNCE_MS = 650;
/** Names are searched from this many characters (the server's minimum). */
export const MIN_COLLEGE_QUERY = 2;
/** Jobs listed on the page; the search page has the rest. */
export const CAMPUS_JOBS_SHOWN = 5;

export interface CampusJobs {
  items: SearchItem[];
  total: number;
  /** More match than the server counts: `total` is a lower bound. */
  totalIsLowerBound: boolean;
}

export interface CollegesContext {
  query: string;
  /** The colleges found for `query`; null until a search answers. */
  colleges: College[] | null;
  college: College | null;
  jobs: CampusJobs | null;
  errors: string[];
}

export type CollegesEvent =
  { type: 'college.search'; text: string } | { type: 'college.choose'; college: College } | { type: 'jobs.retry' };

const searchable = (text: string) => text.trim().length >= MIN_COLLEGE_QUERY;

/**
 * The /colleges page: a college found by name (typed, then searched after a pause) and, once one is
 * chosen, the part-time jobs and internships nearest its campus. Finding and the campus's jobs run
 * side by side: typing a new name leaves the chosen college's jobs in view.
 */
export const collegesMachine = setup({
  types: { context: {} as CollegesContext, events: {} as CollegesEvent },
  actors: {
    findColleges: fromPromise<College[], { text: string }>(({ input, signal }) => collegesService.find(input.text.trim(), signal)),
    loadJobs: fromPromise<CampusJobs, { college: College }>(async ({ input, signal }) => {
      const q = campusQuery(input.college);
      const res = await searchService.search(
        {
          location: { latitude: q.place.latitude, longitude: q.place.longitude, radius: q.radius },
          filters: q.filters,
          sort: q.sort,
          paging: { pageNumber: 1, pageSize: CAMPUS_JOBS_SHOWN },
        },
        false,
        signal,
      );
      return { items: res.data.items, total: res.data.total, totalIsLowerBound: res.data.totalIsLowerBound ?? false };
    }),
  },
  actions: {
    setQuery: assign(({ event }) => {
      assertEvent(event, 'college.search');
      return { query: event.text };
    }),
    clearColleges: assign({ colleges: null }),
    setColleges: assign((_, colleges: College[]) => ({ colleges })),
    choose: assign(({ event }) => {
      assertEvent(event, 'college.choose');
      return { college: event.college, jobs: null, errors: [] };
    }),
    setJobs: assign((_, jobs: CampusJobs) => ({ jobs })),
  },
  guards: {
    typedEnough: ({ event }) => {
      assertEvent(event, 'college.search');
      return searchable(event.text);
    },
  },
  delays: { searchDelay: COLLEGE_SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'colleges',
  context: { query: '', colleges: null, college: null, jobs: null, errors: [] },
  type: 'parallel',
  states: {
    finder: {
      initial: 'idle',
      on: {
        'college.search': [
          { guard: 'typedEnough', target: '.debouncing', reenter: true, actions: 'setQuery' },
          { target: '.idle', actions: ['setQuery', 'clearColleges'] },
        ],
      },
      states: {
        idle: {},
        debouncing: { after: { searchDelay: 'searching' } },
        searching: {
          tags: ['searching'],
          invoke: {
            id: 'findColleges',
            src: 'findColleges',
            input: ({ context }) => ({ text: context.query }),
            onDone: { target: 'idle', actions: { type: 'setColleges', params: ({ event }) => event.output } },
            // A failed search finds nothing; the next keystroke tries again.
            onError: { target: 'idle', actions: { type: 'setColleges', params: [] } },
          },
        },
      },
    },
    campus: {
      initial: 'none',
      on: { 'college.choose': { target: '.loading', reenter: true, actions: 'choose' } },
      states: {
        none: {},
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadJobs',
            src: 'loadJobs',
            input: ({ context }) => ({ college: context.college! }),
            onDone: { target: 'shown', actions: { type: 'setJobs', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
          },
        },
        shown: {},
        failed: {
          tags: ['error'],
          on: { 'jobs.retry': { target: 'loading', actions: assign({ errors: [] }) } },
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof collegesMachine>;

export const selectSearching = (s: Snapshot) => s.hasTag('searching');
export const selectJobsLoading = (s: Snapshot) => s.hasTag('loading');
export const selectJobsFailed = (s: Snapshot) => s.hasTag('error');
