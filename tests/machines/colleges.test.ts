import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { CAMPUS_JOB_TYPES, CAMPUS_RADIUS_MILES, type College } from '../../src/contract/colleges.ts';
import { campusSearchHref } from '../../src/lib/colleges.ts';
import {
  CAMPUS_JOBS_SHOWN,
  COLLEGE_SEARCH_DEBOUNCE_MS,
  collegesMachine,
  type CampusJobs,
} from '../../src/machines/public/colleges.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof collegesMachine>;

const PSU: College = {
  id: 209807,
  name: 'Portland State University',
  city: 'Portland',
  state: 'OR',
  latitude: 45.52345,
  longitude: -122.67621,
};
const JOBS: CampusJobs = { items: [], total: 3, totalIsLowerBound: false };
const offline = new ApiError('network', 0, 'Network Error!, Please check your connection.', [
  'Network Error!, Please check your connection.',
]);

const AFTER_SEARCH_DELAY = 'xstate.after.searchDelay.colleges.finder.debouncing';

const EVENTS = [
  { type: 'college.search', text: 'p' },
  { type: 'college.search', text: 'portland st' },
  { type: AFTER_SEARCH_DELAY },
  { type: 'xstate.done.actor.findColleges', output: [PSU] },
  { type: 'xstate.error.actor.findColleges', error: offline },
  { type: 'college.choose', college: PSU },
  { type: 'xstate.done.actor.loadJobs', output: JOBS },
  { type: 'xstate.error.actor.loadJobs', error: offline },
  { type: 'jobs.retry' },
] as unknown as EventObject[];

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    query: s.context.query,
    colleges: s.context.colleges?.length ?? null,
    college: s.context.college?.id ?? null,
    jobs: s.context.jobs?.total ?? null,
    errors: s.context.errors,
  });

const running = (s: Snap, id: string) => Object.keys(s.children).includes(id);

const model = modelOf(collegesMachine, {
  events: EVENTS,
  serializeState: observable,
  filterEvents: (s, e) => {
    if (e.type === AFTER_SEARCH_DELAY) return s.matches({ finder: 'debouncing' });
    const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(e.type)?.[1];
    if (actor) return running(s as Snap, actor);
    // Choosing the same college again while it loads changes nothing a user sees; once is enough.
    if (e.type === 'college.choose') return !s.matches({ campus: 'loading' });
    return true;
  },
});
const states = modelStates(model);

function startSut() {
  const server = {
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
    searches: [] as string[],
    campuses: [] as College[],
  };
  const machine = collegesMachine.provide({
    actors: {
      findColleges: fromPromise<College[], { text: string }>(({ input }) => {
        server.searches.push(input.text);
        const d = deferred<College[]>();
        server.pending.findColleges = d as never;
        return d.promise;
      }),
      loadJobs: fromPromise<CampusJobs, { college: College }>(({ input }) => {
        server.campuses.push(input.college);
        const d = deferred<CampusJobs>();
        server.pending.loadJobs = d as never;
        return d.promise;
      }),
    },
  });
  return { actor: createActor(machine).start(), server };
}

async function replay(path: EventObject[]) {
  const sut = startSut();
  for (const event of path) {
    if (event.type === AFTER_SEARCH_DELAY) await vi.advanceTimersByTimeAsync(COLLEGE_SEARCH_DEBOUNCE_MS);
    else if (!settle(sut.server.pending, event)) sut.actor.send(event as never);
    await flush();
  }
  return sut;
}

describe('colleges machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reaches every state of the chart', () => {
    const leaves = new Set(states.flatMap((s) => Object.entries(s.state.value as Record<string, string>).map(([k, v]) => `${k}.${v}`)));
    expect([...leaves].sort()).toEqual(
      ['campus.failed', 'campus.loading', 'campus.none', 'campus.shown', 'finder.debouncing', 'finder.idle', 'finder.searching'].sort(),
    );
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const reached = await replay(s.path);
    expect(observable(reached.actor.getSnapshot())).toBe(observable(s.state));
    for (const t of s.transitions) {
      const next = await replay([...s.path, t.event]);
      expect(observable(next.actor.getSnapshot())).toBe(observable(t.next));
    }
  });
});

describe('colleges rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('searches once the typing pauses, with the text trimmed, and not for one letter', async () => {
    const sut = startSut();
    sut.actor.send({ type: 'college.search', text: 'p' });
    sut.actor.send({ type: 'college.search', text: 'port' });
    await vi.advanceTimersByTimeAsync(COLLEGE_SEARCH_DEBOUNCE_MS - 1);
    sut.actor.send({ type: 'college.search', text: ' portland st ' });
    await vi.advanceTimersByTimeAsync(COLLEGE_SEARCH_DEBOUNCE_MS);
    expect(sut.server.searches).toEqual([' portland st ']);
  });

  it('loads the chosen campus’s jobs, and a new choice replaces the one loading', async () => {
    const sut = startSut();
    sut.actor.send({ type: 'college.choose', college: PSU });
    const other = { ...PSU, id: 1, name: 'Reed College' };
    sut.actor.send({ type: 'college.choose', college: other });
    expect(sut.server.campuses.map((c) => c.name)).toEqual([PSU.name, 'Reed College']);
    sut.server.pending.loadJobs!.resolve(JOBS as never);
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({ college: other, jobs: JOBS });
  });

  it('opens the search page around the campus with part-time jobs and internships, nearest first', () => {
    const href = new URL(campusSearchHref(PSU), 'http://x');
    expect(href.pathname).toBe('/jobs');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      place: 'Portland, OR',
      lat: String(PSU.latitude),
      lng: String(PSU.longitude),
      r: String(CAMPUS_RADIUS_MILES),
      sort: 'distance',
      types: CAMPUS_JOB_TYPES.join(','),
    });
    expect(CAMPUS_JOBS_SHOWN).toBe(5);
  });
});
