import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { PostingMessages } from '../../src/contract/posting.ts';
import {
  DRAFT_SEARCH_DELAY_MS,
  draftsMachine,
  selectLoading,
  selectPageCount,
  type DraftPage,
  type DraftsEmitted,
  type DraftsEvent,
} from '../../src/machines/posting/drafts.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { sampleSummaries } from '../../src/views/posting/stories-support.tsx';
import { atomicStates, deferred, flush, modelOf, modelStates, settle, whileActorRuns } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof draftsMachine>;

const AFTER_SEARCH = 'xstate.after.searchDelay.drafts.list.waiting';
const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const gone = new ApiError('client', 404, PostingMessages.draftNotFound, [PostingMessages.draftNotFound]);

const firstPage: DraftPage = { items: sampleSummaries(10), total: 23 };
const secondPage: DraftPage = { items: sampleSummaries(10, 10), total: 23 };
const emptyPage: DraftPage = { items: [], total: 20 };
const NEW_ID = 'a7d1e2f3-0000-4000-8000-000000000099';

function startSut() {
  const server = {
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
    lists: [] as Array<{ page: number; search: string }>,
    removed: [] as string[],
    created: [] as string[],
  };
  const stub = <T, I>(id: string, record: (input: I) => void) =>
    fromPromise<T, I>(({ input }) => {
      record(input);
      const d = deferred<T>();
      server.pending[id] = d as never;
      return d.promise;
    });
  const machine = draftsMachine.provide({
    actors: {
      list: stub('list', (i: { page: number; search: string }) => server.lists.push(i)),
      remove: stub('remove', (i: { id: string }) => server.removed.push(i.id)),
      create: stub('create', (i: { title: string }) => server.created.push(i.title)),
    },
  });
  const emitted: DraftsEmitted[] = [];
  const actor = createActor(machine);
  actor.on('draft.created', (e) => emitted.push(e));
  actor.start();
  return { actor, server, emitted };
}

async function play(sut: ReturnType<typeof startSut>, event: EventObject) {
  if (event.type.startsWith('xstate.after.')) await vi.advanceTimersByTimeAsync(DRAFT_SEARCH_DELAY_MS);
  else if (!settle(sut.server.pending, event)) sut.actor.send(event as DraftsEvent);
  await flush();
}

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    page: s.context.page,
    pages: selectPageCount(s),
    search: s.context.search,
    rows: s.context.items.map((d) => d.jobPostDraftId.slice(-2)),
    loading: selectLoading(s),
    loadError: s.context.loadError,
    target: s.context.target?.jobPostDraftId ?? null,
    notice: s.context.notice,
    actionError: s.context.actionError,
    title: s.context.title,
    titleError: s.context.titleError,
    createError: s.context.createError,
  });

