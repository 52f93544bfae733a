import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { AdminMessages, NOTE_MAX, type ReportAction, type ReportQueue } from '../../src/contract/admin.ts';
import {
  DEFAULT_REPORTS_QUERY,
  reportsMachine,
  reportsQueryOf,
  reportsSearchOf,
  selectCompany,
  selectErrors,
  selectPageCount,
  type ReportsEmitted,
  type ReportsQuery,
} from '../../src/machines/admin/reports.machine.ts';
import {
  CHOOSE_ACTION,
  resolveErrors,
  resolveReportMachine,
  selectResolveErrors,
  type ResolveReportEvent,
  type ResolvedReports,
} from '../../src/machines/admin/resolve-report.machine.ts';
import { ApiError, HttpMessages } from '../../src/services/http.ts';
import { demoReportQueue, demoResolved, northwind, nurseGroup, scamGroup } from '../../src/views/admin/office-stories-support.ts';
import { atomicStates, deferred, eventTypesOf, flush, modelOf, modelStates, settle, whileActorRuns } from '../support/client/model.ts';

const firstPage = demoReportQueue(DEFAULT_REPORTS_QUERY);
/** A page past the last: no groups, though there are some before it. */
const pastTheEnd: ReportQueue = { groups: [], totalCount: firstPage.totalCount, pageNumber: 3, pageSize: 10 };
const badCompany = new ApiError('client', 400, AdminMessages.companyNotFound, [AdminMessages.companyNotFound, AdminMessages.page]);
const resolved = demoResolved(scamGroup, 'closeJob', 'Scam.');

/** Runs the queue with its load and its resolve dialog answered when the test says, recording what each asked. */
function startQueue(input?: Partial<ReportsQuery>) {
  const server = {
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
    loads: [] as Array<{ input: ReportsQuery; signal: AbortSignal; settled: boolean }>,
    dialogs: [] as Array<{ jobPostId: string }>,
  };
  const logic = reportsMachine.provide({
    actors: {
      load: fromPromise<ReportQueue, ReportsQuery>(({ input, signal }) => {
        server.loads.push({ input, signal, settled: false });
        const d = deferred<never>();
        server.pending.load = d;
        return d.promise;
      }),
      // The dialog is its own machine (tested below); here it only answers when it closes.
      resolve: fromPromise(({ input }: { input: { group: { job: { id: string } } } }) => {
        server.dialogs.push({ jobPostId: input.group.job.id });
        const d = deferred<never>();
        server.pending.resolve = d;
        return d.promise;
      }) as never,
    },
  });
  const emitted: ReportsEmitted[] = [];
  const actor = createActor(logic, { input });
  actor.on('notify', (e) => emitted.push(e));
  actor.start();
  return { actor, server, emitted };
}
type Queue = ReturnType<typeof startQueue>;

async function play(sut: Queue, event: { type: string; [key: string]: unknown }) {
  if (settle(sut.server.pending, event)) {
    if (event.type.endsWith('actor.load')) sut.server.loads.at(-1)!.settled = true;
  } else sut.actor.send(event as never);
  await flush();
}

type QueueSnap = SnapshotFrom<typeof reportsMachine>;
/** What the admin sees: where the queue is, what it asks for, what it shows and says, and whether the dialog is open. */
const queueView = (s: QueueSnap) =>
  JSON.stringify({
    value: s.value,
    query: s.context.query,
    shown: s.context.queue ? `${s.context.queue.groups.length}/${s.context.queue.totalCount}` : null,
    pages: selectPageCount(s),
    errors: selectErrors(s),
    tags: [...s.tags].sort(),
    dialog: 'resolve' in s.children,
  });

const queueEvents = [
  { type: 'xstate.done.actor.load', output: firstPage },
  { type: 'xstate.done.actor.load', output: pastTheEnd },
  { type: 'xstate.error.actor.load', error: badCompany },
  { type: 'reports.status', status: 'resolved' },
  { type: 'reports.status', status: 'open' },
  { type: 'reports.sort', sort: 'newest' },
  { type: 'reports.company', companyId: northwind.id },
  { type: 'reports.company', companyId: null },
  { type: 'reports.page', page: 2 },
  { type: 'reports.query', query: { ...DEFAULT_REPORTS_QUERY, pageNumber: 3 } },
  { type: 'reports.retry' },
  { type: 'resolve.open', jobPostId: scamGroup.job.id },
  { type: 'xstate.done.actor.resolve', output: { resolved } },
  { type: 'xstate.done.actor.resolve', output: { resolved: null } },
] as unknown as EventObject[];

