import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { ContactMessages, type ContactInput } from '../../src/contract/contact.ts';
import {
  contactFields,
  contactMachine,
  selectCanSubmit,
  selectError,
  selectFieldErrors,
  selectThanks,
  type ContactEvent,
} from '../../src/machines/public/contact.machine.ts';
import { ApiError, HttpMessages } from '../../src/services/http.ts';
import { atomicStates, deferred, expectFormRules, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof contactMachine>;

const tooMany = new ApiError('client', 429, ContactMessages.tooManyRequests);
/** A 429 from something in between (a proxy) that says nothing readable. */
const bareTooMany = new ApiError('client', 429, '', ['']);
const badEmail = new ApiError('client', 400, ContactMessages.email, [ContactMessages.email], { email: ContactMessages.email });

const modelEvents = [
  { type: 'field.change', field: 'name', value: 'Robin Lee' },
  { type: 'field.change', field: 'email', value: 'robin@' },
  { type: 'field.change', field: 'email', value: 'robin@example.com' },
  { type: 'field.change', field: 'message', value: 'How are jobs verified?' },
  { type: 'field.blur', field: 'email' },
  { type: 'form.submit' },
  { type: 'form.again' },
  { type: 'xstate.done.actor.send', output: ContactMessages.thanks },
  { type: 'xstate.error.actor.send', error: badEmail },
  { type: 'xstate.error.actor.send', error: tooMany },
  { type: 'xstate.error.actor.send', error: bareTooMany },
  { type: 'xstate.error.actor.send', error: new TypeError('Failed to fetch') },
] as unknown as EventObject[];

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    values: s.context.values,
    shown: selectFieldErrors(s),
    error: selectError(s),
    canSubmit: selectCanSubmit(s),
    thanks: selectThanks(s),
  });

function startSut() {
  const server = { sends: [] as ContactInput[], pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined> };
  const machine = contactMachine.provide({
    actors: {
      send: fromPromise<string, ContactInput>(({ input }) => {
        server.sends.push(input);
        const d = deferred<string>();
        server.pending.send = d as never;
        return d.promise;
      }),
    },
  });
  return { actor: createActor(machine).start(), server };
}

describe('contact machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(contactMachine, {
    events: modelEvents,
    serializeState: observable,
    filterEvents: (s, e) => (e.type.endsWith('actor.send') ? s.matches('submitting') : true),
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual([
      'editing.failed',
      'editing.idle',
      'sent',
      'submitting',
    ]);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(modelEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      let sendsBefore = 0;
      let wasSubmitting = false;
      for (const event of path) {
        sendsBefore = sut.server.sends.length;
        wasSubmitting = sut.actor.getSnapshot().matches('submitting');
        if (!settle(sut.server.pending, event)) sut.actor.send(event as ContactEvent);
        await flush();
      }
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      expectFormRules(now as never, { fields: contactFields, shown: selectFieldErrors(now), canSubmit: selectCanSubmit(now) });
      // Entering `submitting` makes exactly one call, with what was typed (the hidden field too); nothing else calls.
      const entered = now.matches('submitting') && !wasSubmitting;
      expect(sut.server.sends.slice(sendsBefore)).toEqual(entered ? [now.context.values] : []);
      // A refusal for too many messages always reads in the product's words.
      const last = path.at(-1) as { error?: unknown } | undefined;
      if (now.matches({ editing: 'failed' }) && last?.error !== undefined) {
        const error = last.error;
        if (error instanceof ApiError && error.status === 429) expect(selectError(now)).toBe(ContactMessages.tooManyRequests);
        if (error instanceof TypeError) expect(selectError(now)).toBe(HttpMessages.failed);
      }
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('contact form rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('needs a name, a valid email and a message; the subject may stay empty', () => {
    const sut = startSut();
    expect(selectCanSubmit(sut.actor.getSnapshot())).toBe(false);
    sut.actor.send({ type: 'form.submit' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({
      name: ContactMessages.name,
      email: ContactMessages.email,
      message: ContactMessages.message,
    });
    expect(sut.server.sends).toEqual([]);
  });

  it('checks the subject and message lengths with the contract before sending', () => {
    const sut = startSut();
    sut.actor.send({ type: 'field.change', field: 'subject', value: 's'.repeat(201) });
    sut.actor.send({ type: 'field.blur', field: 'subject' });
    sut.actor.send({ type: 'field.change', field: 'message', value: 'm'.repeat(4001) });
    sut.actor.send({ type: 'field.blur', field: 'message' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ subject: ContactMessages.subject, message: ContactMessages.message });
  });

  it('sends the hidden field as it is, and never shows an error for it', async () => {
    const sut = startSut();
    for (const [field, value] of [
      ['name', 'Bot'],
      ['email', 'bot@example.com'],
      ['message', 'Buy now'],
      ['website', 'https://spam.example'],
    ] as const) {
      sut.actor.send({ type: 'field.change', field, value });
      sut.actor.send({ type: 'field.blur', field });
    }
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({});
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.sends).toEqual([
      { name: 'Bot', email: 'bot@example.com', subject: '', message: 'Buy now', website: 'https://spam.example' },
    ]);
  });

  it('after the thanks, Write another keeps the name and email and empties the rest', async () => {
    const sut = startSut();
    for (const [field, value] of [
      ['name', 'Robin'],
      ['email', 'robin@example.com'],
      ['subject', 'Hi'],
      ['message', 'Hello'],
    ] as const)
      sut.actor.send({ type: 'field.change', field, value });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.send!.resolve(ContactMessages.thanks as never);
    await flush();
    expect(selectThanks(sut.actor.getSnapshot())).toBe(ContactMessages.thanks);
    sut.actor.send({ type: 'form.again' });
    const s = sut.actor.getSnapshot();
    expect(s.matches({ editing: 'idle' })).toBe(true);
    expect(s.context.values).toEqual({ name: 'Robin', email: 'robin@example.com', subject: '', message: '', website: '' });
    expect(selectFieldErrors(s)).toEqual({});
  });
});
