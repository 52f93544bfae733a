import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SessionData } from '../../src/contract/account.ts';
import {
  REFRESH_MARGIN_MS,
  REFRESH_RETRY_MS,
  SESSION_REDIRECT_MS,
  selectFullName,
  selectInitials,
  selectIsSignedIn,
  sessionMachine,
  type SessionEvent,
} from '../../src/machines/account/session.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { toStoredSession, type StoredSession } from '../../src/services/session-store.ts';
import { deferred, modelOf, reachedStates, settle, transitionCases } from '../support/client/model.ts';

const NOW = new Date('2026-03-02T10:00:00Z').getTime();
const EXPIRES_IN = 900;

const signIn = (first: string, last: string, token: string): SessionData => ({
  accessToken: `access-${token}`,
  refreshToken: `refresh-${token}`,
  expiresIn: EXPIRES_IN,
  remember: true,
  users: { id: 'u1', email: 'ada@example.com', firstName: first, lastName: last, role: 'JobSeeker' },
});

const ada = signIn('ada', 'lovelace', 'a');
const stored: StoredSession = toStoredSession(signIn('Grace', 'Hopper', 'stored'), NOW);
const rotated = signIn('Grace', 'Hopper', 'rotated');

/** Every event the model may take, with the results the actors may give. */
const modelEvents = (): SessionEvent[] =>
  [
    { type: 'xstate.done.actor.restore', output: stored },
    { type: 'xstate.done.actor.restore', output: null },
    { type: 'xstate.error.actor.restore', error: new Error('storage unavailable') },
    { type: 'xstate.done.actor.refresh', output: rotated },
    { type: 'xstate.error.actor.refresh', error: new ApiError('unauthorized', 401, 'expired') },
    { type: 'xstate.error.actor.refresh', error: new ApiError('network', 0, 'offline') },
    { type: 'xstate.after.refreshDelay.session.signedIn.active' },
    { type: 'xstate.after.retryDelay.session.signedIn.retrying' },
    { type: 'xstate.after.redirectDelay.session.expired' },
    { type: 'xstate.done.actor.revoke' },
    { type: 'xstate.error.actor.revoke', error: new Error('offline') },
    { type: 'session.signedIn', data: ada },
    { type: 'session.userUpdated', user: { firstName: 'Augusta' } },
    { type: 'session.refresh' },
    { type: 'session.logout' },
    { type: 'session.expired' },
  ] as unknown as SessionEvent[];

/** A browser keeping a sign-in (whole or not): the stored session is read before anything else. */
const keepsSession = sessionMachine.provide({ guards: { holdsNoSession: () => false } });

const sessionModel = () => modelOf(keepsSession, { events: modelEvents() });

/** The system under test: the real machine with its I/O swapped for recorders and controllable actors. */
function startSut() {
  const pending: {
    restore?: ReturnType<typeof deferred<StoredSession | null>>;
    refresh?: ReturnType<typeof deferred<SessionData>>;
    revoke?: ReturnType<typeof deferred<void>>;
  } = {};
  const log = {
    persisted: [] as StoredSession[],
    cleared: 0,
    revoked: [] as Array<string | undefined>,
    navigated: [] as Array<{ to: string; at: number }>,
  };
  const machine = keepsSession.provide({
    actors: {
      restore: fromPromise(() => {
        pending.restore = deferred();
        return pending.restore.promise;
      }),
      refresh: fromPromise<SessionData, { refreshToken: string }>(() => {
        pending.refresh = deferred();
        return pending.refresh.promise;
      }),
      revoke: fromPromise<void, { refreshToken: string | undefined }>(({ input }) => {
        log.revoked.push(input.refreshToken);
        pending.revoke = deferred();
        return pending.revoke.promise;
      }),
    },
    actions: {
      persist: ({ context }) => {
        if (context.session) log.persisted.push(context.session);
      },
      clearStorage: () => {
        log.cleared += 1;
      },
    },
  });
  const actor = createActor(machine);
  actor.on('navigate', (e) => log.navigated.push({ to: e.to, at: Date.now() }));
  actor.start();
  return { actor, pending, log };
}

type Sut = ReturnType<typeof startSut>;

/** Makes the SUT live through one model event, as the browser would. */
async function exec(sut: Sut, event: SessionEvent) {
  const e = event as unknown as { type: string; output?: unknown; error?: unknown };
  const snap = sut.actor.getSnapshot();
  // An actor's result or a timer can only happen while that actor or timer exists.
  const actorId = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(e.type)?.[1];
  if (actorId && !snap.children[actorId]) return;
  const timerState = /^xstate\.after\.\w+\.session\.(.+)$/.exec(e.type)?.[1]?.split('.');
  if (timerState) {
    const value = timerState.length === 1 ? timerState[0]! : { [timerState[0]!]: timerState[1]! };
    if (!snap.matches(value as never)) return;
  }
  if (settle(sut.pending, event)) {
    await vi.advanceTimersByTimeAsync(0);
    return;
  }
  switch (e.type) {
    case 'xstate.after.refreshDelay.session.signedIn.active': {
      const expiresAt = sut.actor.getSnapshot().context.session!.expiresAt;
      await vi.advanceTimersByTimeAsync(expiresAt - Date.now() - REFRESH_MARGIN_MS);
      return;
    }
    case 'xstate.after.retryDelay.session.signedIn.retrying':
      await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS);
      return;
    case 'xstate.after.redirectDelay.session.expired':
      await vi.advanceTimersByTimeAsync(SESSION_REDIRECT_MS);
      return;
    default:
      sut.actor.send(event);
  }
  await vi.advanceTimersByTimeAsync(0);
}

