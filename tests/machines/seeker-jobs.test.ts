import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { JobMessages, type AppliedJob, type JobListCount, type SavedJob } from '../../src/contract/jobs.ts';
import {
  seekerJobsMachine,
  selectFirstLoad,
  selectLoading,
  type SeekerJobPage,
  type SeekerJobsEvent,
  type SeekerList,
} from '../../src/machines/jobs/seeker-jobs.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { listJob } from '../../src/views/jobs/seeker-jobs-stories-support.tsx';
import { atomicStates, deferred, flush, modelOf, modelStates, settle, whileActorRuns, type ModelState } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof seekerJobsMachine>;
type LoadInput = { list: SeekerList; page: number; ascending: boolean };

const serverDown = new ApiError('server', 500, 'Something went wrong!!!');

const saved = (n: number): SavedJob => ({
  ...listJob(n, { userActions: { isSaved: true } }),
  jobStatus: 'Active',
  savedDate: `2025-03-${String(n).padStart(2, '0')}T10:00:00.000Z`,
});
const applied = (n: number): AppliedJob => ({
  ...listJob(n),
  jobStatus: 'Active',
  applicationId: `a-${n}`,
  applicationStatus: 'Applied',
  appliedDate: `2025-03-${String(n).padStart(2, '0')}T10:00:00.000Z`,
  conversationUrl: null,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const pageOf = <T>(items: T[], hasMore: boolean) => ({ items, hasMore }) as SeekerJobPage;

// The saved list: 11 jobs, ten a page.
const savedFirst = pageOf(range(1, 10).map(saved), true);
const savedSecond = pageOf([saved(11)], false);
/** Page 1 read again once job 1 left: job 11 moves up. */
const savedRefilled = pageOf(range(2, 11).map(saved), false);
const nothing = pageOf([], false);

// The applied list: 11 applications.
const appliedFirst = pageOf(range(1, 10).map(applied), true);
const appliedSecond = pageOf([applied(11)], false);

const counts: JobListCount = { saved: 2, applied: 11, matched: 4 };
const job1 = listJob(1).id;
const job11 = listJob(11).id;

function startSut(list: SeekerList) {
  const server = {
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
    loads: [] as LoadInput[],
    counts: 0,
  };
  const stub = <T, I>(id: string, record: (input: I) => void) =>
    fromPromise<T, I>(({ input }) => {
      record(input);
      const d = deferred<T>();
      server.pending[id] = d as never;
      return d.promise;
    });
  const machine = seekerJobsMachine.provide({
    actors: {
      load: stub('load', (i: LoadInput) => server.loads.push(i)),
      count: stub('count', () => server.counts++),
    },
  });
  const actor = createActor(machine, { input: { list } }).start();
  return { actor, server };
}
type Sut = ReturnType<typeof startSut>;

async function play(sut: Sut, event: EventObject) {
  if (!settle(sut.server.pending, event)) sut.actor.send(event as SeekerJobsEvent);
  await flush();
}

/** What the list shows: where it is, which page in which order, its rows (saved or not), counts and messages. */
const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    page: s.context.page,
    ascending: s.context.ascending,
    rows: s.context.items.map((j) => `${j.id.slice(-2)}${j.userActions.isSaved ? '*' : ''}`),
    hasMore: s.context.hasMore,
    counts: s.context.counts,
    loadError: s.context.loadError,
    notice: s.context.notice,
    loading: selectLoading(s),
    firstLoad: selectFirstLoad(s),
  });

const outputOf = (e: EventObject) => (e as unknown as { output: SeekerJobPage }).output;
const jobOf = (e: EventObject) => (e as unknown as { jobId: string }).jobId;

function walk(list: SeekerList, events: EventObject[], answers: (s: Snap, e: EventObject) => boolean) {
  const model = modelOf(seekerJobsMachine, {
    events,
    input: { list },
    serializeState: observable as never,
    filterEvents: (snap, e) => {
      const s = snap as Snap;
      if (!whileActorRuns(s, e)) return false;
      // The counts arrive first (the other order is the rules' test): the lists are walked with them known or failed.
      if (e.type.endsWith('.actor.count')) return true;
      if (s.matches({ counts: 'loading' }) || (s.matches({ counts: 'failed' }) && s.context.items.length > 0)) return false;
      if (e.type === 'xstate.done.actor.load') return answers(s, e);
      // A row's toggle is pressed on a row shown; a job is saved once (the fixtures' pages do not know of the save).
      if (e.type === 'job.saveChanged') {
        const shown = s.context.items.some((j) => j.id === jobOf(e));
        return shown && (!(e as unknown as { isSaved: boolean }).isSaved || s.context.counts?.saved === counts.saved);
      }
      // Newest first to oldest first: back again is the same transition.
      if (e.type === 'order.toggle') return !s.context.ascending;
      return true;
    },
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut(list);
      for (const event of path) await play(sut, event);
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // Whenever the list reads, it asks for its own page in its own order, ten a page.
      if (now.matches({ list: 'loading' }))
        expect(sut.server.loads.at(-1)).toEqual({ list, page: now.context.page, ascending: now.context.ascending });
      expect(now.context.page).toBeGreaterThanOrEqual(1);
      // The counts are read once.
      expect(sut.server.counts).toBe(1);
      sut.actor.stop();
      return now;
    };
    const before = await check(s.path, s.state);
    for (const t of s.transitions) {
      const after = await check([...s.path, t.event], t.next);
      // The other order starts again at page 1.
      if (t.event.type === 'order.toggle' && before.matches({ list: 'loaded' })) {
        expect(after.matches({ list: 'loading' })).toBe(true);
        expect(after.context.page).toBe(1);
        expect(after.context.ascending).toBe(!before.context.ascending);
      }
    }
  });
  return states;
}

