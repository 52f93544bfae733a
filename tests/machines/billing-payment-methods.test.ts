import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { BillingMessages, type PaymentInfo, type PaymentMethod } from '../../src/contract/billing.ts';
import {
  markDefault,
  paymentMethodsMachine,
  selectBusyId,
  selectConfirmingRemove,
  selectLoadError,
  type PaymentMethodsEvent,
} from '../../src/machines/billing/payment-methods.machine.ts';
import { LoadFailure } from '../../src/machines/billing/processor.ts';
import { ApiError } from '../../src/services/http.ts';
import { amex, mastercard, paymentInfoWith, visa } from '../../src/views/billing/billing-stories-support.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle, whileActorRuns, type ModelState } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof paymentMethodsMachine>;

const loadFailure = (words: string) => Object.assign(new LoadFailure(words), { words });
const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const inUse = ApiError.of('payment.methodInUse', BillingMessages.methodInUse);

function startSut() {
  const server = {
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
    calls: [] as Array<{ id: string; input: unknown }>,
  };
  const stub = <T, I>(id: string) =>
    fromPromise<T, I>(({ input }) => {
      server.calls.push({ id, input });
      const d = deferred<T>();
      server.pending[id] = d as never;
      return d.promise;
    });
  const logic = paymentMethodsMachine.provide({
    actors: {
      load: stub<PaymentInfo, unknown>('load'),
      setDefault: stub<PaymentMethod[], { id: string }>('setDefault'),
      remove: stub<PaymentMethod[], { id: string }>('remove'),
      cardForm: stub<PaymentMethod, unknown>('cardForm') as never,
    },
  });
  const actor = createActor(logic).start();
  const notices: Array<{ tone: string; message: string }> = [];
  actor.on('notify', (e) => notices.push({ tone: e.tone, message: e.message }));
  return { actor, server, notices };
}
type Sut = ReturnType<typeof startSut>;

async function play(sut: Sut, event: { type: string; [key: string]: unknown }) {
  if (!settle(sut.server.pending, event)) sut.actor.send(event as PaymentMethodsEvent);
  await flush();
}

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    cards: s.context.methods.map((m) => `${m.last4}${m.isDefault ? '*' : ''}`),
    loadError: selectLoadError(s),
    confirming: selectConfirmingRemove(s)?.last4 ?? null,
    busy: selectBusyId(s),
    tags: [...s.tags].sort(),
  });

const events = [
  { type: 'xstate.done.actor.load', output: paymentInfoWith() },
  { type: 'xstate.error.actor.load', error: loadFailure(BillingMessages.loadPaymentInfo) },
  { type: 'xstate.error.actor.load', error: loadFailure(BillingMessages.noPaymentInfo) },
  { type: 'methods.retry' },
  { type: 'method.setDefault', id: mastercard.id },
  { type: 'method.setDefault', id: visa.id },
  { type: 'xstate.done.actor.setDefault', output: markDefault(paymentInfoWith().paymentMethods, mastercard.id) },
  { type: 'xstate.error.actor.setDefault', error: serverDown },
  { type: 'method.remove', id: visa.id },
  { type: 'remove.confirm' },
  { type: 'remove.cancel' },
  { type: 'xstate.done.actor.remove', output: [mastercard] },
  { type: 'xstate.error.actor.remove', error: inUse },
  { type: 'xstate.error.actor.remove', error: serverDown },
  { type: 'card.add' },
  { type: 'card.cancel' },
  { type: 'xstate.done.actor.cardForm', output: amex },
] as unknown as EventObject[];

/** What each answer tells the user (react-hot-toast in the page), word for word. */
const noticeOf = (e: EventObject): { tone: string; message: string } | null => {
  const error = (e as { error?: unknown }).error;
  switch (e.type) {
    case 'xstate.error.actor.load':
      return { tone: 'error', message: (error as LoadFailure).message };
    case 'xstate.done.actor.setDefault':
      return { tone: 'success', message: BillingMessages.defaultSet };
    case 'xstate.error.actor.setDefault':
      return { tone: 'error', message: BillingMessages.setDefault };
    case 'xstate.done.actor.remove':
      return { tone: 'success', message: BillingMessages.methodRemoved };
    case 'xstate.error.actor.remove':
      return { tone: 'error', message: error === inUse ? BillingMessages.methodInUse : BillingMessages.removeMethod };
    default:
      return null;
  }
};