describe('session machine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state of the chart', () => {
    const model = sessionModel();
    const states = reachedStates(transitionCases(model));
    for (const s of [
      'restoring',
      'signedOut',
      '{"signedIn":"active"}',
      '{"signedIn":"refreshing"}',
      '{"signedIn":"retrying"}',
      'expired',
      'loggingOut',
    ]) {
      expect(states).toContain(s);
    }
  });

  // Built with fake timers on, so the contexts the model computes are the ones the SUT computes.
  vi.useFakeTimers({ now: NOW });
  const cases = transitionCases(sessionModel());
  vi.useRealTimers();

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const sut = startSut();
    for (const event of c.path) await exec(sut, event as SessionEvent);
    expect(sut.actor.getSnapshot().value).toEqual(c.from.value);
    await exec(sut, c.event as SessionEvent);
    const snap = sut.actor.getSnapshot();
    expect(snap.value).toEqual(c.expected.value);
    expect(snap.context.session?.token ?? null).toEqual((c.expected.context as typeof snap.context).session?.token ?? null);
    if (snap.matches('signedIn')) {
      const user = snap.context.session!.user;
      expect(selectIsSignedIn(snap)).toBe(true);
      expect(selectFullName(snap)).toBe(`${user.firstName} ${user.lastName}`);
      expect(selectInitials(snap)).toBe(`${user.firstName[0]}${user.lastName[0]}`.toUpperCase());
    } else {
      expect(selectIsSignedIn(snap)).toBe(false);
    }
    sut.actor.stop();
  });
});

describe('session rules', () => {
  beforeEach(() => vi.useFakeTimers({ now: NOW }));
  afterEach(() => vi.useRealTimers());

  it('starts signed out in a browser keeping nothing of a sign-in, without reading the storage', () => {
    let read = 0;
    const actor = createActor(
      sessionMachine.provide({
        guards: { holdsNoSession: () => true },
        actors: {
          restore: fromPromise<StoredSession | null>(async () => {
            read += 1;
            return stored;
          }),
        },
      }),
    ).start();
    // Signed out from the very first snapshot: a page drawn for a visitor is not drawn again.
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(read).toBe(0);
    actor.stop();
  });

  it('restores the stored token and role at start', async () => {
    const sut = startSut();
    await exec(sut, { type: 'xstate.done.actor.restore', output: stored } as unknown as SessionEvent);
    const snap = sut.actor.getSnapshot();
    expect(snap.context.session?.token).toBe('access-stored');
    expect(snap.context.session?.role).toBe('JobSeeker');
    expect(selectInitials(snap)).toBe('GH');
  });

  it('a 401 clears storage and goes to /login after 1000 ms, not before', async () => {
    const sut = startSut();
    await exec(sut, { type: 'xstate.done.actor.restore', output: stored } as unknown as SessionEvent);
    sut.actor.send({ type: 'session.expired' });
    expect(sut.log.cleared).toBe(1);
    expect(sut.actor.getSnapshot().context.session).toBeNull();
    await vi.advanceTimersByTimeAsync(999);
    expect(sut.log.navigated).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sut.log.navigated).toEqual([{ to: '/login', at: NOW + 1000 }]);
    expect(sut.actor.getSnapshot().value).toBe('signedOut');
  });

  it('refreshes one minute before the access token expires and stores the new token', async () => {
    const sut = startSut();
    await exec(sut, { type: 'xstate.done.actor.restore', output: stored } as unknown as SessionEvent);
    await vi.advanceTimersByTimeAsync(EXPIRES_IN * 1000 - REFRESH_MARGIN_MS - 1);
    expect(sut.actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    await vi.advanceTimersByTimeAsync(1);
    expect(sut.actor.getSnapshot().value).toEqual({ signedIn: 'refreshing' });
    sut.pending.refresh!.resolve(rotated);
    await vi.advanceTimersByTimeAsync(0);
    expect(sut.actor.getSnapshot().context.session?.token).toBe('access-rotated');
    expect(sut.log.persisted.at(-1)?.refreshToken).toBe('refresh-rotated');
  });

  it('logout clears storage, resets state and revokes the refresh token on the server', async () => {
    const sut = startSut();
    await exec(sut, { type: 'xstate.done.actor.restore', output: stored } as unknown as SessionEvent);
    sut.actor.send({ type: 'session.logout' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectIsSignedIn(sut.actor.getSnapshot())).toBe(false);
    sut.pending.revoke!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(sut.actor.getSnapshot().value).toBe('signedOut');
    expect(sut.log.cleared).toBe(1);
    expect(sut.log.revoked).toEqual(['refresh-stored']);
    expect(sut.actor.getSnapshot().context.session).toBeNull();
    expect(sut.log.navigated.map((n) => n.to)).toEqual(['/login']);
  });
});