describe('the report queue machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(reportsMachine, {
    events: queueEvents,
    serializeState: queueView as never,
    filterEvents: (snap, e) => {
      const s = snap as unknown as QueueSnap;
      if (!whileActorRuns(snap, e)) return false;
      // One step away from the opening queue is enough to see each rule; the walk stays small.
      const q = s.context.query;
      const away = [q.status !== 'open', q.sort !== 'mostReported', q.companyId !== null, q.pageNumber !== 1].filter(Boolean).length;
      return away <= 1 || e.type.startsWith('xstate.') || e.type === 'reports.retry';
    },
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual([
      'failed',
      'loading',
      'ready.idle',
      'ready.resolving',
    ]);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(queueEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: QueueSnap) => {
      const sut = startQueue();
      for (const event of path) await play(sut, event);
      const now = sut.actor.getSnapshot();
      expect(queueView(now)).toBe(queueView(expected));
      // Only the latest load is ever running, and only while loading; it asks for the query shown.
      const running = sut.server.loads.filter((l) => !l.settled && !l.signal.aborted);
      expect(running).toEqual(now.hasTag('loading') ? [sut.server.loads.at(-1)] : []);
      if (now.hasTag('loading')) expect(sut.server.loads.at(-1)!.input).toEqual(now.context.query);
      sut.actor.stop();
    };
    await check(s.path, s.state as QueueSnap);
    for (const t of s.transitions) await check([...s.path, t.event], t.next as QueueSnap);
  });
});

describe('the report queue rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for the open queue, most reported first, page 1; a new tab, order or company goes back to page 1', async () => {
    const sut = startQueue();
    await play(sut, { type: 'xstate.done.actor.load', output: firstPage } as EventObject);
    await play(sut, { type: 'reports.page', page: 2 });
    await play(sut, { type: 'xstate.done.actor.load', output: { ...firstPage, pageNumber: 2 } } as EventObject);
    await play(sut, { type: 'reports.sort', sort: 'newest' } as EventObject);
    await play(sut, { type: 'xstate.done.actor.load', output: firstPage } as EventObject);
    await play(sut, { type: 'reports.page', page: 2 });
    await play(sut, { type: 'reports.status', status: 'resolved' } as EventObject);
    await play(sut, { type: 'reports.company', companyId: northwind.id } as EventObject);
    expect(sut.server.loads.map((l) => reportsSearchOf(l.input))).toEqual([
      '',
      'page=2',
      'sort=newest',
      'sort=newest&page=2',
      'status=resolved&sort=newest',
      `status=resolved&sort=newest&companyId=${northwind.id}`,
    ]);
    // Each change cancels the read before it.
    expect(sut.server.loads.slice(3, 5).map((l) => l.signal.aborted)).toEqual([true, true]);
  });

  it('goes to the last page when the one asked for is past it', async () => {
    const sut = startQueue({ pageNumber: 3 });
    await play(sut, { type: 'xstate.done.actor.load', output: pastTheEnd } as EventObject);
    expect(sut.server.loads.map((l) => l.input.pageNumber)).toEqual([3, 2]);
  });

  it('pages only within the pages there are', async () => {
    const sut = startQueue();
    await play(sut, { type: 'xstate.done.actor.load', output: firstPage } as EventObject);
    for (const page of [0, 1, 3, 1.5]) await play(sut, { type: 'reports.page', page } as EventObject);
    expect(sut.server.loads).toHaveLength(1);
  });

  it('shows every state error of a failed read and reads again on retry', async () => {
    const sut = startQueue({ companyId: 'not-a-company' });
    await play(sut, { type: 'xstate.error.actor.load', error: badCompany } as EventObject);
    expect(selectErrors(sut.actor.getSnapshot())).toEqual([AdminMessages.companyNotFound, AdminMessages.page]);
    await play(sut, { type: 'reports.retry' });
    await play(sut, { type: 'xstate.error.actor.load', error: new Error('boom') } as EventObject);
    expect(selectErrors(sut.actor.getSnapshot())).toEqual([HttpMessages.unexpected]);
  });

  it('opens the dialog for an open group only, and after a resolution announces it, drops the group and reads the page again', async () => {
    const sut = startQueue();
    await play(sut, { type: 'resolve.open', jobPostId: scamGroup.job.id } as EventObject);
    expect(sut.server.dialogs).toEqual([]);
    await play(sut, { type: 'xstate.done.actor.load', output: firstPage } as EventObject);
    await play(sut, { type: 'resolve.open', jobPostId: 'not-on-the-page' } as EventObject);
    expect(sut.server.dialogs).toEqual([]);
    await play(sut, { type: 'resolve.open', jobPostId: scamGroup.job.id } as EventObject);
    expect(sut.server.dialogs).toEqual([{ jobPostId: scamGroup.job.id }]);
    await play(sut, { type: 'xstate.done.actor.resolve', output: { resolved } } as EventObject);
    const s = sut.actor.getSnapshot();
    expect(sut.emitted).toEqual([{ type: 'notify', message: AdminMessages.reportsJobClosed(4) }]);
    expect(s.context.queue!.groups.map((g) => g.job.id)).not.toContain(scamGroup.job.id);
    expect(s.context.queue!.totalCount).toBe(firstPage.totalCount - 1);
    expect(s.hasTag('loading')).toBe(true);
    expect(sut.server.loads).toHaveLength(2);
  });

  it('leaves the queue as it was when the dialog is cancelled; the resolved tab has nothing to resolve', async () => {
    const sut = startQueue();
    await play(sut, { type: 'xstate.done.actor.load', output: firstPage } as EventObject);
    await play(sut, { type: 'resolve.open', jobPostId: nurseGroup.job.id } as EventObject);
    await play(sut, { type: 'xstate.done.actor.resolve', output: { resolved: null } } as EventObject);
    expect(sut.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(sut.emitted).toEqual([]);
    expect(sut.server.loads).toHaveLength(1);
    await play(sut, { type: 'reports.status', status: 'resolved' } as EventObject);
    await play(sut, {
      type: 'xstate.done.actor.load',
      output: demoReportQueue({ ...DEFAULT_REPORTS_QUERY, status: 'resolved' }),
    } as EventObject);
    const group = sut.actor.getSnapshot().context.queue!.groups[0]!;
    await play(sut, { type: 'resolve.open', jobPostId: group.job.id } as EventObject);
    expect(sut.server.dialogs).toHaveLength(1);
  });

  it('names the company the queue is narrowed to from its groups', async () => {
    const sut = startQueue({ companyId: northwind.id });
    expect(selectCompany(sut.actor.getSnapshot())).toEqual({ id: northwind.id, name: null });
    await play(sut, {
      type: 'xstate.done.actor.load',
      output: demoReportQueue({ ...DEFAULT_REPORTS_QUERY, companyId: northwind.id }),
    } as EventObject);
    expect(selectCompany(sut.actor.getSnapshot())).toEqual({ id: northwind.id, name: northwind.name });
  });

  it('reads its query from an address and writes only what differs from the defaults', () => {
    expect(reportsQueryOf('')).toEqual(DEFAULT_REPORTS_QUERY);
    expect(reportsQueryOf('status=resolved&sort=newest&companyId=c-1&page=4')).toEqual({
      status: 'resolved',
      sort: 'newest',
      companyId: 'c-1',
      pageNumber: 4,
    });
    expect(reportsQueryOf('status=gone&sort=x&page=0')).toEqual(DEFAULT_REPORTS_QUERY);
    expect(reportsQueryOf('page=10001').pageNumber).toBe(1);
    const q: ReportsQuery = { status: 'resolved', sort: 'newest', companyId: 'c 1', pageNumber: 2 };
    expect(reportsQueryOf(reportsSearchOf(q))).toEqual(q);
    expect(reportsSearchOf(DEFAULT_REPORTS_QUERY)).toBe('');
  });
});