describe('the payment methods machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(paymentMethodsMachine, {
    events,
    serializeState: observable as never,
    filterEvents: (snap, e) => {
      const s = snap as Snap;
      if (!whileActorRuns(s, e)) return false;
      // One card added, one default moved, one card removed: enough to see each rule.
      if (e.type === 'card.add') return s.context.methods.length === 2;
      if (e.type === 'method.remove') return s.context.methods.length === 2 && s.context.methods[0]!.isDefault;
      return true;
    },
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it('reaches every state of the chart and tries every event', () => {
    const leaves = [...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort();
    expect(leaves).toEqual([
      'failed',
      'loading',
      'ready.adding',
      'ready.confirmingRemove',
      'ready.idle',
      'ready.removing',
      'ready.settingDefault',
    ]);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(events.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path) await play(sut, event);
      expect(observable(sut.actor.getSnapshot())).toBe(observable(expected));
      // Every answer says what it came to in the spec's words; nothing else is said.
      expect(sut.notices).toEqual(path.map(noticeOf).filter((n) => n !== null));
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('the payment methods rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('setting a default marks only that card default; removing drops it here', async () => {
    const sut = startSut();
    await play(sut, {
      type: 'xstate.done.actor.load',
      output: paymentInfoWith([visa, mastercard, { ...amex, isDefault: false }]),
    } as EventObject);
    await play(sut, { type: 'method.setDefault', id: amex.id });
    expect(sut.server.calls.at(-1)).toEqual({ id: 'setDefault', input: { id: amex.id } });
    await play(sut, { type: 'xstate.done.actor.setDefault', output: [] } as EventObject);
    expect(sut.actor.getSnapshot().context.methods.map((m) => [m.last4, m.isDefault])).toEqual([
      ['4242', false],
      ['4444', false],
      ['0005', true],
    ]);
    await play(sut, { type: 'method.remove', id: mastercard.id });
    await play(sut, { type: 'remove.confirm' });
    expect(sut.server.calls.at(-1)).toEqual({ id: 'remove', input: { id: mastercard.id } });
    await play(sut, { type: 'xstate.done.actor.remove', output: [] } as EventObject);
    expect(sut.actor.getSnapshot().context.methods.map((m) => m.last4)).toEqual(['4242', '0005']);
  });

  it('tells the server’s reason when a card pays for a boost', async () => {
    const sut = startSut();
    await play(sut, { type: 'xstate.done.actor.load', output: paymentInfoWith() } as EventObject);
    await play(sut, { type: 'method.remove', id: visa.id });
    await play(sut, { type: 'remove.confirm' });
    const words = 'This card pays for 2 boosts. Make another card the default first.';
    await play(sut, { type: 'xstate.error.actor.remove', error: ApiError.of('payment.methodInUse', words) } as EventObject);
    expect(sut.notices.at(-1)).toEqual({ tone: 'error', message: words });
    expect(sut.actor.getSnapshot().context.methods).toHaveLength(2);
  });

  it('the default card cannot be made default again, and the first card added is the default', async () => {
    const sut = startSut();
    await play(sut, { type: 'xstate.done.actor.load', output: paymentInfoWith([]) } as EventObject);
    await play(sut, { type: 'method.setDefault', id: visa.id });
    expect(sut.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    await play(sut, { type: 'card.add' });
    expect(sut.server.calls.at(-1)).toEqual({ id: 'cardForm', input: { provider: 'test', publishableKey: null, firstCard: true } });
    await play(sut, { type: 'xstate.done.actor.cardForm', output: { ...amex, isDefault: true } } as EventObject);
    expect(sut.actor.getSnapshot().context.methods.map((m) => [m.last4, m.isDefault])).toEqual([['0005', true]]);
  });
});
