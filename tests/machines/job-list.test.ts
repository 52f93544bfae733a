import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { PostingMessages } from '../../src/contract/posting.ts';
import {
  actionsFor,
  JOB_SEARCH_DEBOUNCE_MS,
  jobListMachine,
  requestOf,
  selectBusyId,
  selectConfirming,
  selectPageCount,
  wizardFor,
  type JobListEmitted,
  type JobListEvent,
  type JobListInput,
} from '../../src/machines/posting/job-list.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import {
  analyst,
  clonedDraft,
  closedNurse,
  editDraft,
  nurse,
  page,
  reopenedAnalyst,
  scheduler,
  stubbedJobList,
} from '../support/client/job-fixtures.ts';
import {
  atomicStates,
  eventTypesOf,
  flush,
  modelOf,
  modelStates,
  settle,
  whileActorRuns,
  type ModelState,
} from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof jobListMachine>;

const waited = { type: 'xstate.after.searchDelay.jobList.typing.waiting' };
const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const refused = new ApiError('client', 400, PostingMessages.statusUnchanged, [PostingMessages.statusUnchanged]);
const gone = new ApiError('client', 404, PostingMessages.jobNotFound, [PostingMessages.jobNotFound]);

const firstPage = page([nurse, analyst, scheduler], 23);

/**
 * What a user of the list can tell apart: where it is, the query of the rows, what is typed, the
 * rows and their totals, what the last change said, and which row is busy or being confirmed.
 */
const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    query: s.context.query,
    typed: s.context.typed,
    rows: s.context.jobs.map((j) => `${j.id}|${j.status}|${j.editDraftId}`),
    total: s.context.total,
    pages: selectPageCount(s),
    loadError: s.context.loadError,
    actionError: s.context.actionError,
    target: s.context.target?.id ?? null,
    action: s.context.action,
    busy: selectBusyId(s),
    confirming: selectConfirming(s)?.id ?? null,
  });

/**
 * The model tells states apart by what changes the chart's behaviour: the state, the page and the
 * codes asked for, whether a search is applied or waiting, the rows and totals, what was said, and
 * the row being acted on. Which search text it is does not matter.
 */
const modelKey = (s: Snap) => {
  const q = s.context.query;
  return JSON.stringify({
    value: s.value,
    query: [q.pageNumber, q.activeFlag, q.sortFlag, q.ascending, !!(q.search || q.companySearch)],
    typed: s.context.typed.search.trim() !== q.search || s.context.typed.companySearch.trim() !== q.companySearch,
    rows: s.context.jobs.map((j) => `${j.id}|${j.status}|${j.editDraftId}`),
    total: s.context.total,
    said: [!!s.context.loadError, !!s.context.actionError],
    target: s.context.target?.id ?? null,
    action: s.context.action,
  });
};

/** Replays a path on the real machine with stub calls, and the timers it waits for. */
async function replay(path: EventObject[], input?: JobListInput) {
  const { server, logic } = stubbedJobList(jobListMachine);
  const actor = createActor(logic, { input }).start();
  const emitted: JobListEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as JobListEmitted));
  for (const event of path) {
    if (event.type.startsWith('xstate.after.')) await vi.advanceTimersByTimeAsync(JOB_SEARCH_DEBOUNCE_MS);
    else if (!settle(server.pending, event)) actor.send(event as JobListEvent);
    await flush();
  }
  return { actor, server, emitted };
}

/** The rules every state keeps: a request goes back to page 1 unless it pages. */
function expectRules(s: Snap) {
  expect(s.context.query.pageNumber).toBeGreaterThanOrEqual(1);
  if (s.matches({ list: 'ready' })) expect(s.context.query.pageNumber).toBeLessThanOrEqual(selectPageCount(s));
  expect(selectBusyId(s)).toBe(s.hasTag('busy') ? s.context.target!.id : null);
  // Ascending counts only for the clicks and applicants sorts.
  if (s.context.query.sortFlag !== 1 && s.context.query.sortFlag !== 2) expect(requestOf(s.context.query).ascending).toBe(false);
}

