import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { ApplicantMessages, STAFF_TRANSITIONS, type ApplicantDetail, type StaffStatus } from '../../src/contract/applicants.ts';
import {
  applicantDetailMachine,
  type ApplicantDetailEmitted,
  type ApplicantDetailEvent,
  type StatusResult,
} from '../../src/machines/applicants/applicant-detail.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { demoApplicants, demoDetail } from '../../src/views/applicants/applicants-stories-support.ts';
import {
  atomicStates,
  deferred,
  eventTypesOf,
  flush,
  modelOf,
  modelStates,
  settle,
  whileActorRuns,
  type ModelState,
} from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof applicantDetailMachine>;

const maria = demoApplicants[0]!;
const opened = demoDetail(maria);
const reviewedRow = { ...maria, isNew: false, status: 'Reviewed' as const, statusChangedAt: '2026-03-16T08:00:00.000Z' };
const reviewed: ApplicantDetail = {
  ...demoDetail(reviewedRow),
  history: [{ from: 'Applied', to: 'Reviewed', changedAt: reviewedRow.statusChangedAt, changedBy: { id: 'r1', name: 'Amir Nguyen' } }],
};
const hired = demoDetail(demoApplicants[2]!);
const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const gone = new ApiError('client', 404, ApplicantMessages.applicantNotFound, [ApplicantMessages.applicantNotFound]);
const refused = new ApiError('client', 409, 'An application that is applied cannot be moved to hired.', [
  'An application that is applied cannot be moved to hired.',
]);

function stubbed() {
  const server = {
    loads: [] as string[],
    statuses: [] as Array<{ id: string; status: StaffStatus }>,
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const logic = applicantDetailMachine.provide({
    actors: {
      load: fromPromise<ApplicantDetail, { id: string }>(({ input }) => {
        server.loads.push(input.id);
        const d = deferred<never>();
        server.pending.load = d;
        return d.promise;
      }),
      setStatus: fromPromise<StatusResult, { id: string; status: StaffStatus }>(({ input }) => {
        server.statuses.push(input);
        const d = deferred<never>();
        server.pending.setStatus = d;
        return d.promise;
      }),
    },
  });
  return { server, logic };
}

async function replay(path: EventObject[]) {
  const { server, logic } = stubbed();
  const actor = createActor(logic, { input: { id: maria.id } }).start();
  const emitted: ApplicantDetailEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as ApplicantDetailEmitted));
  for (const event of path) {
    if (!settle(server.pending, event)) actor.send(event as ApplicantDetailEvent);
    await flush();
  }
  return { actor, server, emitted };
}

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    status: s.context.detail?.status ?? null,
    next: s.context.detail?.nextStatuses ?? null,
    history: s.context.detail?.history.length ?? null,
    loadError: s.context.loadError,
    statusError: s.context.statusError,
    pending: s.context.pending,
  });

const events = [
  { type: 'xstate.done.actor.load', output: opened },
  { type: 'xstate.done.actor.load', output: hired },
  { type: 'xstate.error.actor.load', error: gone },
  { type: 'detail.retry' },
  { type: 'status.set', status: 'Reviewed' },
  // Not offered from Applied: nothing is sent.
  { type: 'status.set', status: 'Hired' },
  { type: 'xstate.done.actor.setStatus', output: { applicant: reviewedRow, message: ApplicantMessages.statusChanged } },
  { type: 'xstate.error.actor.setStatus', error: refused },
  { type: 'xstate.done.actor.load', output: reviewed },
] as unknown as EventObject[];

