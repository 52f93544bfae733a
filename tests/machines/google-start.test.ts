import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { googleStartMachine, selectBusy, selectMessage, type GoogleStartEvent } from '../../src/machines/account/google-start.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { deferred, flush, modelOf, reachedStates, settle, transitionCases } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof googleStartMachine>;

const ADDRESS = 'https://accounts.example.test/o/oauth2/auth?state=abc';
const notConfigured = ApiError.of('auth.googleUnavailable', AccountMessages.googleNotConfigured);
const unreachable = new ApiError('server', 502, AccountMessages.redirectFailed);
const offline = new ApiError('network', 0, 'Network Error!, Please check your connection.');

const modelEvents = (): GoogleStartEvent[] =>
  [
    { type: 'google.start' },
    { type: 'xstate.done.actor.address', output: ADDRESS },
    { type: 'xstate.error.actor.address', error: notConfigured },
    { type: 'xstate.error.actor.address', error: unreachable },
    { type: 'xstate.error.actor.address', error: offline },
  ] as unknown as GoogleStartEvent[];

const filterEvents = (s: Snap, e: GoogleStartEvent) => !e.type.startsWith('xstate.') || s.matches('requesting');

function startSut() {
  const pending: { address?: ReturnType<typeof deferred<string>> } = {};
  const log = { redirects: [] as string[], requests: 0 };
  const machine = googleStartMachine.provide({
    actors: {
      address: fromPromise<string>(() => {
        log.requests += 1;
        pending.address = deferred();
        return pending.address.promise;
      }),
    },
    actions: {
      redirect: (_, params: { url: string }) => {
        log.redirects.push(params.url);
      },
    },
  });
  return { actor: createActor(machine).start(), pending, log };
}

type Sut = ReturnType<typeof startSut>;

async function exec(sut: Sut, event: GoogleStartEvent) {
  if (!settle(sut.pending, event)) sut.actor.send(event);
  await flush();
}

describe('Google start machine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const cases = transitionCases(modelOf(googleStartMachine, { events: modelEvents(), filterEvents }));

  it('covers every state of the chart', () => {
    const states = reachedStates(cases);
    for (const s of ['idle', 'requesting', 'redirecting', 'notConfigured', 'failed']) expect(states).toContain(s);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const sut = startSut();
    for (const event of c.path) await exec(sut, event);
    expect(sut.actor.getSnapshot().value).toEqual(c.from.value);
    await exec(sut, c.event);
    const snap = sut.actor.getSnapshot();
    expect(snap.value).toEqual(c.expected.value);
    expect(snap.context).toEqual((c.expected as Snap).context);

    expect(selectBusy(snap)).toBe(snap.matches('requesting') || snap.matches('redirecting'));
    if (snap.matches('redirecting')) expect(sut.log.redirects).toEqual([ADDRESS]);
    else expect(sut.log.redirects).toEqual([]);
    if (snap.matches('notConfigured')) expect(selectMessage(snap)).toBe(AccountMessages.googleNotConfigured);
    if (snap.matches('failed')) expect(selectMessage(snap)).toBeTruthy();
    if (snap.matches('idle') || snap.matches('requesting')) expect(selectMessage(snap)).toBeNull();
    sut.actor.stop();
  });
});

describe('Google start rules', () => {
  it('asks the server again after it said not configured', async () => {
    const sut = startSut();
    sut.actor.send({ type: 'google.start' });
    sut.pending.address!.reject(notConfigured);
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(sut.actor.getSnapshot().value).toBe('notConfigured');
    sut.actor.send({ type: 'google.start' });
    expect(sut.log.requests).toBe(2);
  });
});
