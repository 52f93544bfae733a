import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { z } from 'zod';
import { AccountMessages } from '../../src/contract/account.ts';
import { defineDetailsForm, type DetailsEmitted } from '../../src/machines/details-form.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { profileChanges } from '../../src/services/profile-changes.ts';
import { deferred, flush } from '../support/client/model.ts';

interface Person {
  firstName: string;
  lastName: string;
}
const fields = ['firstName', 'lastName'] as const;
type Field = (typeof fields)[number];

const ada: Person = { firstName: 'Ada', lastName: 'Byron' };

/**
 * A details form over calls the test answers: its own actors run, so what they make of an answer
 * (the data, the message, the signal) is tested here; the forms built on it stub them.
 */
function sut(options: { countsToCompletion?: boolean } = {}) {
  const calls = {
    loads: [] as Array<{ signal: AbortSignal; answer: ReturnType<typeof deferred<{ data: Person }>> }>,
    saves: [] as Array<{
      values: Record<Field, string>;
      signal: AbortSignal;
      answer: ReturnType<typeof deferred<{ data: Person; message: string }>>;
    }>,
  };
  const form = defineDetailsForm({
    id: 'person',
    fields,
    schema: z.object({
      firstName: z.string().trim().min(1, 'First name is required'),
      lastName: z.string().trim().min(1, 'Last name is required'),
    }),
    valuesOf: (p: Person) => ({ firstName: p.firstName, lastName: p.lastName }),
    savedMessage: 'Saved.',
    ...options,
    services: {
      load: (signal) => {
        const answer = deferred<{ data: Person }>();
        calls.loads.push({ signal, answer });
        return answer.promise;
      },
      save: (values, signal) => {
        const answer = deferred<{ data: Person; message: string }>();
        calls.saves.push({ values, signal, answer });
        return answer.promise;
      },
    },
  });
  const emitted: Array<DetailsEmitted<Person>> = [];
  const actor = createActor(form.machine);
  actor.on('profile.saved', (e) => emitted.push(e));
  actor.start();
  return { form, actor, calls, emitted };
}

describe('details form factory', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fills the form with the data of the answer, the rules already run', async () => {
    const { form, actor, calls } = sut();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    calls.loads[0]!.answer.resolve({ data: ada });
    await flush();
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ editing: 'idle' });
    expect(s.context.profile).toEqual(ada);
    expect(s.context.values).toEqual({ firstName: 'Ada', lastName: 'Byron' });
    expect(form.selectCanSubmit(s)).toBe(true);
    expect(s.context).toEqual(form.loadedContext(ada));
  });

  it('keeps why the details could not be read, and forgets it when reading again', async () => {
    const { actor, calls } = sut();
    calls.loads[0]!.answer.reject(new ApiError('invalid-response', 200, 'Invalid data received'));
    await flush();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.loadError).toBe('Invalid data received');
    actor.send({ type: 'profile.retry' });
    expect(actor.getSnapshot().context.loadError).toBeNull();
    expect(calls.loads).toHaveLength(2);
    calls.loads[1]!.answer.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(actor.getSnapshot().context.loadError).toBe(AccountMessages.generic);
  });

  it("saves what was typed and says the server's message, or its own when the server said none", async () => {
    const { actor, calls, emitted } = sut();
    calls.loads[0]!.answer.resolve({ data: ada });
    await flush();
    actor.send({ type: 'field.change', field: 'firstName', value: 'Augusta' });
    actor.send({ type: 'form.submit' });
    expect(calls.saves.map((c) => c.values)).toEqual([{ firstName: 'Augusta', lastName: 'Byron' }]);
    calls.saves[0]!.answer.resolve({ data: { ...ada, firstName: 'Augusta' }, message: 'Your details are saved.' });
    await flush();
    expect(actor.getSnapshot().context.message).toBe('Your details are saved.');
    actor.send({ type: 'form.submit' });
    calls.saves[1]!.answer.resolve({ data: { ...ada, firstName: 'Augusta' }, message: '' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ editing: 'saved' });
    expect(actor.getSnapshot().context.message).toBe('Saved.');
    expect(emitted).toEqual([
      { type: 'profile.saved', profile: { ...ada, firstName: 'Augusta' }, message: 'Your details are saved.' },
      { type: 'profile.saved', profile: { ...ada, firstName: 'Augusta' }, message: 'Saved.' },
    ]);
  });

  it('tells the completion meter of a save only where the details count towards it', async () => {
    let changes = 0;
    const stop = profileChanges.subscribe(() => changes++);
    for (const countsToCompletion of [false, true]) {
      const { actor, calls } = sut({ countsToCompletion });
      calls.loads[0]!.answer.resolve({ data: ada });
      await flush();
      actor.send({ type: 'form.submit' });
      calls.saves[0]!.answer.resolve({ data: ada, message: '' });
      await flush();
      expect(changes).toBe(countsToCompletion ? 1 : 0);
    }
    stop();
  });

  it('stops its call when the page closes', async () => {
    const { actor, calls } = sut();
    actor.stop();
    expect(calls.loads[0]!.signal.aborted).toBe(true);
  });
});
