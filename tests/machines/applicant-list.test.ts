import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import type { ApplicantListRequest, ApplicantPage, JobWithApplicants } from '../../src/contract/applicants.ts';
import {
  APPLICANT_SEARCH_DEBOUNCE_MS,
  applicantListMachine,
  requestOf,
  selectPageCount,
  type ApplicantListEvent,
  type ApplicantListInput,
} from '../../src/machines/applicants/applicant-list.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { applicantPage, demoApplicants, demoJobsWithApplicants } from '../../src/views/applicants/applicants-stories-support.ts';
import {
  atomicStates,
  deferred,
  eventTypesOf,
  flush,
  modelOf,
  modelStates,
  settle,
  whileActorRuns,
  type ModelState,
} from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof applicantListMachine>;

const [maria, sam] = demoApplicants as [(typeof demoApplicants)[0], (typeof demoApplicants)[0]];
const waited = { type: 'xstate.after.searchDelay.applicantList.typing.waiting' };
const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const firstPage = applicantPage(demoApplicants, 23);
const JOB = demoJobsWithApplicants[0]!.jobId;

/** The machine with stub calls that the test settles. */
function stubbed() {
  const server = {
    loads: [] as ApplicantListRequest[],
    jobReads: 0,
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const logic = applicantListMachine.provide({
    actors: {
      load: fromPromise<ApplicantPage, ApplicantListRequest>(({ input }) => {
        server.loads.push(input);
        const d = deferred<never>();
        server.pending.load = d;
        return d.promise;
      }),
      loadJobs: fromPromise<JobWithApplicants[]>(() => {
        server.jobReads++;
        const d = deferred<never>();
        server.pending.loadJobs = d;
        return d.promise;
      }),
    },
  });
  return { server, logic };
}

async function replay(path: EventObject[], input?: ApplicantListInput) {
  const { server, logic } = stubbed();
  const actor = createActor(logic, { input }).start();
  for (const event of path) {
    if (event.type.startsWith('xstate.after.')) await vi.advanceTimersByTimeAsync(APPLICANT_SEARCH_DEBOUNCE_MS);
    else if (!settle(server.pending, event)) actor.send(event as ApplicantListEvent);
    await flush();
  }
  return { actor, server };
}

/** What a user can tell apart: the state, the query, what is typed, the rows and totals, the jobs and what went wrong. */
const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    query: s.context.query,
    typed: s.context.typed,
    rows: s.context.applicants.map((a) => `${a.id}|${a.status}|${a.isNew}`),
    total: s.context.total,
    pages: selectPageCount(s),
    jobs: s.context.jobs.length,
    loadError: s.context.loadError,
  });

/** States told apart by what changes the chart's behaviour; which search text it is does not matter. */
const modelKey = (s: Snap) => {
  const q = s.context.query;
  return JSON.stringify({
    value: s.value,
    query: [q.pageNumber, q.filter, q.order, q.ascending, q.jobId, !!q.search],
    typed: s.context.typed.trim() !== q.search,
    rows: s.context.applicants.map((a) => `${a.id}|${a.status}|${a.isNew}`),
    total: s.context.total,
    jobs: s.context.jobs.length,
    said: !!s.context.loadError,
  });
};

const events = [
  { type: 'xstate.done.actor.load', output: firstPage },
  { type: 'xstate.done.actor.load', output: applicantPage([], 0) },
  // Applicants left meanwhile: the page asked for is past the last one.
  { type: 'xstate.done.actor.load', output: applicantPage([], 12, 3) },
  { type: 'xstate.error.actor.load', error: serverDown },
  { type: 'xstate.done.actor.loadJobs', output: demoJobsWithApplicants },
  { type: 'xstate.error.actor.loadJobs', error: serverDown },
  { type: 'applicants.retry' },
  { type: 'applicants.search', text: 'maria' },
  waited,
  { type: 'applicants.apply' },
  { type: 'applicants.filter', filter: 'New' },
  { type: 'applicants.filter', filter: 'All' },
  { type: 'applicants.order', order: 'name', ascending: true },
  { type: 'applicants.order', order: 'date', ascending: false },
  { type: 'applicants.job', jobId: JOB },
  { type: 'applicants.job', jobId: null },
  { type: 'applicants.page', page: 2 },
  { type: 'applicants.page', page: 3 },
  { type: 'applicant.update', applicant: { ...maria, isNew: false, status: 'Reviewed' } },
] as unknown as EventObject[];