describe('job post drafts machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const events = [
    { type: 'xstate.done.actor.list', output: firstPage },
    { type: 'xstate.done.actor.list', output: secondPage },
    { type: 'xstate.done.actor.list', output: emptyPage },
    { type: 'xstate.error.actor.list', error: serverDown },
    { type: 'drafts.retry' },
    { type: 'search.change', text: 'fork' },
    { type: 'search.change', text: '' },
    { type: AFTER_SEARCH },
    { type: 'page.go', page: 2 },
    { type: 'page.go', page: 1 },
    { type: 'page.go', page: 4 },
    { type: 'draft.delete', id: firstPage.items[0]!.jobPostDraftId },
    { type: 'confirm.accept' },
    { type: 'confirm.cancel' },
    { type: 'xstate.done.actor.remove', output: PostingMessages.draftDeleted },
    { type: 'xstate.error.actor.remove', error: gone },
    { type: 'create.open' },
    { type: 'title.change', title: 'Dock' },
    { type: 'title.change', title: 'Dock Worker' },
    { type: 'title.submit' },
    { type: 'create.cancel' },
    { type: 'xstate.done.actor.create', output: NEW_ID },
    { type: 'xstate.error.actor.create', error: serverDown },
  ] as unknown as EventObject[];

  const model = modelOf(draftsMachine, {
    events,
    serializeState: observable,
    filterEvents: (s, e) => {
      if (e.type.startsWith('xstate.after.')) return s.matches({ list: 'waiting' });
      if (!whileActorRuns(s, e)) return false;
      const list = (e as { output?: DraftPage }).output;
      // The server answers the page asked for: page 1 is the first ten, page 2 the rest or, once a delete emptied it, nothing.
      if (e.type === 'xstate.done.actor.list')
        return list === (s.context.page === 1 ? firstPage : s.context.notice ? emptyPage : secondPage);
      // Searching and paging are walked with no dialog open; the dialogs from page 1 of the whole list.
      const quiet = s.matches({ dialog: 'closed' }) && !s.context.notice && !s.context.actionError;
      if (e.type === 'search.change') return quiet && s.context.search !== (e as unknown as { text: string }).text;
      if (e.type === 'page.go') return quiet;
      if (e.type === 'draft.delete' || e.type === 'create.open')
        return s.matches({ list: 'ready' }) && s.context.page === 1 && s.context.search === '';
      if (e.type === 'title.change') return s.context.title !== (e as unknown as { title: string }).title;
      return true;
    },
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    const leaves = [...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort();
    expect(leaves).toEqual(
      [
        'list.loading',
        'list.ready',
        'list.failed',
        'list.waiting',
        'dialog.closed',
        'dialog.confirming',
        'dialog.deleting',
        'dialog.naming',
        'dialog.creating',
        'dialog.created',
      ].sort(),
    );
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(events.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path) await play(sut, event);
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // A search always shows its first page.
      if (now.context.search !== '' && now.matches({ list: 'waiting' })) expect(now.context.page).toBe(1);
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('job post drafts rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function listed(page: DraftPage = firstPage) {
    const sut = startSut();
    sut.server.pending.list!.resolve(page as never);
    await flush();
    return sut;
  }
  const send = async (sut: ReturnType<typeof startSut>, event: DraftsEvent) => {
    sut.actor.send(event);
    await flush();
  };

  it('asks for page 1 of 10 drafts first', async () => {
    const sut = await listed();
    expect(sut.server.lists).toEqual([{ page: 1, search: '' }]);
    expect(selectPageCount(sut.actor.getSnapshot())).toBe(3);
  });

  it('searches once typing pauses, from page 1', async () => {
    const sut = await listed();
    await send(sut, { type: 'page.go', page: 3 });
    sut.server.pending.list!.resolve({ items: sampleSummaries(3, 20), total: 23 } as never);
    await flush();
    await send(sut, { type: 'search.change', text: 'f' });
    expect(sut.actor.getSnapshot().context.page).toBe(1);
    await vi.advanceTimersByTimeAsync(DRAFT_SEARCH_DELAY_MS - 1);
    await send(sut, { type: 'search.change', text: 'fork' });
    await vi.advanceTimersByTimeAsync(DRAFT_SEARCH_DELAY_MS - 1);
    expect(sut.server.lists).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sut.server.lists.at(-1)).toEqual({ page: 1, search: 'fork' });
  });

  it('pages within the drafts there are', async () => {
    const sut = await listed();
    await send(sut, { type: 'page.go', page: 4 });
    await send(sut, { type: 'page.go', page: 0 });
    expect(sut.server.lists).toHaveLength(1);
    await send(sut, { type: 'page.go', page: 2 });
    expect(sut.server.lists.at(-1)).toEqual({ page: 2, search: '' });
  });

  it('deletes a draft only once confirmed, then reads the list again', async () => {
    const sut = await listed();
    const id = firstPage.items[3]!.jobPostDraftId;
    await send(sut, { type: 'draft.delete', id });
    await send(sut, { type: 'confirm.cancel' });
    expect(sut.server.removed).toEqual([]);
    await send(sut, { type: 'draft.delete', id });
    await send(sut, { type: 'confirm.accept' });
    expect(sut.server.removed).toEqual([id]);
    sut.server.pending.remove!.resolve(PostingMessages.draftDeleted as never);
    await flush();
    expect(sut.actor.getSnapshot().context.notice).toBe(PostingMessages.draftDeleted);
    expect(sut.server.lists).toHaveLength(2);
  });

  it('shows the page before when a delete empties the last one', async () => {
    const sut = await listed();
    await send(sut, { type: 'page.go', page: 3 });
    sut.server.pending.list!.resolve({ items: sampleSummaries(1, 20), total: 21 } as never);
    await flush();
    await send(sut, { type: 'draft.delete', id: sampleSummaries(1, 20)[0]!.jobPostDraftId });
    await send(sut, { type: 'confirm.accept' });
    sut.server.pending.remove!.resolve(PostingMessages.draftDeleted as never);
    await flush();
    sut.server.pending.list!.resolve({ items: [], total: 20 } as never);
    await flush();
    expect(sut.server.lists.at(-1)).toEqual({ page: 2, search: '' });
  });

  it('makes a new draft from a title of 5 to 120 characters and opens it', async () => {
    const sut = await listed();
    await send(sut, { type: 'create.open' });
    await send(sut, { type: 'title.change', title: 'Dock' });
    await send(sut, { type: 'title.submit' });
    expect(sut.actor.getSnapshot().context.titleError).toBe(PostingMessages.title);
    await send(sut, { type: 'title.change', title: 'Dock Worker' });
    await send(sut, { type: 'title.submit' });
    expect(sut.server.created).toEqual(['Dock Worker']);
    sut.server.pending.create!.resolve(NEW_ID as never);
    await flush();
    expect(sut.emitted).toEqual([{ type: 'draft.created', draftId: NEW_ID }]);
  });
});
