import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { AdminMessages } from '../../src/contract/admin.ts';
import type { CompanyActionInput, CompanyActionOutput } from '../../src/machines/admin/company-action.machine.ts';
import {
  actionsFor,
  companyPageMachine,
  selectError as companyError,
  selectView as companyView,
  type CompanyPageEmitted,
} from '../../src/machines/admin/company.machine.ts';
import { adminDashboardMachine, selectError as dashboardError } from '../../src/machines/admin/dashboard.machine.ts';
import {
  recruiterPageMachine,
  selectError as recruiterError,
  selectView as recruiterView,
} from '../../src/machines/admin/recruiter.machine.ts';
import { ApiError, HttpMessages } from '../../src/services/http.ts';
import {
  actionAnswer,
  demoCompanyDetail,
  demoDashboard,
  demoRecruiterDetail,
  northwind,
  quickCash,
  riverBakery,
} from '../../src/views/admin/admin-stories-support.ts';
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

const offline = new ApiError('network', 0, HttpMessages.network);
const companyGone = ApiError.of('company.notFound', AdminMessages.companyNotFound);
const badId = ApiError.of('request.invalid', AdminMessages.recruiterNotFound, {
  fieldErrors: { recruiterId: AdminMessages.recruiterNotFound },
});
const REASON = 'Asked applicants for a fee to start.';
const blacklisted = actionAnswer({ companyId: northwind.id, action: 'blacklist', reason: REASON });

/** Runs a page machine with each call answered when the model says, recording what each asked for and whether it was cancelled. */
function startSut(machine: AnyStateMachine, input: unknown) {
  const server = {
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
    calls: [] as Array<{ id: string; input: unknown; signal: AbortSignal; settled: boolean }>,
    emitted: [] as CompanyPageEmitted[],
  };
  const stub = (id: string) =>
    fromPromise(({ input, signal }) => {
      server.calls.push({ id, input, signal, settled: false });
      const d = deferred<never>();
      server.pending[id] = d;
      return d.promise;
    });
  // The action dialog is its own machine (tested on its own); here it answers as the model says.
  const logic = machine.provide({
    actors: { load: stub('load'), ...('action' in machine.implementations.actors ? { action: stub('action') } : {}) },
  });
  const actor = createActor(logic, { input }).start();
  actor.on('*', (e) => server.emitted.push(e as CompanyPageEmitted));
  return { actor, server };
}
type Sut = ReturnType<typeof startSut>;

async function play(sut: Sut, event: EventObject) {
  if (settle(sut.server.pending, event)) {
    const id = /\.actor\.(.+)$/.exec(event.type)![1];
    sut.server.calls.filter((c) => c.id === id).at(-1)!.settled = true;
  } else sut.actor.send(event);
  await flush();
}

/** Walks every state of a page machine's model and every event from it on the real actor. */
function walk(
  machine: AnyStateMachine,
  options: {
    input?: unknown;
    events: EventObject[];
    observable(s: AnyMachineSnapshot): string;
    leaves: string[];
    filterEvents?(s: AnyMachineSnapshot, e: EventObject): boolean;
    /** What else must hold after each step. */
    also?(sut: Sut, before: { calls: number; emitted: number }, event: EventObject | undefined): void;
  },
) {
  const model = modelOf(machine, {
    events: options.events,
    input: options.input as never,
    serializeState: options.observable as never,
    filterEvents: (snap, e) => whileActorRuns(snap, e) && (options.filterEvents?.(snap, e) ?? true),
  });
  const states = modelStates(model) as unknown as Array<ModelState<AnyMachineSnapshot, EventObject>>;

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(options.leaves);
    expect([...new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))].sort()).toEqual(
      [...new Set([...eventTypesOf(machine), ...options.events.map((e) => e.type)])].sort(),
    );
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: AnyMachineSnapshot) => {
      const sut = startSut(machine, options.input);
      for (const event of path.slice(0, -1)) await play(sut, event);
      const before = { calls: sut.server.calls.length, emitted: sut.server.emitted.length };
      const last = path.at(-1);
      if (last) await play(sut, last);
      expect(options.observable(sut.actor.getSnapshot())).toBe(options.observable(expected));
      // Only the latest read runs, and only while the page reads: every earlier one was answered or cancelled.
      const running = sut.server.calls.filter((c) => c.id === 'load' && !c.settled && !c.signal.aborted);
      const reading = sut.actor.getSnapshot().hasTag('loading') || sut.actor.getSnapshot().hasTag('refreshing');
      expect(running.length).toBe(reading ? 1 : 0);
      options.also?.(sut, before, last);
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
}

describe('the back-office dashboard machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  type Snap = SnapshotFrom<typeof adminDashboardMachine>;
  walk(adminDashboardMachine, {
    events: [
      { type: 'xstate.done.actor.load', output: demoDashboard() },
      { type: 'xstate.error.actor.load', error: offline },
      { type: 'dashboard.retry' },
      { type: 'dashboard.refresh' },
    ] as EventObject[],
    observable: (snap) => {
      const s = snap as Snap;
      return JSON.stringify({ value: s.value, shown: s.context.dashboard !== null, error: dashboardError(s), tags: [...s.tags].sort() });
    },
    leaves: ['failed', 'loading', 'ready'],
  });
});

