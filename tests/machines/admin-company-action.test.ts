import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { AdminMessages, REASON_MAX, type CompanyActionAnswer } from '../../src/contract/admin.ts';
import {
  bodyOf,
  companyActionMachine,
  companyActions,
  reasonErrors,
  selectFailure,
  selectReasonError,
  type CompanyAction,
  type CompanyActionEvent,
  type CompanyActionRequest,
} from '../../src/machines/admin/company-action.machine.ts';
import { ApiError, HttpMessages } from '../../src/services/http.ts';
import { actionAnswer, northwind } from '../../src/views/admin/admin-stories-support.ts';
import { atomicStates, deferred, eventTypesOf, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof companyActionMachine>;

const REASON = 'Asked applicants for a fee to start.';
const answer = actionAnswer({ companyId: northwind.id, action: 'blacklist', reason: REASON });
const reasonRefused = ApiError.of('request.invalid', AdminMessages.reason, { fieldErrors: { reason: AdminMessages.reason } });
const gone = ApiError.of('company.notFound', AdminMessages.companyNotFound);
const offline = new ApiError('network', 0, HttpMessages.network);

const modelEvents = [
  { type: 'reason.change', reason: REASON },
  { type: 'reason.change', reason: '   ' },
  { type: 'action.submit' },
  { type: 'dialog.close' },
  { type: 'xstate.done.actor.send', output: answer },
  { type: 'xstate.error.actor.send', error: reasonRefused },
  { type: 'xstate.error.actor.send', error: gone },
] as unknown as EventObject[];

/** What the administrator sees: where the dialog is, the reason typed, the messages and whether it is busy, and what the page learns. */
const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    reason: s.context.reason,
    reasonError: selectReasonError(s) ?? null,
    failure: selectFailure(s),
    busy: s.hasTag('busy'),
    output: s.status === 'done' ? s.output : null,
  });