/** Walks every state the events reach and replays each state and each event tried from it. */
function walk(events: EventObject[], filterEvents: (s: Snap, e: EventObject) => boolean, input?: JobListInput) {
  const model = modelOf(jobListMachine, {
    events,
    input,
    serializeState: modelKey as never,
    filterEvents: (s, e) => whileActorRuns(s, e) && filterEvents(s as Snap, e),
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const { actor, server } = await replay(path, input);
      const now = actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      expectRules(now);
      // The list asks for exactly its query whenever it reads.
      if (now.matches({ list: 'loading' })) expect(server.loads.at(-1)).toEqual(requestOf(now.context.query));
      actor.stop();
      return server.loads.length;
    };
    const before = await check(s.path, s.state);
    for (const t of s.transitions) {
      const after = await check([...s.path, t.event], t.next);
      if (after === before) continue;
      // A search, filter or sort change reads again from page 1; paging reads the page asked for.
      const asked = (t.next as Snap).context.query.pageNumber;
      if (t.event.type === 'jobs.page') expect(asked).toBe((t.event as unknown as { page: number }).page);
      else if (['jobs.filter', 'jobs.sort', 'jobs.apply', waited.type].includes(t.event.type)) expect(asked).toBe(1);
    }
  });

  return states;
}

const queryEvents = [
  { type: 'xstate.done.actor.load', output: firstPage },
  { type: 'xstate.done.actor.load', output: page([], 0) },
  // Jobs left meanwhile: the page asked for is past the last one.
  { type: 'xstate.done.actor.load', output: page([], 12, 3) },
  { type: 'xstate.error.actor.load', error: serverDown },
  { type: 'jobs.retry' },
  { type: 'jobs.search', text: 'nurse' },
  { type: 'jobs.companySearch', text: 'north' },
  waited,
  { type: 'jobs.apply' },
  { type: 'jobs.filter', activeFlag: 1 },
  { type: 'jobs.filter', activeFlag: 0 },
  { type: 'jobs.sort', sortFlag: 1, ascending: true },
  { type: 'jobs.sort', sortFlag: 0 },
  { type: 'jobs.page', page: 2 },
  { type: 'jobs.page', page: 3 },
  { type: 'jobs.refresh' },
] as unknown as EventObject[];

const rowEvents = [
  { type: 'xstate.done.actor.load', output: firstPage },
  { type: 'xstate.error.actor.load', error: serverDown },
  { type: 'jobs.page', page: 2 },
  { type: 'job.close', id: nurse.id },
  { type: 'job.close', id: analyst.id },
  { type: 'job.reopen', id: analyst.id },
  { type: 'job.reopen', id: nurse.id },
  { type: 'job.delete', id: nurse.id },
  { type: 'job.clone', id: scheduler.id },
  { type: 'job.edit', id: nurse.id },
  { type: 'job.edit', id: analyst.id },
  { type: 'confirm.accept' },
  { type: 'dialog.close' },
  { type: 'xstate.done.actor.setStatus', output: closedNurse },
  { type: 'xstate.done.actor.setStatus', output: reopenedAnalyst },
  { type: 'xstate.error.actor.setStatus', error: refused },
  { type: 'xstate.done.actor.remove', output: { message: PostingMessages.deleted } },
  { type: 'xstate.error.actor.remove', error: gone },
  { type: 'xstate.done.actor.clone', output: clonedDraft },
  { type: 'xstate.error.actor.clone', error: serverDown },
  { type: 'xstate.done.actor.editAsDraft', output: editDraft },
  { type: 'xstate.error.actor.editAsDraft', error: gone },
  { type: 'job.boosted', id: nurse.id },
] as unknown as EventObject[];