describe('applicant detail machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(applicantDetailMachine, {
    events,
    input: { id: maria.id },
    serializeState: observable as never,
    filterEvents: (snap, e) => {
      if (!whileActorRuns(snap, e)) return false;
      const s = snap as Snap;
      const output = (e as { output?: ApplicantDetail }).output;
      // The first read answers Maria as she applied (or hired, to see a final status); the read after a change, as reviewed.
      if (e.type === 'xstate.done.actor.load') return s.context.detail === null ? output !== reviewed : output === reviewed;
      return true;
    },
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const { actor, server, emitted } = await replay(path);
      const now = actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // Only a status the answer offers is ever sent, and busy exactly while it is.
      for (const sent of server.statuses) expect(STAFF_TRANSITIONS.Applied).toContain(sent.status);
      expect(now.hasTag('busy')).toBe(now.matches('saving'));
      // Every read tells the list the row as it now is (opened: no longer new).
      const reads = emitted.filter((e) => e.type === 'updated');
      for (const e of reads) expect(e.type === 'updated' && e.applicant.isNew).toBe(false);
      actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });

  it('reaches every state of the chart and tries every event it handles', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(['failed', 'loading', 'ready', 'saving']);
    expect([...new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))].sort()).toEqual(
      eventTypesOf(applicantDetailMachine).sort(),
    );
  });
});

describe('applicant detail rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the applicant it is opened on and tells the list it is seen', async () => {
    const sut = await replay([{ type: 'xstate.done.actor.load', output: opened } as unknown as EventObject]);
    expect(sut.server.loads).toEqual([maria.id]);
    expect(sut.emitted).toEqual([{ type: 'updated', applicant: opened }]);
  });

  it('moves the status, announces the server’s message, tells the list, and reads the history again', async () => {
    const sut = await replay([{ type: 'xstate.done.actor.load', output: opened } as unknown as EventObject]);
    sut.actor.send({ type: 'status.set', status: 'Reviewed' });
    await flush();
    expect(sut.server.statuses).toEqual([{ id: maria.id, status: 'Reviewed' }]);
    settle(sut.server.pending, {
      type: 'xstate.done.actor.setStatus',
      output: { applicant: reviewedRow, message: ApplicantMessages.statusChanged },
    } as unknown as EventObject);
    await flush();
    expect(sut.emitted.slice(1)).toEqual([
      { type: 'updated', applicant: reviewedRow },
      { type: 'notify', message: ApplicantMessages.statusChanged },
    ]);
    expect(sut.server.loads).toHaveLength(2);
    settle(sut.server.pending, { type: 'xstate.done.actor.load', output: reviewed } as unknown as EventObject);
    await flush();
    expect(sut.actor.getSnapshot().context.detail?.nextStatuses).toEqual(STAFF_TRANSITIONS.Reviewed);
  });

  it('sends no status the pipeline does not offer, and none from a final status', async () => {
    const sut = await replay([{ type: 'xstate.done.actor.load', output: opened } as unknown as EventObject]);
    sut.actor.send({ type: 'status.set', status: 'Hired' });
    const final = await replay([{ type: 'xstate.done.actor.load', output: hired } as unknown as EventObject]);
    final.actor.send({ type: 'status.set', status: 'Rejected' });
    await flush();
    expect(sut.server.statuses).toEqual([]);
    expect(final.server.statuses).toEqual([]);
  });

  it('says a refusal in the server’s words and keeps the applicant as it was', async () => {
    const sut = await replay([{ type: 'xstate.done.actor.load', output: opened } as unknown as EventObject]);
    sut.actor.send({ type: 'status.set', status: 'Offered' });
    await flush();
    settle(sut.server.pending, { type: 'xstate.error.actor.setStatus', error: refused } as unknown as EventObject);
    await flush();
    const s = sut.actor.getSnapshot();
    expect(s.context.statusError).toBe(refused.errors[0]);
    expect(s.context.detail?.status).toBe('Applied');
    expect(s.matches('ready')).toBe(true);
  });

  it('says why the applicant could not be read, and reads again on retry', async () => {
    const sut = await replay([{ type: 'xstate.error.actor.load', error: serverDown } as unknown as EventObject]);
    expect(sut.actor.getSnapshot().context.loadError).toBe('Something went wrong!!!');
    sut.actor.send({ type: 'detail.retry' });
    await flush();
    expect(sut.server.loads).toHaveLength(2);
  });
});