const common = [
  { type: 'xstate.done.actor.count', output: counts },
  { type: 'xstate.error.actor.count', error: serverDown },
  { type: 'xstate.error.actor.load', error: serverDown },
  { type: 'xstate.done.actor.load', output: nothing },
  { type: 'page.next' },
  { type: 'page.previous' },
  { type: 'order.toggle' },
  { type: 'list.retry' },
];

describe('the seeker’s lists machine (model-based)', () => {
  const reached = new Set<string>();
  const tried = new Set<string>();
  const collect = (states: Array<ModelState<Snap, EventObject>>) => {
    for (const s of states) {
      atomicStates(s.state.value).forEach((a) => reached.add(a));
      s.transitions.forEach((t) => tried.add(t.event.type));
    }
  };

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  describe('saved jobs: paging, order, and a job unsaved leaves its page', () => {
    const events = [
      ...common,
      { type: 'xstate.done.actor.load', output: savedFirst },
      { type: 'xstate.done.actor.load', output: savedSecond },
      { type: 'xstate.done.actor.load', output: savedRefilled },
      { type: 'job.saveChanged', jobId: job1, isSaved: false },
      { type: 'job.saveChanged', jobId: job11, isSaved: false },
    ] as unknown as EventObject[];
    collect(
      walk('saved', events, (s, e) => {
        const out = outputOf(e);
        const refill = s.context.notice !== null;
        // Nothing at all only on the first read; the server answers the page asked for, and after
        // an unsave, the page without the job.
        if (out === nothing) return s.context.page === 1 ? !refill && !s.context.ascending && s.context.items.length === 0 : refill;
        if (s.context.page === 1) return out === (refill ? savedRefilled : savedFirst);
        return out === savedSecond && !refill;
      }),
    );
  });

  describe('applied jobs: saving and unsaving marks the row and counts it', () => {
    const events = [
      ...common,
      { type: 'xstate.done.actor.load', output: appliedFirst },
      { type: 'xstate.done.actor.load', output: appliedSecond },
      { type: 'job.saveChanged', jobId: job1, isSaved: true },
      { type: 'job.saveChanged', jobId: job1, isSaved: false },
    ] as unknown as EventObject[];
    collect(
      walk('applied', events, (s, e) => {
        const out = outputOf(e);
        if (out === nothing) return s.context.page === 1 && !s.context.ascending && s.context.items.length === 0;
        return out === (s.context.page === 1 ? appliedFirst : appliedSecond);
      }),
    );
  });

  it('reaches every state of the chart and tries every event', () => {
    expect([...reached].sort()).toEqual([
      'counts.failed',
      'counts.loaded',
      'counts.loading',
      'list.empty',
      'list.failed',
      'list.loaded',
      'list.loading',
    ]);
    expect(tried).toEqual(
      new Set([
        'xstate.done.actor.count',
        'xstate.error.actor.count',
        'xstate.done.actor.load',
        'xstate.error.actor.load',
        'page.next',
        'page.previous',
        'order.toggle',
        'list.retry',
        'job.saveChanged',
      ]),
    );
  });
});

