import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AdminMessages, type AdminRecruiterList, type RecruitersByCompanyQuery } from '../../src/contract/admin.ts';
import {
  RECRUITER_SEARCH_DEBOUNCE_MS,
  recruitersMachine,
  requestOf,
  selectError,
  selectNameError,
  selectPageCount,
  type RecruitersEvent,
} from '../../src/machines/admin/recruiters.machine.ts';
import { ApiError, HttpMessages } from '../../src/services/http.ts';
import { demoRecruiters } from '../../src/views/admin/admin-stories-support.ts';
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

type Snap = SnapshotFrom<typeof recruitersMachine>;

const waited = { type: 'xstate.after.searchDelay.recruiters.typing.waiting' };
const offline = new ApiError('network', 0, HttpMessages.network);
const page = (totalCount: number, pageNumber = 1): AdminRecruiterList => ({
  recruiters: demoRecruiters,
  totalCount,
  pageNumber,
  pageSize: 10,
});

function stubbed() {
  const server = {
    loads: [] as Array<{ query: RecruitersByCompanyQuery; signal: AbortSignal }>,
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const logic = recruitersMachine.provide({
    actors: {
      load: fromPromise<AdminRecruiterList, RecruitersByCompanyQuery>(({ input, signal }) => {
        server.loads.push({ query: input, signal });
        const d = deferred<never>();
        server.pending.load = d;
        return d.promise;
      }),
    },
  });
  return { server, logic };
}

async function replay(path: EventObject[], input?: { companyName?: string }) {
  const { server, logic } = stubbed();
  const actor = createActor(logic, { input }).start();
  for (const event of path) {
    if (event.type.startsWith('xstate.after.')) await vi.advanceTimersByTimeAsync(RECRUITER_SEARCH_DEBOUNCE_MS);
    else if (!settle(server.pending, event)) actor.send(event as RecruitersEvent);
    await flush();
  }
  return { actor, server };
}

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    query: s.context.query,
    typed: s.context.typed,
    rows: s.context.recruiters.length,
    total: s.context.totalCount,
    pages: selectPageCount(s),
    error: selectError(s),
    nameError: selectNameError(s) ?? null,
  });

const events = [
  { type: 'xstate.done.actor.load', output: page(23) },
  { type: 'xstate.error.actor.load', error: offline },
  { type: 'recruiters.retry' },
  { type: 'recruiters.search', text: 'north' },
  { type: 'recruiters.search', text: '' },
  { type: 'recruiters.search', text: 'x'.repeat(121) },
  waited,
  { type: 'recruiters.apply' },
  { type: 'recruiters.page', page: 2 },
] as unknown as EventObject[];

describe('the recruiter search machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(recruitersMachine, {
    events,
    serializeState: observable as never,
    filterEvents: (snap, e) => {
      if (!whileActorRuns(snap, e)) return false;
      const s = snap as Snap;
      if (e.type === 'recruiters.page') return s.context.query.pageNumber === 1;
      if (e.type === 'xstate.error.actor.load') return s.context.query.pageNumber === 1;
      return true;
    },
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const { actor, server } = await replay(path);
      const now = actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // A read asks for exactly the query, and never without a name the contract takes.
      if (now.matches({ list: 'loading' })) expect(server.loads.at(-1)!.query).toEqual(requestOf(now.context.query));
      expect(server.loads.every((l) => l.query.companyName.length >= 1 && l.query.companyName.length <= 120)).toBe(true);
      actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });

  it('reaches every state of the chart and tries every event it handles', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(
      ['list.failed', 'list.idle', 'list.loading', 'list.ready', 'typing.idle', 'typing.waiting'].sort(),
    );
    expect([...new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))].sort()).toEqual(
      [...new Set([...eventTypesOf(recruitersMachine), ...events.map((e) => e.type)])].sort(),
    );
  });
});

describe('the recruiter search rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks nothing until a name is typed, then asks after a pause, 10 a page from page 1', async () => {
    const sut = await replay([]);
    expect(sut.server.loads).toEqual([]);
    sut.actor.send({ type: 'recruiters.search', text: ' North' });
    await vi.advanceTimersByTimeAsync(RECRUITER_SEARCH_DEBOUNCE_MS);
    expect(sut.server.loads.map((l) => l.query)).toEqual([{ companyName: 'North', pageNumber: 1, pageSize: 10 }]);
  });

  it('opens on the name its address holds', async () => {
    const sut = await replay([], { companyName: 'Northwind' });
    expect(sut.server.loads.map((l) => l.query)).toEqual([{ companyName: 'Northwind', pageNumber: 1, pageSize: 10 }]);
  });

  it('pages, and a new name goes back to page 1; an emptied box clears the list', async () => {
    const sut = await replay([], { companyName: 'Northwind' });
    await replayInto(sut, [
      { type: 'xstate.done.actor.load', output: page(23) },
      { type: 'recruiters.page', page: 3 },
    ]);
    expect(sut.server.loads.at(-1)!.query.pageNumber).toBe(3);
    await replayInto(sut, [
      { type: 'xstate.done.actor.load', output: page(23, 3) },
      { type: 'recruiters.search', text: 'Cascade' },
      { type: 'recruiters.apply' },
    ]);
    expect(sut.server.loads.at(-1)!.query).toEqual({ companyName: 'Cascade', pageNumber: 1, pageSize: 10 });
    await replayInto(sut, [{ type: 'recruiters.search', text: '' }, { type: 'recruiters.apply' }]);
    const s = sut.actor.getSnapshot();
    expect(s.matches({ list: 'idle' })).toBe(true);
    expect(s.context.recruiters).toEqual([]);
    expect(sut.server.loads.at(-1)!.signal.aborted).toBe(true);
  });

  it('refuses a name over 120 characters at the field, and asks nothing', async () => {
    const sut = await replay([]);
    sut.actor.send({ type: 'recruiters.search', text: 'x'.repeat(121) });
    await vi.advanceTimersByTimeAsync(RECRUITER_SEARCH_DEBOUNCE_MS);
    expect(selectNameError(sut.actor.getSnapshot())).toBe(AdminMessages.companyName);
    expect(sut.server.loads).toEqual([]);
  });
});

async function replayInto(sut: Awaited<ReturnType<typeof replay>>, path: Array<{ type: string; [k: string]: unknown }>) {
  for (const event of path) {
    if (!settle(sut.server.pending, event as EventObject)) sut.actor.send(event as RecruitersEvent);
    await flush();
  }
}
