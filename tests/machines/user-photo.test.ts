import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import {
  PHOTO_MAX_REFRESH_MS,
  PHOTO_MIN_REFRESH_MS,
  PHOTO_REFRESH_MARGIN_MS,
  selectPhotoSource,
  userPhotoMachine,
} from '../../src/machines/account/user-photo.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { profileChanges, type ProfilePhoto } from '../../src/services/profile-changes.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof userPhotoMachine>;

const NOW = new Date('2026-03-02T10:00:00Z').getTime();
const HOUR = 3600_000;
const REFRESH = 'xstate.after.refresh.userPhoto.settled.shown';

const photo = (name: string, expiresIn = 6 * HOUR): ProfilePhoto => ({
  src: `https://api.example.com/api/Common/images/${name}?expires=1&signature=s`,
  expiresAt: new Date(NOW + expiresIn).toISOString(),
});
const stored = photo('one');
const uploaded = photo('two');

const modelEvents = [
  { type: 'xstate.done.actor.load', output: stored },
  { type: 'xstate.done.actor.load', output: null },
  { type: 'xstate.error.actor.load', error: new ApiError('server', 500, 'Something went wrong!!!') },
  { type: 'photo.changed', photo: uploaded },
  { type: 'photo.changed', photo: null },
  { type: REFRESH },
] as unknown as EventObject[];

const observable = (s: Snap) => JSON.stringify({ value: s.value, src: selectPhotoSource(s) });

function startSut() {
  const server = { loads: 0, pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined> };
  const machine = userPhotoMachine.provide({
    actors: {
      load: fromPromise<ProfilePhoto | null>(() => {
        server.loads++;
        const d = deferred<ProfilePhoto | null>();
        server.pending.load = d as never;
        return d.promise;
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, server };
}

type Sut = ReturnType<typeof startSut>;

/** Lives through one model event: a server answer, a page's change on the bus, or time passing. */
async function exec(sut: Sut, event: EventObject) {
  if (event.type === REFRESH) await vi.advanceTimersToNextTimerAsync();
  else if (event.type === 'photo.changed') profileChanges.photoChanged((event as unknown as { photo: ProfilePhoto | null }).photo);
  else settle(sut.server.pending, event);
  await flush();
}

describe('user menu photo machine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  const model = modelOf(userPhotoMachine, {
    events: modelEvents,
    serializeState: observable,
    filterEvents: (s, e) => {
      if (e.type.endsWith('actor.load')) return s.matches('loading');
      if (e.type === REFRESH) return s.matches({ settled: 'shown' });
      return true;
    },
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(['loading', 'settled.none', 'settled.shown']);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(modelEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      vi.setSystemTime(NOW);
      const sut = startSut();
      for (const event of path) await exec(sut, event);
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // A read runs exactly while the machine is loading.
      expect(sut.server.loads).toBe(1 + path.filter((e) => e.type === REFRESH).length);
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('user menu photo rules', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('asks for a new address five minutes before the signed one expires', async () => {
    const sut = startSut();
    sut.server.pending.load!.resolve(stored as never);
    await flush();
    await vi.advanceTimersByTimeAsync(6 * HOUR - PHOTO_REFRESH_MARGIN_MS - 1);
    expect(sut.server.loads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sut.server.loads).toBe(2);
    // The photo stays on screen while the new address is on its way.
    expect(selectPhotoSource(sut.actor.getSnapshot())).toBe(stored.src);
    sut.actor.stop();
  });

  it('never asks again sooner than a minute, even for an address about to expire', async () => {
    const sut = startSut();
    sut.server.pending.load!.resolve(photo('short', 2 * 60_000) as never);
    await flush();
    await vi.advanceTimersByTimeAsync(PHOTO_MIN_REFRESH_MS - 1);
    expect(sut.server.loads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sut.server.loads).toBe(2);
    sut.actor.stop();
  });

  it('shows a photo changed on another page at once, even while its own read is on its way', async () => {
    const sut = startSut();
    profileChanges.photoChanged(uploaded);
    expect(selectPhotoSource(sut.actor.getSnapshot())).toBe(uploaded.src);
    // The older read's answer no longer counts.
    sut.server.pending.load!.resolve(stored as never);
    await flush();
    expect(selectPhotoSource(sut.actor.getSnapshot())).toBe(uploaded.src);
    profileChanges.photoChanged(null);
    expect(selectPhotoSource(sut.actor.getSnapshot())).toBeNull();
    sut.actor.stop();
  });

  it('asks again at least daily, however far off the expiry (a longer timer would overflow and fire at once)', async () => {
    const sut = startSut();
    sut.server.pending.load!.resolve(photo('long', 365 * 24 * HOUR) as never);
    await flush();
    await vi.advanceTimersByTimeAsync(PHOTO_MAX_REFRESH_MS - 1);
    expect(sut.server.loads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sut.server.loads).toBe(2);
    sut.actor.stop();
  });

  it('times the next read by the newest photo’s address', async () => {
    const sut = startSut();
    sut.server.pending.load!.resolve(stored as never);
    await flush();
    await vi.advanceTimersByTimeAsync(5 * HOUR);
    // Uploaded on another page: its address works six hours from now.
    profileChanges.photoChanged({ src: uploaded.src, expiresAt: new Date(Date.now() + 6 * HOUR).toISOString() });
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(sut.server.loads).toBe(1);
    await vi.advanceTimersByTimeAsync(5 * HOUR - PHOTO_REFRESH_MARGIN_MS);
    expect(sut.server.loads).toBe(2);
    sut.actor.stop();
  });

  it('stops listening when it stops', () => {
    const sut = startSut();
    sut.actor.stop();
    profileChanges.photoChanged(uploaded);
    expect(selectPhotoSource(sut.actor.getSnapshot())).toBeNull();
  });
});
