import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AdminMessages, type AdminCompanyList, type CompanyListQuery } from '../../src/contract/admin.ts';
import {
  COMPANY_SEARCH_DEBOUNCE_MS,
  companiesMachine,
  companyQueryOf,
  DEFAULT_COMPANY_QUERY,
  requestOf,
  searchOfCompanyQuery,
  selectEmpty,
  selectError,
  selectPageCount,
  selectTinError,
  type CompaniesEvent,
  type CompanyQuery,
} from '../../src/machines/admin/companies.machine.ts';
import { ApiError, HttpMessages } from '../../src/services/http.ts';
import { companyPage, demoCompanies } from '../../src/views/admin/admin-stories-support.ts';
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

type Snap = SnapshotFrom<typeof companiesMachine>;

const waited = { type: 'xstate.after.searchDelay.companies.typing.waiting' };
const offline = new ApiError('network', 0, HttpMessages.network);
const firstPage = companyPage(demoCompanies, 23);
const blacklistedOnly: CompanyQuery = { ...DEFAULT_COMPANY_QUERY, status: 'blacklisted' };

function stubbed() {
  const server = {
    loads: [] as Array<{ query: CompanyListQuery; signal: AbortSignal }>,
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const logic = companiesMachine.provide({
    actors: {
      load: fromPromise<AdminCompanyList, CompanyListQuery>(({ input, signal }) => {
        server.loads.push({ query: input, signal });
        const d = deferred<never>();
        server.pending.load = d;
        return d.promise;
      }),
    },
  });
  return { server, logic };
}

async function replay(path: EventObject[], input?: Partial<CompanyQuery>) {
  const { server, logic } = stubbed();
  const actor = createActor(logic, { input }).start();
  for (const event of path) {
    if (event.type.startsWith('xstate.after.')) await vi.advanceTimersByTimeAsync(COMPANY_SEARCH_DEBOUNCE_MS);
    else if (!settle(server.pending, event)) actor.send(event as CompaniesEvent);
    await flush();
  }
  return { actor, server };
}

/** What the administrator sees: the state, the query, what is typed, the rows, the pages and the messages. */
const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    query: s.context.query,
    typed: [s.context.typedSearch, s.context.typedTin],
    rows: s.context.companies.map((c) => c.id),
    total: s.context.totalCount,
    pages: selectPageCount(s),
    error: selectError(s),
    tinError: selectTinError(s) ?? null,
    empty: selectEmpty(s),
  });

/** States told apart by what changes the chart's behaviour. */
const modelKey = (s: Snap) => {
  const q = s.context.query;
  return JSON.stringify({
    value: s.value,
    query: [q.pageNumber, q.status, q.sort, !!q.search, q.tinLastFour],
    typed: [s.context.typedSearch.trim() !== q.search, s.context.typedTin],
    rows: s.context.companies.length,
    total: s.context.totalCount,
    said: !!s.context.error,
  });
};

const events = [
  { type: 'xstate.done.actor.load', output: firstPage },
  { type: 'xstate.done.actor.load', output: companyPage([], 0) },
  // Companies went away meanwhile: the page asked for is past the last one.
  { type: 'xstate.done.actor.load', output: companyPage([], 12, 3) },
  { type: 'xstate.error.actor.load', error: offline },
  { type: 'companies.retry' },
  { type: 'companies.search', text: 'northwind' },
  { type: 'companies.tin', text: '12' },
  { type: 'companies.tin', text: '1137' },
  waited,
  { type: 'companies.apply' },
  { type: 'companies.status', status: 'blacklisted' },
  { type: 'companies.status', status: 'all' },
  { type: 'companies.sort', sort: 'name' },
  { type: 'companies.page', page: 2 },
  { type: 'companies.page', page: 3 },
  { type: 'companies.address', query: blacklistedOnly },
  { type: 'companies.address', query: DEFAULT_COMPANY_QUERY },
] as unknown as EventObject[];