// ---------- the resolve dialog ----------

type ResolveSnap = SnapshotFrom<typeof resolveReportMachine>;
const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const noOpen = new ApiError('client', 409, AdminMessages.noOpenReports);
const noteRefused = new ApiError('client', 400, AdminMessages.note, [AdminMessages.note], { note: AdminMessages.note });

const resolveEvents = [
  { type: 'action.change', action: 'dismiss' },
  { type: 'action.change', action: 'blacklistCompany' },
  { type: 'note.change', note: 'Fees charged to applicants.' },
  { type: 'note.change', note: '' },
  { type: 'resolve.submit' },
  { type: 'dialog.close' },
  { type: 'xstate.done.actor.resolve', output: resolved },
  { type: 'xstate.error.actor.resolve', error: serverDown },
  { type: 'xstate.error.actor.resolve', error: noteRefused },
] as unknown as EventObject[];

/** What the admin sees in the dialog: where it is, what is chosen and typed, every message, and what the queue gets. */
const dialogView = (s: ResolveSnap) =>
  JSON.stringify({
    value: s.value,
    action: s.context.action,
    note: s.context.note,
    errors: selectResolveErrors(s),
    error: s.context.error,
    busy: s.hasTag('busy'),
    output: s.status === 'done' ? s.output : null,
  });

