import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { ContactMessages, type JobAlert, type SubscribeInput } from '../../src/contract/contact.ts';
import { JobAlertMessages } from '../../src/contract/job-alerts.ts';
import {
  jobAlertFields,
  jobAlertMachine,
  selectCanSubmit,
  selectDone,
  selectError,
  selectFieldErrors,
  subscribeRequestOf,
  type JobAlertCriteria,
  type JobAlertEvent,
} from '../../src/machines/jobs/job-alert.machine.ts';
import { ApiError, HttpMessages } from '../../src/services/http.ts';
import { atomicStates, deferred, expectFormRules, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof jobAlertMachine>;

const criteria: JobAlertCriteria = { keyword: 'barista', placeName: 'Vancouver, WA', latitude: 45.63, longitude: -122.67, radius: 10 };
const answer = (confirmed: boolean): JobAlert => ({
  email: 'robin@example.com',
  keyword: 'barista',
  latitude: 45.63,
  longitude: -122.67,
  radius: 10,
  placeName: 'Vancouver, WA',
  frequency: 'weekly',
  confirmed,
});

const tooMany = new ApiError('client', 429, ContactMessages.tooManyRequests);
/** A 429 from something in between (a proxy) that says nothing readable. */
const bareTooMany = new ApiError('client', 429, '', ['']);
const badEmail = new ApiError('client', 400, ContactMessages.email, [ContactMessages.email], { email: ContactMessages.email });
/** A field the dialog does not show: its message goes to the alert. */
const badPlace = new ApiError('client', 400, JobAlertMessages.placeName, [JobAlertMessages.placeName], {
  placeName: JobAlertMessages.placeName,
});

const modelEvents = [
  { type: 'field.change', field: 'email', value: 'robin@' },
  { type: 'field.change', field: 'email', value: 'robin@example.com' },
  { type: 'field.change', field: 'frequency', value: 'weekly' },
  { type: 'field.blur', field: 'email' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.subscribe', output: answer(false) },
  { type: 'xstate.done.actor.subscribe', output: answer(true) },
  { type: 'xstate.error.actor.subscribe', error: badEmail },
  { type: 'xstate.error.actor.subscribe', error: badPlace },
  { type: 'xstate.error.actor.subscribe', error: tooMany },
  { type: 'xstate.error.actor.subscribe', error: bareTooMany },
  { type: 'xstate.error.actor.subscribe', error: new TypeError('Failed to fetch') },
] as unknown as EventObject[];

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    values: s.context.values,
    shown: selectFieldErrors(s),
    error: selectError(s),
    canSubmit: selectCanSubmit(s),
    done: selectDone(s),
  });

function startSut(email: string | null = null) {
  const server = { sends: [] as SubscribeInput[], pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined> };
  const machine = jobAlertMachine.provide({
    actors: {
      subscribe: fromPromise<JobAlert, SubscribeInput>(({ input }) => {
        server.sends.push(input);
        const d = deferred<JobAlert>();
        server.pending.subscribe = d as never;
        return d.promise;
      }),
    },
  });
  return { actor: createActor(machine, { input: { criteria, email } }).start(), server };
}

describe.each([null, 'maria@example.com'])('job alert dialog machine (model-based), account email %s', (email) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(jobAlertMachine, {
    events: modelEvents,
    input: { criteria, email },
    serializeState: observable,
    filterEvents: (s, e) => (e.type.endsWith('actor.subscribe') ? s.matches('submitting') : true),
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual([
      'editing.failed',
      'editing.idle',
      'submitting',
      'subscribed',
    ]);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(modelEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut(email);
      let sendsBefore = 0;
      let wasSubmitting = false;
      for (const event of path) {
        sendsBefore = sut.server.sends.length;
        wasSubmitting = sut.actor.getSnapshot().matches('submitting');
        if (!settle(sut.server.pending, event)) sut.actor.send(event as JobAlertEvent);
        await flush();
      }
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      expectFormRules(now as never, { fields: jobAlertFields, shown: selectFieldErrors(now), canSubmit: selectCanSubmit(now) });
      // Entering `submitting` makes exactly one call: the search's criteria with the address and frequency; nothing else calls.
      const entered = now.matches('submitting') && !wasSubmitting;
      expect(sut.server.sends.slice(sendsBefore)).toEqual(entered ? [subscribeRequestOf(criteria, now.context.values)] : []);
      const last = path.at(-1) as { error?: unknown; output?: JobAlert } | undefined;
      if (now.matches({ editing: 'failed' }) && last?.error !== undefined) {
        const error = last.error;
        if (error instanceof ApiError && error.status === 429) expect(selectError(now)).toBe(ContactMessages.tooManyRequests);
        if (error instanceof TypeError) expect(selectError(now)).toBe(HttpMessages.failed);
      }
      // The answer says whether the alert is on now or waits for the mail.
      if (now.matches('subscribed') && last?.output)
        expect(selectDone(now)).toBe(last.output.confirmed ? JobAlertMessages.subscribedConfirmed : JobAlertMessages.checkEmail);
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('job alert dialog rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts daily, with the account’s email when there is one, ready to subscribe', () => {
    const sut = startSut('maria@example.com');
    const s = sut.actor.getSnapshot();
    expect(s.context.values).toEqual({ email: 'maria@example.com', frequency: 'daily' });
    expect(selectCanSubmit(s)).toBe(true);
  });

  it('needs a valid email from a visitor, and says so once the field is left', () => {
    const sut = startSut();
    expect(selectCanSubmit(sut.actor.getSnapshot())).toBe(false);
    sut.actor.send({ type: 'field.change', field: 'email', value: 'robin@' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({});
    sut.actor.send({ type: 'field.blur', field: 'email' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ email: ContactMessages.email });
  });

  it('sends the search as it was, with the place’s name and the chosen frequency', async () => {
    const sut = startSut();
    sut.actor.send({ type: 'field.change', field: 'email', value: 'robin@example.com' });
    sut.actor.send({ type: 'field.change', field: 'frequency', value: 'weekly' });
    sut.actor.send({ type: 'form.submit' });
    expect(sut.server.sends).toEqual([{ ...criteria, email: 'robin@example.com', frequency: 'weekly' }]);
  });

  it('shows the server’s word on the email next to the field, and drops it once the email changes', async () => {
    const sut = startSut('robin@example.com');
    sut.actor.send({ type: 'form.submit' });
    sut.server.pending.subscribe!.reject(badEmail);
    await flush();
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ email: ContactMessages.email });
    expect(selectError(sut.actor.getSnapshot())).toBeNull();
    sut.actor.send({ type: 'field.change', field: 'email', value: 'robin@example.org' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({});
  });
});