describe('the company list machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(companiesMachine, {
    events,
    serializeState: modelKey as never,
    filterEvents: (snap, e) => {
      if (!whileActorRuns(snap, e)) return false;
      const s = snap as Snap;
      const q = s.context.query;
      const plain = q.status === 'all' && q.sort === 'newest' && !q.search && !q.tinLastFour;
      const output = (e as { output?: { totalCount?: number } }).output;
      // Past the last page only for page 3; nothing at all only for the blacklisted filter, page 1.
      if (e.type === 'xstate.done.actor.load' && output!.totalCount === 12) return q.pageNumber === 3;
      if (e.type === 'xstate.done.actor.load' && output!.totalCount === 0) return q.status === 'blacklisted' && q.pageNumber === 1;
      if (e.type === 'xstate.error.actor.load') return q.pageNumber === 1 && q.status === 'all' && q.sort === 'newest';
      if (e.type === 'companies.page') return plain && s.context.totalCount === 23;
      if (e.type === 'companies.search') return plain && q.pageNumber === 2 && !s.context.typedTin;
      if (e.type === 'companies.tin') return plain && q.pageNumber === 2 && !s.context.typedSearch;
      if (e.type === 'companies.sort') return q.status === 'all' && q.pageNumber === 2;
      if (e.type === 'companies.status') return q.sort === 'newest' && (q.pageNumber === 2 || q.status !== 'all');
      if (e.type === 'companies.address') return q.sort === 'newest' && !q.search && !q.tinLastFour && s.context.totalCount > 0;
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
      if (now.matches({ list: 'loading' })) expect(server.loads.at(-1)!.query).toEqual(requestOf(now.context.query));
      actor.stop();
      return server.loads.length;
    };
    const before = await check(s.path, s.state);
    for (const t of s.transitions) {
      const after = await check([...s.path, t.event], t.next);
      if (after === before) continue;
      // A search, TIN, state or sort change reads again from page 1; paging reads the page asked for.
      const asked = (t.next as Snap).context.query.pageNumber;
      if (t.event.type === 'companies.page') expect(asked).toBe((t.event as unknown as { page: number }).page);
      else if (['companies.status', 'companies.sort', 'companies.apply', waited.type].includes(t.event.type)) expect(asked).toBe(1);
    }
  });

  it('reaches every state of the chart and tries every event it handles', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(
      ['list.failed', 'list.loading', 'list.ready', 'typing.idle', 'typing.waiting'].sort(),
    );
    expect([...new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))].sort()).toEqual(
      [...new Set([...eventTypesOf(companiesMachine), ...events.map((e) => e.type)])].sort(),
    );
  });
});