function startDialog() {
  const server = {
    calls: [] as Array<{ jobPostId: string; action: ReportAction; note: string }>,
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const machine = resolveReportMachine.provide({
    actors: {
      resolve: fromPromise<ResolvedReports, { jobPostId: string; action: ReportAction; note: string }>(({ input }) => {
        server.calls.push(input);
        const d = deferred<never>();
        server.pending.resolve = d;
        return d.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { group: scamGroup } }).start();
  return { actor, server };
}
type Dialog = ReturnType<typeof startDialog>;

async function exec(sut: Dialog, event: EventObject) {
  if (!settle(sut.server.pending, event)) sut.actor.send(event as ResolveReportEvent);
  await flush();
}

describe('the resolve-reports dialog machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(resolveReportMachine, {
    events: resolveEvents,
    input: { group: scamGroup },
    serializeState: dialogView,
    // A closed dialog takes nothing more.
    filterEvents: (s, e) => s.status !== 'done' && whileActorRuns(s, e),
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event it handles', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(['closed', 'editing', 'submitting']);
    expect([...new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))].sort()).toEqual(
      [...new Set([...eventTypesOf(resolveReportMachine), ...resolveEvents.map((e) => e.type)])].sort(),
    );
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: ResolveSnap) => {
      const sut = startDialog();
      for (const event of path.slice(0, -1)) await exec(sut, event);
      const sent = sut.server.calls.length;
      const wasSending = sut.actor.getSnapshot().matches('submitting');
      const last = path.at(-1);
      if (last) await exec(sut, last);
      const now = sut.actor.getSnapshot();
      expect(dialogView(now)).toBe(dialogView(expected));
      // A call goes exactly when the dialog starts submitting, with the job, the action and the note.
      if (last) {
        const went = !wasSending && now.matches('submitting');
        expect(sut.server.calls.length - sent).toBe(went ? 1 : 0);
        if (went)
          expect(sut.server.calls.at(-1)).toEqual({ jobPostId: scamGroup.job.id, action: now.context.action, note: now.context.note });
      }
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('the resolve-reports dialog rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for an action and a note of up to 1,000 characters, with the contract’s words', () => {
    expect(resolveErrors({ group: scamGroup, action: null, note: '' })).toEqual({ action: CHOOSE_ACTION, note: AdminMessages.note });
    expect(resolveErrors({ group: scamGroup, action: 'dismiss', note: '   ' })).toEqual({ note: AdminMessages.note });
    expect(resolveErrors({ group: scamGroup, action: 'dismiss', note: 'x'.repeat(NOTE_MAX + 1) })).toEqual({ note: AdminMessages.note });
    expect(resolveErrors({ group: scamGroup, action: 'closeJob', note: 'x'.repeat(NOTE_MAX) })).toEqual({});
  });

  it('shows nothing before a submit; a submit with something missing sends nothing and says what', async () => {
    const sut = startDialog();
    expect(selectResolveErrors(sut.actor.getSnapshot())).toEqual({});
    await exec(sut, { type: 'resolve.submit' });
    expect(selectResolveErrors(sut.actor.getSnapshot())).toEqual({ action: CHOOSE_ACTION, note: AdminMessages.note });
    expect(sut.server.calls).toEqual([]);
  });

  it('sends the trimmed note, cannot be closed on the way, and hands the answer to the queue', async () => {
    const sut = startDialog();
    await exec(sut, { type: 'action.change', action: 'closeJob' } as EventObject);
    await exec(sut, { type: 'note.change', note: '  Scam.  ' } as EventObject);
    await exec(sut, { type: 'resolve.submit' });
    expect(sut.server.calls).toEqual([{ jobPostId: scamGroup.job.id, action: 'closeJob', note: 'Scam.' }]);
    await exec(sut, { type: 'dialog.close' });
    expect(sut.actor.getSnapshot().matches('submitting')).toBe(true);
    sut.server.pending.resolve!.resolve(resolved as never);
    await flush();
    expect(sut.actor.getSnapshot().output).toEqual({ resolved });
  });

  it('puts the server’s word on the note next to it; another refusal above the buttons; cancelling hands nothing', async () => {
    const sut = startDialog();
    await exec(sut, { type: 'action.change', action: 'dismiss' } as EventObject);
    await exec(sut, { type: 'note.change', note: 'Fine.' } as EventObject);
    await exec(sut, { type: 'resolve.submit' });
    sut.server.pending.resolve!.reject(noteRefused);
    await flush();
    expect(selectResolveErrors(sut.actor.getSnapshot())).toEqual({ note: AdminMessages.note });
    await exec(sut, { type: 'note.change', note: 'Fine, really.' } as EventObject);
    expect(selectResolveErrors(sut.actor.getSnapshot())).toEqual({});
    await exec(sut, { type: 'resolve.submit' });
    sut.server.pending.resolve!.reject(noOpen);
    await flush();
    expect(sut.actor.getSnapshot().context.error).toBe(AdminMessages.noOpenReports);
    await exec(sut, { type: 'resolve.submit' });
    sut.server.pending.resolve!.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(sut.actor.getSnapshot().context.error).toBe(AccountMessages.generic);
    await exec(sut, { type: 'dialog.close' });
    expect(sut.actor.getSnapshot().output).toEqual({ resolved: null });
  });
});
