import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { JobAlertMessages, type AlertFrequency, type MyJobAlert } from '../../src/contract/job-alerts.ts';
import {
  jobAlertsMachine,
  selectAlerts,
  selectError,
  selectRemoving,
  type JobAlertsEmitted,
  type JobAlertsEvent,
} from '../../src/machines/jobseeker/job-alerts.machine.ts';
import { ApiError, HttpMessages } from '../../src/services/http.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle, whileActorRuns } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof jobAlertsMachine>;

const alert = (id: string, more: Partial<MyJobAlert> = {}): MyJobAlert => ({
  id,
  keyword: 'barista',
  placeName: 'Vancouver, WA',
  latitude: 45.63,
  longitude: -122.67,
  radius: 10,
  frequency: 'daily',
  confirmed: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSentAt: null,
  ...more,
});
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const list = [alert(A), alert(B, { keyword: null, placeName: null, latitude: null, longitude: null, radius: null, confirmed: false })];

const gone = new ApiError('client', 404, JobAlertMessages.notFound);
const down = new ApiError('server', 500, HttpMessages.failed);

const modelEvents = [
  { type: 'xstate.done.actor.load', output: list },
  { type: 'xstate.error.actor.load', error: down },
  { type: 'alerts.retry' },
  { type: 'alert.frequency', id: A, frequency: 'weekly' },
  { type: 'alert.frequency', id: A, frequency: 'daily' },
  { type: 'alert.delete', id: B },
  { type: 'alert.delete', id: 'unknown' },
  { type: 'delete.confirm' },
  { type: 'delete.cancel' },
  { type: 'xstate.done.actor.update', output: alert(A, { frequency: 'weekly' }) },
  { type: 'xstate.error.actor.update', error: gone },
  { type: 'xstate.error.actor.update', error: down },
  { type: 'xstate.done.actor.remove', output: undefined },
  { type: 'xstate.error.actor.remove', error: gone },
  { type: 'xstate.error.actor.remove', error: down },
] as unknown as EventObject[];

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    alerts: selectAlerts(s).map((a) => `${a.id}:${a.frequency}`),
    busyId: s.context.busyId,
    frequency: s.context.frequency,
    removing: selectRemoving(s)?.id ?? null,
    error: selectError(s),
  });

function startSut() {
  const server = {
    loads: 0,
    updates: [] as Array<{ id: string; frequency: AlertFrequency }>,
    removes: [] as string[],
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const hold = <T>(id: string) => {
    const d = deferred<T>();
    server.pending[id] = d as never;
    return d.promise;
  };
  const machine = jobAlertsMachine.provide({
    actors: {
      load: fromPromise<MyJobAlert[]>(() => (server.loads++, hold('load'))),
      update: fromPromise<MyJobAlert, { id: string; frequency: AlertFrequency }>(
        ({ input }) => (server.updates.push(input), hold('update')),
      ),
      remove: fromPromise<void, { id: string }>(({ input }) => (server.removes.push(input.id), hold('remove'))),
    },
  });
  const actor = createActor(machine);
  const told: string[] = [];
  actor.on('jobAlerts.changed', (e: JobAlertsEmitted) => told.push(e.message));
  actor.start();
  return { actor, server, told };
}

describe('job alerts in settings (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(jobAlertsMachine, { events: modelEvents, serializeState: observable, filterEvents: whileActorRuns });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual([
      'loadFailed',
      'loading',
      'ready.confirming',
      'ready.deleting',
      'ready.idle',
      'ready.updating',
    ]);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(modelEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      let told = 0;
      for (const event of path) {
        told = sut.told.length;
        if (!settle(sut.server.pending, event)) sut.actor.send(event as JobAlertsEvent);
        await flush();
      }
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // A change the server made is told once, in the contract's words; nothing else is.
      const last = path.at(-1);
      const toldNow = sut.told.slice(told);
      if (last?.type === 'xstate.done.actor.update') expect(toldNow).toEqual([JobAlertMessages.updated]);
      else if (last?.type === 'xstate.done.actor.remove') expect(toldNow).toEqual([JobAlertMessages.deleted]);
      else expect(toldNow).toEqual([]);
      // Busy exactly while a call for one alert is under way.
      expect(now.hasTag('busy')).toBe(now.context.busyId !== null);
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('job alerts rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function loaded() {
    const sut = startSut();
    sut.server.pending.load!.resolve(list as never);
    await flush();
    return sut;
  }

  it('changes how often an alert comes with one call, and not when it already comes that often', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'alert.frequency', id: A, frequency: 'daily' });
    expect(sut.server.updates).toEqual([]);
    sut.actor.send({ type: 'alert.frequency', id: A, frequency: 'weekly' });
    expect(sut.server.updates).toEqual([{ id: A, frequency: 'weekly' }]);
    sut.server.pending.update!.resolve(alert(A, { frequency: 'weekly' }) as never);
    await flush();
    expect(selectAlerts(sut.actor.getSnapshot()).map((a) => a.frequency)).toEqual(['weekly', 'daily']);
    expect(sut.told).toEqual([JobAlertMessages.updated]);
  });

  it('deletes only once the seeker confirms, and drops an alert the server no longer has', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'alert.delete', id: B });
    expect(selectRemoving(sut.actor.getSnapshot())?.id).toBe(B);
    sut.actor.send({ type: 'delete.cancel' });
    expect(sut.server.removes).toEqual([]);
    sut.actor.send({ type: 'alert.delete', id: A });
    sut.actor.send({ type: 'delete.confirm' });
    expect(sut.server.removes).toEqual([A]);
    sut.server.pending.remove!.reject(gone);
    await flush();
    expect(selectAlerts(sut.actor.getSnapshot()).map((a) => a.id)).toEqual([B]);
    expect(selectError(sut.actor.getSnapshot())).toBe(JobAlertMessages.notFound);
  });

  it('keeps the alert as it was when a change fails for another reason', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'alert.frequency', id: A, frequency: 'weekly' });
    sut.server.pending.update!.reject(down);
    await flush();
    expect(selectAlerts(sut.actor.getSnapshot())).toEqual(list);
    expect(selectError(sut.actor.getSnapshot())).toBe(HttpMessages.failed);
  });
});