describe('job list machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const reached: string[][] = [];
  const tried: string[][] = [];
  const collect = (states: Array<ModelState<Snap, EventObject>>) => {
    reached.push([...new Set(states.flatMap((s) => atomicStates(s.state.value)))]);
    tried.push([...new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))]);
  };

  describe('search, filter, sort and paging', () => {
    collect(
      walk(queryEvents, (s, e) => {
        const q = s.context.query;
        const plain = q.activeFlag === 0 && q.sortFlag === 0;
        const output = (e as { output?: { pageNumber: number; total: number } }).output;
        // The answer past the last page comes only for a page past the last one; nothing active yet
        // only for the active filter.
        if (e.type === 'xstate.done.actor.load' && output!.total === 12) return q.pageNumber === 3;
        if (e.type === 'xstate.done.actor.load' && output!.total === 0) return q.activeFlag === 1 && q.pageNumber === 1;
        // Paging and typing in the unfiltered list, a sort before a filter: every transition, and
        // each change from a later page, without walking every mix of the codes.
        if (e.type === 'jobs.page' || e.type === 'jobs.refresh') return plain && s.context.total === 23;
        if (e.type === 'jobs.search' || e.type === 'jobs.companySearch') return plain && !q.search && !q.companySearch;
        if (e.type === 'jobs.sort') return q.activeFlag === 0;
        return true;
      }),
    );
  });

  describe('row actions, beside a page being read', () => {
    collect(
      walk(rowEvents, (s, e) => {
        const output = (e as { output?: { job?: { id: string } } }).output;
        // A status answer is the row the action is about.
        if (e.type === 'xstate.done.actor.setStatus') return output!.job!.id === s.context.target?.id;
        // Paging while a row action runs: once, so the walk stays small.
        if (e.type === 'jobs.page') return s.context.query.pageNumber === 1 && s.hasTag('busy');
        if (e.type === 'xstate.error.actor.load') return s.context.query.pageNumber === 2;
        // A boost made in the dialog: once, on a shown row.
        if (e.type === 'job.boosted') return s.matches({ row: 'idle' }) && s.context.jobs.some((j) => j.id === nurse.id && !j.isBoosted);
        return true;
      }),
    );
  });

  it('reaches every state of the chart and tries every event it handles', () => {
    expect([...new Set(reached.flat())].sort()).toEqual(
      [
        'list.failed',
        'list.loading',
        'list.ready',
        'row.changingStatus',
        'row.cloning',
        'row.confirming',
        'row.deleting',
        'row.idle',
        'row.openingEdit',
        'typing.idle',
        'typing.waiting',
      ].sort(),
    );
    expect([...new Set(tried.flat())].sort()).toEqual(eventTypesOf(jobListMachine).sort());
  });
});

