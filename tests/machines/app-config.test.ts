import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { appConfigMachine, DEFAULT_APP_CONFIG, type AppConfig } from '../../src/machines/app/app-config.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof appConfigMachine>;

const FROM_SERVER: AppConfig = { supportEmail: 'help@example.com', googleSignIn: true, mapsApiKey: 'key-1', devMailbox: true };

const modelEvents = [
  { type: 'config.load' },
  { type: 'xstate.done.actor.load', output: FROM_SERVER },
  { type: 'xstate.error.actor.load', error: new ApiError('network', 0, 'Network Error!, Please check your connection.') },
] as unknown as EventObject[];

const observable = (s: Snap) => JSON.stringify({ value: s.value, config: s.context.config, loading: s.hasTag('loading') });

function startSut() {
  const server = { calls: 0, pending: undefined as ReturnType<typeof deferred<AppConfig>> | undefined };
  const machine = appConfigMachine.provide({
    actors: {
      load: fromPromise<AppConfig>(() => {
        server.calls++;
        server.pending = deferred();
        return server.pending.promise;
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, server };
}

describe('public settings machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(appConfigMachine, {
    events: modelEvents,
    serializeState: observable,
    // The read answers only while it runs.
    filterEvents: (s, e) => !e.type.startsWith('xstate.') || s.matches('loading'),
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(['idle', 'loading', 'ready']);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(modelEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path) {
        if (!settle({ load: sut.server.pending }, event)) sut.actor.send(event as { type: 'config.load' });
        await flush();
      }
      expect(observable(sut.actor.getSnapshot())).toBe(observable(expected));
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('public settings', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks the server nothing until a screen wants them, and then once', async () => {
    const sut = startSut();
    await flush();
    expect(sut.server.calls).toBe(0);
    expect(sut.actor.getSnapshot().context.config).toEqual(DEFAULT_APP_CONFIG);
    expect(sut.actor.getSnapshot().hasTag('loading')).toBe(true);

    sut.actor.send({ type: 'config.load' });
    sut.actor.send({ type: 'config.load' });
    await flush();
    expect(sut.server.calls).toBe(1);
    sut.server.pending!.resolve(FROM_SERVER);
    await flush();
    sut.actor.send({ type: 'config.load' });
    await flush();
    expect(sut.server.calls).toBe(1);
    expect(sut.actor.getSnapshot().context.config).toEqual(FROM_SERVER);
    expect(sut.actor.getSnapshot().hasTag('loading')).toBe(false);
  });

  it('keeps the defaults when the settings cannot be read', async () => {
    const sut = startSut();
    sut.actor.send({ type: 'config.load' });
    await flush();
    sut.server.pending!.reject(new ApiError('network', 0, 'Network Error!, Please check your connection.'));
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('ready');
    expect(sut.actor.getSnapshot().context.config).toEqual(DEFAULT_APP_CONFIG);
  });
});