function startSut(action: CompanyAction = 'blacklist') {
  const server = {
    calls: [] as CompanyActionRequest[],
    signals: [] as AbortSignal[],
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const machine = companyActionMachine.provide({
    actors: {
      send: fromPromise<CompanyActionAnswer, CompanyActionRequest>(({ input, signal }) => {
        server.calls.push(input);
        server.signals.push(signal);
        const d = deferred<never>();
        server.pending.send = d;
        return d.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { companyId: northwind.id, action } }).start();
  return { actor, server };
}
type Sut = ReturnType<typeof startSut>;

async function exec(sut: Sut, event: EventObject) {
  if (!settle(sut.server.pending, event)) sut.actor.send(event as CompanyActionEvent);
  await flush();
}

describe('the company action dialog machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(companyActionMachine, {
    events: modelEvents,
    input: { companyId: northwind.id, action: 'blacklist' },
    serializeState: observable,
    // A closed dialog takes nothing more.
    filterEvents: (s, e) => s.status === 'active' && (e.type.endsWith('actor.send') ? s.matches('submitting') : true),
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event it handles', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(
      ['closed', 'done', 'editing', 'failed', 'submitting'].sort(),
    );
    expect([...new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))].sort()).toEqual(
      [...new Set([...eventTypesOf(companyActionMachine), ...modelEvents.map((e) => e.type)])].sort(),
    );
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path.slice(0, -1)) await exec(sut, event);
      const sent = sut.server.calls.length;
      const wasSending = sut.actor.getSnapshot().matches('submitting');
      const last = path.at(-1);
      if (last) await exec(sut, last);
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // A call goes exactly when the dialog starts submitting, with the reason trimmed and the state wanted.
      if (last) {
        const went = !wasSending && now.matches('submitting');
        expect(sut.server.calls.length - sent).toBe(went ? 1 : 0);
        if (went) expect(sut.server.calls.at(-1)).toEqual({ companyId: northwind.id, action: 'blacklist', reason: REASON });
      }
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('the company action rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks the contract for a reason of 1 to 500 characters', () => {
    for (const action of companyActions) {
      const c = { companyId: northwind.id, action };
      expect(reasonErrors({ ...c, reason: '' })).toEqual({ reason: AdminMessages.reason });
      expect(reasonErrors({ ...c, reason: '  ' })).toEqual({ reason: AdminMessages.reason });
      expect(reasonErrors({ ...c, reason: 'x'.repeat(REASON_MAX + 1) })).toEqual({ reason: AdminMessages.reason });
      expect(reasonErrors({ ...c, reason: 'x'.repeat(REASON_MAX) })).toEqual({});
    }
  });

  it('names the state wanted in each call', () => {
    const c = { companyId: northwind.id, reason: REASON };
    expect(bodyOf({ ...c, action: 'deactivate' })).toEqual({ ...c, active: false });
    expect(bodyOf({ ...c, action: 'activate' })).toEqual({ ...c, active: true });
    expect(bodyOf({ ...c, action: 'blacklist' })).toEqual({ ...c, blacklisted: true });
    expect(bodyOf({ ...c, action: 'whitelist' })).toEqual({ ...c, blacklisted: false });
  });

  it('sends nothing without a reason and says why; with one, ends with the server’s answer', async () => {
    const sut = startSut('deactivate');
    expect(selectReasonError(sut.actor.getSnapshot())).toBeUndefined();
    await exec(sut, { type: 'action.submit' });
    expect(selectReasonError(sut.actor.getSnapshot())).toBe(AdminMessages.reason);
    expect(sut.server.calls).toEqual([]);
    await exec(sut, { type: 'reason.change', reason: `  ${REASON}  ` } as EventObject);
    expect(selectReasonError(sut.actor.getSnapshot())).toBeUndefined();
    await exec(sut, { type: 'action.submit' });
    expect(sut.server.calls).toEqual([{ companyId: northwind.id, action: 'deactivate', reason: REASON }]);
    // Nothing closes the dialog while the call is on its way.
    await exec(sut, { type: 'dialog.close' });
    expect(sut.actor.getSnapshot().matches('submitting')).toBe(true);
    const deactivated = actionAnswer({ companyId: northwind.id, action: 'deactivate', reason: REASON });
    sut.server.pending.send!.resolve(deactivated as never);
    await flush();
    expect(sut.actor.getSnapshot().output).toEqual({ answer: deactivated });
  });

  it('cancelled, the page learns nothing changed', async () => {
    const sut = startSut();
    await exec(sut, { type: 'reason.change', reason: REASON } as EventObject);
    await exec(sut, { type: 'dialog.close' });
    expect(sut.actor.getSnapshot().output).toEqual({ answer: null });
  });

  it('puts the server’s word on the reason at the field; another failure above the buttons, to try again', async () => {
    const sut = startSut();
    await exec(sut, { type: 'reason.change', reason: REASON } as EventObject);
    await exec(sut, { type: 'action.submit' });
    sut.server.pending.send!.reject(reasonRefused);
    await flush();
    expect(sut.actor.getSnapshot().matches('editing')).toBe(true);
    expect(selectReasonError(sut.actor.getSnapshot())).toBe(AdminMessages.reason);
    await exec(sut, { type: 'reason.change', reason: 'A shorter reason' } as EventObject);
    expect(selectReasonError(sut.actor.getSnapshot())).toBeUndefined();

    await exec(sut, { type: 'action.submit' });
    sut.server.pending.send!.reject(offline);
    await flush();
    expect(selectFailure(sut.actor.getSnapshot())).toBe(HttpMessages.network);
    await exec(sut, { type: 'action.submit' });
    expect(sut.server.calls).toHaveLength(3);
    sut.server.pending.send!.reject(new TypeError('boom'));
    await flush();
    expect(selectFailure(sut.actor.getSnapshot())).toBe(AccountMessages.generic);
  });

  it('stops the call when the dialog goes away', async () => {
    const sut = startSut();
    await exec(sut, { type: 'reason.change', reason: REASON } as EventObject);
    await exec(sut, { type: 'action.submit' });
    sut.actor.stop();
    expect(sut.server.signals[0]!.aborted).toBe(true);
  });
});