describe('job list rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('marks a job boosted when its boost is made (spec 2 §4), and no other', async () => {
    const { actor } = await replay([{ type: 'xstate.done.actor.load', output: firstPage } as unknown as EventObject]);
    actor.send({ type: 'job.boosted', id: nurse.id });
    expect(actor.getSnapshot().context.jobs.map((j) => [j.id, j.isBoosted])).toEqual(firstPage.items.map((j) => [j.id, j.id === nurse.id]));
    actor.stop();
  });

  const loaded = async (input?: JobListInput) => {
    const sut = await replay([{ type: 'xstate.done.actor.load', output: firstPage } as unknown as EventObject], input);
    return sut;
  };

  it('reads page 1 of all jobs, 10 a page, by default; the page opens on a given status filter', async () => {
    const sut = await replay([]);
    expect(sut.server.loads).toEqual([
      { pageNumber: 1, pageSize: 10, search: null, companySearch: null, activeFlag: 0, sortFlag: 0, ascending: false },
    ]);
    const closed = await replay([], { activeFlag: 2 });
    expect(closed.server.loads[0]!.activeFlag).toBe(2);
  });

  it('waits for a pause in typing before searching, and searches once from page 1', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'jobs.page', page: 3 });
    settle(sut.server.pending, { type: 'xstate.done.actor.load', output: page([nurse], 23, 3) } as unknown as EventObject);
    await flush();
    for (const text of ['n', 'nu', 'nurse']) {
      sut.actor.send({ type: 'jobs.search', text });
      await vi.advanceTimersByTimeAsync(JOB_SEARCH_DEBOUNCE_MS - 1);
    }
    expect(sut.server.loads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sut.server.loads).toHaveLength(3);
    expect(sut.server.loads.at(-1)).toMatchObject({ search: 'nurse', pageNumber: 1 });
    // The same text again (or only spaces added) asks for nothing.
    sut.actor.send({ type: 'jobs.search', text: ' nurse ' });
    await vi.advanceTimersByTimeAsync(JOB_SEARCH_DEBOUNCE_MS);
    expect(sut.server.loads).toHaveLength(3);
  });

  it('takes what is typed along with a filter or sort change at once', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'jobs.companySearch', text: 'North' });
    sut.actor.send({ type: 'jobs.sort', sortFlag: 2, ascending: true });
    await flush();
    expect(sut.server.loads.at(-1)).toMatchObject({ companySearch: 'North', sortFlag: 2, ascending: true, pageNumber: 1 });
    await vi.advanceTimersByTimeAsync(JOB_SEARCH_DEBOUNCE_MS * 2);
    expect(sut.server.loads).toHaveLength(2);
  });

  it('sends ascending only with the clicks and applicants sorts', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'jobs.sort', sortFlag: 3, ascending: true });
    await flush();
    expect(sut.server.loads.at(-1)).toMatchObject({ sortFlag: 3, ascending: false });
  });

  it('ignores a page outside 1 to the last, and the page it is on', async () => {
    const sut = await loaded();
    for (const p of [0, 1, 4, 2.5]) sut.actor.send({ type: 'jobs.page', page: p });
    await flush();
    expect(sut.server.loads).toHaveLength(1);
  });

  it('closes a job: the row follows and the server’s message is announced', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'job.close', id: nurse.id });
    await flush();
    expect(sut.server.statuses).toEqual([{ id: nurse.id, status: 'Closed' }]);
    settle(sut.server.pending, { type: 'xstate.done.actor.setStatus', output: closedNurse } as unknown as EventObject);
    await flush();
    expect(sut.actor.getSnapshot().context.jobs[0]!.status).toBe('Closed');
    expect(sut.emitted).toEqual([{ type: 'notify', message: PostingMessages.closed }]);
  });

  it('reopens a closed or expired job, never an active one; a refusal is said and the rows stay', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'job.reopen', id: nurse.id });
    sut.actor.send({ type: 'job.close', id: scheduler.id });
    await flush();
    expect(sut.server.statuses).toEqual([]);
    sut.actor.send({ type: 'job.reopen', id: scheduler.id });
    await flush();
    expect(sut.server.statuses).toEqual([{ id: scheduler.id, status: 'Active' }]);
    settle(sut.server.pending, { type: 'xstate.error.actor.setStatus', error: refused } as unknown as EventObject);
    await flush();
    expect(sut.actor.getSnapshot().context.actionError).toBe(PostingMessages.statusUnchanged);
    expect(sut.actor.getSnapshot().context.jobs).toEqual(firstPage.items);
    expect(sut.emitted).toEqual([]);
  });

  it('asks before deleting; after it the page is read again', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'job.delete', id: nurse.id });
    sut.actor.send({ type: 'dialog.close' });
    await flush();
    expect(sut.server.removes).toEqual([]);
    sut.actor.send({ type: 'job.delete', id: nurse.id });
    expect(selectConfirming(sut.actor.getSnapshot())?.id).toBe(nurse.id);
    sut.actor.send({ type: 'confirm.accept' });
    await flush();
    expect(sut.server.removes).toEqual([nurse.id]);
    settle(sut.server.pending, {
      type: 'xstate.done.actor.remove',
      output: { message: PostingMessages.deleted },
    } as unknown as EventObject);
    await flush();
    const s = sut.actor.getSnapshot();
    expect(s.context.jobs.map((j) => j.id)).toEqual([analyst.id, scheduler.id]);
    expect(s.context.total).toBe(22);
    expect(sut.emitted).toEqual([{ type: 'notify', message: PostingMessages.deleted }]);
    expect(sut.server.loads).toHaveLength(2);
    expect(sut.server.loads.at(-1)!.pageNumber).toBe(1);
  });

  it('goes back a page when a delete empties the last one', async () => {
    const sut = await replay([{ type: 'xstate.done.actor.load', output: page([nurse], 11) } as unknown as EventObject]);
    sut.actor.send({ type: 'jobs.page', page: 2 });
    settle(sut.server.pending, { type: 'xstate.done.actor.load', output: page([scheduler], 11, 2) } as unknown as EventObject);
    await flush();
    sut.actor.send({ type: 'job.delete', id: scheduler.id });
    sut.actor.send({ type: 'confirm.accept' });
    await flush();
    settle(sut.server.pending, {
      type: 'xstate.done.actor.remove',
      output: { message: PostingMessages.deleted },
    } as unknown as EventObject);
    await flush();
    expect(sut.server.loads.at(-1)!.pageNumber).toBe(1);
  });

  it('keeps a row action running while another page is read', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'job.close', id: nurse.id });
    sut.actor.send({ type: 'jobs.page', page: 2 });
    await flush();
    expect(sut.actor.getSnapshot().matches({ list: 'loading', row: 'changingStatus' })).toBe(true);
    settle(sut.server.pending, { type: 'xstate.done.actor.setStatus', output: closedNurse } as unknown as EventObject);
    await flush();
    expect(sut.emitted).toEqual([{ type: 'notify', message: PostingMessages.closed }]);
    expect(sut.actor.getSnapshot().matches({ list: 'loading', row: 'idle' })).toBe(true);
  });

  it('clones a job and opens the copy in the wizard', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'job.clone', id: nurse.id });
    await flush();
    settle(sut.server.pending, { type: 'xstate.done.actor.clone', output: clonedDraft } as unknown as EventObject);
    await flush();
    expect(sut.server.clones).toEqual([nurse.id]);
    expect(sut.emitted).toEqual([
      { type: 'notify', message: PostingMessages.cloned },
      { type: 'navigate', to: `/user/jobs/post-job?draft=${clonedDraft.draftId}` },
    ]);
  });

  it('edits a job through a draft, opening the draft it already has without a call', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'job.edit', id: analyst.id });
    await flush();
    expect(sut.server.edits).toEqual([]);
    expect(sut.emitted).toEqual([{ type: 'navigate', to: wizardFor(analyst.editDraftId!) }]);
    sut.actor.send({ type: 'job.edit', id: nurse.id });
    await flush();
    expect(sut.server.edits).toEqual([nurse.id]);
    settle(sut.server.pending, { type: 'xstate.done.actor.editAsDraft', output: editDraft } as unknown as EventObject);
    await flush();
    expect(sut.emitted.at(-1)).toEqual({ type: 'navigate', to: `/user/jobs/post-job?draft=${editDraft.draftId}` });
  });

  it('says a failure in the server’s words, or a generic one, and keeps the list', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'job.clone', id: nurse.id });
    await flush();
    settle(sut.server.pending, { type: 'xstate.error.actor.clone', error: new TypeError('Failed to fetch') } as unknown as EventObject);
    await flush();
    expect(sut.actor.getSnapshot().context.actionError).toBe(AccountMessages.generic);
    expect(sut.actor.getSnapshot().context.jobs).toHaveLength(3);
    expect(sut.actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
  });

  it('offers in each row’s menu the actions that apply to its status', () => {
    expect(actionsFor(nurse)).toEqual(['edit', 'close', 'clone', 'delete']);
    expect(actionsFor(analyst)).toEqual(['edit', 'reopen', 'clone', 'delete']);
    expect(actionsFor(scheduler)).toEqual(['edit', 'reopen', 'clone', 'delete']);
  });
});