describe('the seeker’s lists rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function listed(list: SeekerList, page: SeekerJobPage) {
    const sut = startSut(list);
    await play(sut, { type: 'xstate.done.actor.count', output: counts } as unknown as EventObject);
    await play(sut, { type: 'xstate.done.actor.load', output: page } as unknown as EventObject);
    return sut;
  }
  const send = (sut: Sut, event: SeekerJobsEvent) => play(sut, event);
  const answer = (sut: Sut, page: SeekerJobPage) => play(sut, { type: 'xstate.done.actor.load', output: page } as unknown as EventObject);

  it('asks for the newest first, ten a page, and pages while later pages have rows', async () => {
    const sut = await listed('applied', appliedFirst);
    expect(sut.server.loads).toEqual([{ list: 'applied', page: 1, ascending: false }]);
    await send(sut, { type: 'page.previous' });
    expect(sut.server.loads).toHaveLength(1);
    await send(sut, { type: 'page.next' });
    expect(sut.server.loads.at(-1)).toEqual({ list: 'applied', page: 2, ascending: false });
    await answer(sut, appliedSecond);
    await send(sut, { type: 'page.next' });
    expect(sut.server.loads).toHaveLength(2);
    await send(sut, { type: 'page.previous' });
    expect(sut.server.loads.at(-1)).toEqual({ list: 'applied', page: 1, ascending: false });
  });

  it('turns to oldest first and back, each time from page 1', async () => {
    const sut = await listed('saved', savedFirst);
    await send(sut, { type: 'page.next' });
    await answer(sut, savedSecond);
    await send(sut, { type: 'order.toggle' });
    expect(sut.server.loads.at(-1)).toEqual({ list: 'saved', page: 1, ascending: true });
    await answer(sut, savedFirst);
    await send(sut, { type: 'order.toggle' });
    expect(sut.server.loads.at(-1)).toEqual({ list: 'saved', page: 1, ascending: false });
  });

  it('takes an unsaved job out of the saved list at once, says so, and fills the page again', async () => {
    const sut = await listed('saved', savedFirst);
    await send(sut, { type: 'job.saveChanged', jobId: job1, isSaved: false });
    const s = sut.actor.getSnapshot();
    expect(s.context.items.map((j) => j.id)).not.toContain(job1);
    expect(s.context.items).toHaveLength(9);
    expect(s.context.notice).toBe(JobMessages.unsaved);
    expect(s.context.counts?.saved).toBe(1);
    expect(sut.server.loads.at(-1)).toEqual({ list: 'saved', page: 1, ascending: false });
    await answer(sut, savedRefilled);
    expect(sut.actor.getSnapshot().context.items).toHaveLength(10);
  });

  it('shows the page before when an unsave empties the last page', async () => {
    const sut = await listed('saved', savedFirst);
    await send(sut, { type: 'page.next' });
    await answer(sut, savedSecond);
    await send(sut, { type: 'job.saveChanged', jobId: job11, isSaved: false });
    expect(sut.server.loads.at(-1)).toEqual({ list: 'saved', page: 2, ascending: false });
    await answer(sut, nothing);
    expect(sut.server.loads.at(-1)).toEqual({ list: 'saved', page: 1, ascending: false });
    await answer(sut, savedFirst);
    expect(sut.actor.getSnapshot().matches({ list: 'loaded' })).toBe(true);
  });

  it('says the list is empty when the last saved job goes', async () => {
    const sut = await listed('saved', pageOf([saved(1)], false));
    await send(sut, { type: 'job.saveChanged', jobId: job1, isSaved: false });
    await answer(sut, nothing);
    expect(sut.actor.getSnapshot().matches({ list: 'empty' })).toBe(true);
    expect(sut.actor.getSnapshot().context.counts?.saved).toBe(1);
  });

  it('keeps an applied job in its list when it is unsaved, and counts the saves', async () => {
    const sut = await listed('applied', appliedFirst);
    await send(sut, { type: 'job.saveChanged', jobId: job1, isSaved: true });
    expect(sut.actor.getSnapshot().context.counts?.saved).toBe(3);
    await send(sut, { type: 'job.saveChanged', jobId: job1, isSaved: false });
    const s = sut.actor.getSnapshot();
    expect(s.context.items).toHaveLength(10);
    expect(s.context.items[0]!.userActions.isSaved).toBe(false);
    expect(s.context.counts?.saved).toBe(2);
    expect(sut.server.loads).toHaveLength(1);
  });

  it('counts a save made before the counts arrive as the server counts it', async () => {
    const sut = startSut('applied');
    await answer(sut, appliedFirst);
    await send(sut, { type: 'job.saveChanged', jobId: job1, isSaved: true });
    await play(sut, { type: 'xstate.done.actor.count', output: { ...counts, saved: 3 } } as unknown as EventObject);
    expect(sut.actor.getSnapshot().context.counts?.saved).toBe(3);
  });

  it('says why the list failed and reads it again on request', async () => {
    const sut = startSut('matched');
    await play(sut, { type: 'xstate.error.actor.load', error: serverDown } as unknown as EventObject);
    expect(sut.actor.getSnapshot().context.loadError).toBe('Something went wrong!!!');
    await send(sut, { type: 'list.retry' });
    expect(sut.server.loads).toEqual([
      { list: 'matched', page: 1, ascending: false },
      { list: 'matched', page: 1, ascending: false },
    ]);
    expect(sut.actor.getSnapshot().context.loadError).toBeNull();
  });
});