describe('the recruiter page machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  type Snap = SnapshotFrom<typeof recruiterPageMachine>;
  const recruiterId = demoRecruiterDetail().recruiter.id;
  walk(recruiterPageMachine, {
    input: { recruiterId },
    events: [
      { type: 'xstate.done.actor.load', output: demoRecruiterDetail() },
      { type: 'xstate.error.actor.load', error: offline },
      { type: 'xstate.error.actor.load', error: badId },
      { type: 'xstate.error.actor.load', error: new ApiError('client', 404, AdminMessages.recruiterNotFound) },
      { type: 'recruiter.retry' },
    ] as EventObject[],
    observable: (snap) => {
      const s = snap as Snap;
      return JSON.stringify({ view: recruiterView(s), shown: s.context.detail?.recruiter.name ?? null, error: recruiterError(s) });
    },
    leaves: ['failed', 'loading', 'notFound', 'ready'],
    also: (sut) => {
      for (const c of sut.server.calls) expect(c.input).toEqual({ recruiterId });
    },
  });
});

describe('the company page machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  type Snap = SnapshotFrom<typeof companyPageMachine>;
  const cancelled: CompanyActionOutput = { answer: null };
  const done: CompanyActionOutput = { answer: blacklisted };
  walk(companyPageMachine, {
    input: { companyId: northwind.id },
    events: [
      { type: 'xstate.done.actor.load', output: demoCompanyDetail(northwind) },
      { type: 'xstate.error.actor.load', error: offline },
      { type: 'xstate.error.actor.load', error: companyGone },
      { type: 'company.retry' },
      { type: 'company.refresh' },
      { type: 'action.open', action: 'blacklist' },
      // Not offered to an active company: nothing opens.
      { type: 'action.open', action: 'whitelist' },
      { type: 'xstate.done.actor.action', output: done },
      { type: 'xstate.done.actor.action', output: cancelled },
      { type: 'xstate.error.actor.action', error: new Error('the dialog failed') },
    ] as EventObject[],
    observable: (snap) => {
      const s = snap as Snap;
      return JSON.stringify({
        value: s.value,
        view: companyView(s),
        state: s.context.detail?.company.state ?? null,
        error: companyError(s),
        dialog: !!s.children.action,
        tags: [...s.tags].sort(),
      });
    },
    // The company is read once and found again after an action: enough to see every rule.
    filterEvents: (snap, e) => {
      const s = snap as Snap;
      if (e.type === 'xstate.error.actor.load' && (e as unknown as { error: unknown }).error === companyGone) return s.matches('loading');
      if (e.type === 'xstate.done.actor.load') return s.context.detail?.company.state !== 'blacklisted';
      return true;
    },
    leaves: ['failed', 'loading', 'notFound', 'ready.acting', 'ready.refreshing', 'ready.viewing'],
    also: (sut, before, event) => {
      const emitted = sut.server.emitted.slice(before.emitted).filter((e) => e.type === 'notify');
      // The server's words are toasted exactly when an action succeeded.
      const succeeded =
        event?.type === 'xstate.done.actor.action' && (event as unknown as { output: CompanyActionOutput }).output.answer !== null;
      expect(emitted).toEqual(succeeded ? [{ type: 'notify', message: blacklisted.message }] : []);
      const opened = sut.server.calls.slice(before.calls).filter((c) => c.id === 'action');
      // The dialog opens for the action asked for, on this company.
      if (opened.length)
        expect(opened.map((c) => c.input as CompanyActionInput)).toEqual([
          { companyId: northwind.id, action: (event as unknown as { action: string }).action },
        ]);
    },
  });
});

describe('the company page rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('offers Deactivate or Activate and Blacklist; a blacklisted company only Whitelist', () => {
    expect(actionsFor(northwind)).toEqual(['deactivate', 'blacklist']);
    expect(actionsFor(riverBakery)).toEqual(['activate', 'blacklist']);
    expect(actionsFor(quickCash)).toEqual(['whitelist']);
  });

  it('shows the new state at once after an action, then reads the company again', async () => {
    const sut = startSut(companyPageMachine, { companyId: northwind.id });
    await play(sut, { type: 'xstate.done.actor.load', output: demoCompanyDetail(northwind) } as EventObject);
    await play(sut, { type: 'action.open', action: 'blacklist' } as EventObject);
    await play(sut, { type: 'xstate.done.actor.action', output: { answer: blacklisted } } as EventObject);
    const s = sut.actor.getSnapshot() as SnapshotFrom<typeof companyPageMachine>;
    expect(s.context.detail!.company.state).toBe('blacklisted');
    expect(s.context.detail!.company.blacklistReason).toBe(REASON);
    expect(s.hasTag('refreshing')).toBe(true);
    expect(sut.server.calls.filter((c) => c.id === 'load')).toHaveLength(2);
  });

  it('keeps the company on screen when reading it again fails, and says why', async () => {
    const sut = startSut(companyPageMachine, { companyId: northwind.id });
    await play(sut, { type: 'xstate.done.actor.load', output: demoCompanyDetail(northwind) } as EventObject);
    await play(sut, { type: 'company.refresh' } as EventObject);
    await play(sut, { type: 'xstate.error.actor.load', error: offline } as EventObject);
    const s = sut.actor.getSnapshot() as SnapshotFrom<typeof companyPageMachine>;
    expect(companyView(s)).toBe('ready');
    expect(s.context.detail).not.toBeNull();
    expect(companyError(s)).toBe(HttpMessages.network);
  });
});
