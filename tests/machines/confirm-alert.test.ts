import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { JobAlertMessages, type AlertFrequency } from '../../src/contract/job-alerts.ts';
import { confirmAlertMachine } from '../../src/machines/public/confirm-alert.machine.ts';
import { ApiError, HttpMessages } from '../../src/services/http.ts';
import { deferred, flush, modelOf, modelStates, settle, whileActorRuns } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof confirmAlertMachine>;

/** The server's words for a used token, and for a malformed one: the page says the link is invalid either way. */
const used = new ApiError('client', 404, 'Not found', ['Not found']);
const malformed = new ApiError('client', 400, 'Bad token', ['Bad token'], { token: 'Bad token' });
const down = new ApiError('server', 500, HttpMessages.failed);
const observable = (s: Snap) =>
  JSON.stringify({ value: s.value, frequency: s.context.frequency, errors: s.context.errors, loading: s.hasTag('loading') });

function startSut(token: string | null) {
  const server = { pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>, tokens: [] as string[] };
  const machine = confirmAlertMachine.provide({
    actors: {
      confirm: fromPromise<AlertFrequency, { token: string }>(({ input }) => {
        server.tokens.push(input.token);
        const d = deferred<AlertFrequency>();
        server.pending.confirm = d as never;
        return d.promise;
      }),
    },
  });
  return { actor: createActor(machine, { input: { token } }).start(), server };
}

describe.each(['tok-123', null])('confirm alert machine (model-based), token %s', (token) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const events = [
    { type: 'xstate.done.actor.confirm', output: 'weekly' },
    { type: 'xstate.error.actor.confirm', error: used },
    { type: 'xstate.error.actor.confirm', error: malformed },
    { type: 'xstate.error.actor.confirm', error: down },
  ] as unknown as EventObject[];
  const model = modelOf(confirmAlertMachine, { events, input: { token }, serializeState: observable, filterEvents: whileActorRuns });
  const states = modelStates(model);

  it('reaches the states a link can lead to', () => {
    expect(new Set(states.map((s) => s.state.value))).toEqual(new Set(token ? ['confirming', 'success', 'failure'] : ['failure']));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut(token);
      for (const event of path) {
        settle(sut.server.pending, event);
        await flush();
      }
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // A link the server does not take (used, unknown, malformed) always reads as invalid.
      const last = path.at(-1) as { error?: unknown } | undefined;
      if (last?.error instanceof ApiError && last.error.status < 500)
        expect(now.context.errors).toEqual([JobAlertMessages.confirmLinkInvalid]);
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('confirming a job alert', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the link’s token once and keeps the frequency the server confirmed', async () => {
    const sut = startSut('  tok-123 ');
    expect(sut.server.tokens).toEqual(['tok-123']);
    sut.server.pending.confirm!.resolve('weekly' as never);
    await flush();
    expect(sut.actor.getSnapshot().context.frequency).toBe('weekly');
  });

  it('refuses a link without a token without a call', () => {
    const bare = startSut('');
    expect(bare.server.tokens).toEqual([]);
    expect(bare.actor.getSnapshot().context.errors).toEqual([JobAlertMessages.confirmLinkInvalid]);
  });

  it('says a failure of the server in its own words', async () => {
    const sut = startSut('tok');
    sut.server.pending.confirm!.reject(down);
    await flush();
    expect(sut.actor.getSnapshot().context.errors).toEqual([HttpMessages.failed]);
  });
});