describe('applicant list machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(applicantListMachine, {
    events,
    serializeState: modelKey as never,
    filterEvents: (snap, e) => {
      if (!whileActorRuns(snap, e)) return false;
      const s = snap as Snap;
      const q = s.context.query;
      const plain = q.filter === 'All' && q.order === 'date' && !q.ascending && q.jobId === null;
      const output = (e as { output?: { total?: number } }).output;
      // The answer past the last page only for page 3; nothing at all only for the New filter.
      if (e.type === 'xstate.done.actor.load' && output!.total === 12) return q.pageNumber === 3;
      if (e.type === 'xstate.done.actor.load' && output!.total === 0) return q.filter === 'New' && q.pageNumber === 1;
      // The jobs arrive (or fail) while the first page is read: once.
      if (e.type.endsWith('actor.loadJobs')) return s.matches({ list: 'loading' }) && s.context.total === 0 && !q.search && plain;
      if (e.type === 'applicants.page') return plain && s.context.total === 23 && s.context.jobs.length > 0;
      if (e.type === 'applicants.search') return plain && !q.search && q.pageNumber === 2;
      if (e.type === 'applicants.order' || e.type === 'applicants.job') return q.filter === 'All' && s.matches({ jobs: 'done' });
      if (e.type === 'applicants.filter') return s.matches({ jobs: 'done' }) && q.jobId === null;
      if (e.type === 'applicant.update') return s.context.applicants.length > 0 && plain;
      return true;
    },
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const { actor, server } = await replay(path);
      const now = actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      expect(now.context.query.pageNumber).toBeGreaterThanOrEqual(1);
      if (now.matches({ list: 'ready' })) expect(now.context.query.pageNumber).toBeLessThanOrEqual(selectPageCount(now));
      // The list asks for exactly its query whenever it reads.
      if (now.matches({ list: 'loading' })) expect(server.loads.at(-1)).toEqual(requestOf(now.context.query));
      actor.stop();
      return server.loads.length;
    };
    const before = await check(s.path, s.state);
    for (const t of s.transitions) {
      const after = await check([...s.path, t.event], t.next);
      if (after === before) continue;
      // A search, filter, order or job change reads again from page 1; paging reads the page asked for.
      const asked = (t.next as Snap).context.query.pageNumber;
      if (t.event.type === 'applicants.page') expect(asked).toBe((t.event as unknown as { page: number }).page);
      else if (['applicants.filter', 'applicants.order', 'applicants.job', 'applicants.apply', waited.type].includes(t.event.type))
        expect(asked).toBe(1);
    }
  });

  it('reaches every state of the chart and tries every event it handles', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(
      ['jobs.done', 'jobs.loading', 'list.failed', 'list.loading', 'list.ready', 'typing.idle', 'typing.waiting'].sort(),
    );
    expect([...new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))].sort()).toEqual(
      eventTypesOf(applicantListMachine).sort(),
    );
  });
});

describe('applicant list rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const loaded = (input?: ApplicantListInput) =>
    replay([{ type: 'xstate.done.actor.load', output: firstPage } as unknown as EventObject], input);

  it('reads page 1 of every applicant, newest first, 10 a page; the page opens on the job of the address', async () => {
    const sut = await replay([]);
    expect(sut.server.loads).toEqual([
      { pageNumber: 1, pageSize: 10, search: null, filter: 'All', order: 'date', ascending: false, jobId: null },
    ]);
    expect(sut.server.jobReads).toBe(1);
    const one = await replay([], { jobId: JOB });
    expect(one.server.loads[0]!.jobId).toBe(JOB);
  });

  it('waits for a pause in typing before searching, and searches once from page 1', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'applicants.page', page: 3 });
    settle(sut.server.pending, { type: 'xstate.done.actor.load', output: applicantPage([sam], 23, 3) } as unknown as EventObject);
    await flush();
    for (const text of ['m', 'ma', 'maria']) {
      sut.actor.send({ type: 'applicants.search', text });
      await vi.advanceTimersByTimeAsync(APPLICANT_SEARCH_DEBOUNCE_MS - 1);
    }
    expect(sut.server.loads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sut.server.loads.at(-1)).toMatchObject({ search: 'maria', pageNumber: 1 });
    sut.actor.send({ type: 'applicants.search', text: ' maria ' });
    await vi.advanceTimersByTimeAsync(APPLICANT_SEARCH_DEBOUNCE_MS);
    expect(sut.server.loads).toHaveLength(3);
  });

  it('takes what is typed along with a filter, order or job change at once, from page 1', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'applicants.page', page: 2 });
    settle(sut.server.pending, { type: 'xstate.done.actor.load', output: applicantPage([sam], 23, 2) } as unknown as EventObject);
    await flush();
    sut.actor.send({ type: 'applicants.search', text: 'cook' });
    sut.actor.send({ type: 'applicants.filter', filter: 'Interviewing' });
    await flush();
    expect(sut.server.loads.at(-1)).toMatchObject({ search: 'cook', filter: 'Interviewing', pageNumber: 1 });
    sut.actor.send({ type: 'applicants.order', order: 'job', ascending: true });
    sut.actor.send({ type: 'applicants.job', jobId: JOB });
    await flush();
    expect(sut.server.loads.at(-1)).toMatchObject({ order: 'job', ascending: true, jobId: JOB, pageNumber: 1 });
    await vi.advanceTimersByTimeAsync(APPLICANT_SEARCH_DEBOUNCE_MS * 2);
    expect(sut.server.loads).toHaveLength(5);
  });

  it('ignores a page outside 1 to the last, and the page it is on', async () => {
    const sut = await loaded();
    for (const p of [0, 1, 4, 2.5]) sut.actor.send({ type: 'applicants.page', page: p });
    await flush();
    expect(sut.server.loads).toHaveLength(1);
  });

  it('updates an opened or moved row in place, without reading the page again', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'applicant.update', applicant: { ...maria, isNew: false, status: 'Reviewed' } });
    const rows = sut.actor.getSnapshot().context.applicants;
    expect(rows[0]).toMatchObject({ id: maria.id, isNew: false, status: 'Reviewed' });
    expect(rows.slice(1)).toEqual(demoApplicants.slice(1));
    expect(sut.server.loads).toHaveLength(1);
  });

  it('says why the list could not be read, and reads it again on retry', async () => {
    const sut = await replay([{ type: 'xstate.error.actor.load', error: new TypeError('Failed to fetch') } as unknown as EventObject]);
    expect(sut.actor.getSnapshot().context.loadError).toBe('Something went wrong. Please try again.');
    sut.actor.send({ type: 'applicants.retry' });
    await flush();
    expect(sut.server.loads).toHaveLength(2);
  });
});