describe('the company list rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads page 1 of every company, newest first, 10 a page; or the list its address holds', async () => {
    const sut = await replay([]);
    expect(sut.server.loads.map((l) => l.query)).toEqual([{ sort: 'newest', pageNumber: 1, pageSize: 10 }]);
    const linked = await replay([], companyQueryOf('q=north&tin=1137&status=blacklisted&sort=name&page=2'));
    expect(linked.server.loads.map((l) => l.query)).toEqual([
      { search: 'north', tinLastFour: '1137', status: 'blacklisted', sort: 'name', pageNumber: 2, pageSize: 10 },
    ]);
  });

  it('waits for a pause in typing before searching, and searches once from page 1', async () => {
    const sut = await replay([
      { type: 'xstate.done.actor.load', output: firstPage },
      { type: 'companies.page', page: 2 },
      { type: 'xstate.done.actor.load', output: companyPage(demoCompanies, 23, 2) },
      { type: 'companies.search', text: 'n' },
      { type: 'companies.search', text: 'nor' },
      { type: 'companies.search', text: 'north ' },
    ] as unknown as EventObject[]);
    expect(sut.server.loads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(COMPANY_SEARCH_DEBOUNCE_MS - 1);
    expect(sut.server.loads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sut.server.loads.map((l) => l.query).at(-1)).toEqual({ search: 'north', sort: 'newest', pageNumber: 1, pageSize: 10 });
    // Enter searches at once; the same search again asks nothing.
    sut.actor.send({ type: 'companies.apply' });
    await flush();
    expect(sut.server.loads).toHaveLength(3);
  });

  it('takes the TIN only as four digits, and says so once typing pauses', async () => {
    const sut = await replay([{ type: 'xstate.done.actor.load', output: firstPage } as unknown as EventObject]);
    sut.actor.send({ type: 'companies.tin', text: '12a' });
    expect(selectTinError(sut.actor.getSnapshot())).toBeUndefined();
    await vi.advanceTimersByTimeAsync(COMPANY_SEARCH_DEBOUNCE_MS);
    expect(selectTinError(sut.actor.getSnapshot())).toBe(AdminMessages.tinLastFour);
    expect(sut.server.loads).toHaveLength(1);
    sut.actor.send({ type: 'companies.tin', text: '1137' });
    await vi.advanceTimersByTimeAsync(COMPANY_SEARCH_DEBOUNCE_MS);
    expect(selectTinError(sut.actor.getSnapshot())).toBeUndefined();
    expect(sut.server.loads.at(-1)!.query).toEqual({ tinLastFour: '1137', sort: 'newest', pageNumber: 1, pageSize: 10 });
  });

  it('a state or sort change goes back to page 1 and takes what is typed with it', async () => {
    const sut = await replay([
      { type: 'xstate.done.actor.load', output: firstPage },
      { type: 'companies.page', page: 3 },
      { type: 'xstate.done.actor.load', output: companyPage(demoCompanies, 23, 3) },
      { type: 'companies.search', text: 'cafe' },
      { type: 'companies.status', status: 'inactive' },
    ] as unknown as EventObject[]);
    expect(sut.server.loads.at(-1)!.query).toEqual({ search: 'cafe', status: 'inactive', sort: 'newest', pageNumber: 1, pageSize: 10 });
    // The pause that follows asks nothing more: the search went with the filter.
    await vi.advanceTimersByTimeAsync(COMPANY_SEARCH_DEBOUNCE_MS);
    expect(sut.server.loads).toHaveLength(3);
    sut.actor.send({ type: 'companies.sort', sort: 'openReports' });
    await flush();
    expect(sut.server.loads.at(-1)!.query).toMatchObject({ sort: 'openReports', pageNumber: 1 });
    expect(sut.server.loads.at(-2)!.signal.aborted).toBe(true);
  });

  it('follows the address: Back to another list reads it; the same list reads nothing', async () => {
    const sut = await replay([{ type: 'xstate.done.actor.load', output: firstPage } as unknown as EventObject]);
    sut.actor.send({ type: 'companies.address', query: DEFAULT_COMPANY_QUERY });
    await flush();
    expect(sut.server.loads).toHaveLength(1);
    sut.actor.send({ type: 'companies.address', query: { ...blacklistedOnly, search: 'quick' } });
    await flush();
    expect(sut.server.loads.at(-1)!.query).toEqual({ search: 'quick', status: 'blacklisted', sort: 'newest', pageNumber: 1, pageSize: 10 });
    expect(sut.actor.getSnapshot().context.typedSearch).toBe('quick');
  });

  it('keeps one address per list, and reads what a hand-made address cannot mean as the default', () => {
    const q: CompanyQuery = { search: 'north wind', tinLastFour: '0042', status: 'awaitingVerification', sort: 'openJobs', pageNumber: 4 };
    expect(searchOfCompanyQuery(q)).toBe('q=north+wind&tin=0042&status=awaitingVerification&sort=openJobs&page=4');
    expect(companyQueryOf(searchOfCompanyQuery(q))).toEqual(q);
    expect(searchOfCompanyQuery(DEFAULT_COMPANY_QUERY)).toBe('');
    expect(companyQueryOf('tin=12ab&status=gone&sort=best&page=-3')).toEqual(DEFAULT_COMPANY_QUERY);
    expect(companyQueryOf('page=1000000000')).toEqual(DEFAULT_COMPANY_QUERY);
  });
});
