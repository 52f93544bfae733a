import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { JobMessages, MAX_REPORT_DETAILS, type ReportInput } from '../../src/contract/jobs.ts';
import { reportErrors, reportJobMachine, selectReportErrors, type ReportJobEvent } from '../../src/machines/jobs/report-job.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { atomicStates, deferred, eventTypesOf, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof reportJobMachine>;

const JOB_ID = '0b7f8a52-7a0e-4f7e-9a55-0000000000aa';
const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const tooLong = ApiError.of('request.invalid', JobMessages.reportDetails, { fieldErrors: { details: JobMessages.reportDetails } });

const modelEvents = [
  { type: 'reason.change', reason: 'scam' },
  { type: 'reason.change', reason: 'other' },
  { type: 'details.change', details: 'It asks for a fee to start.' },
  { type: 'details.change', details: '' },
  { type: 'report.submit' },
  { type: 'dialog.close' },
  { type: 'xstate.done.actor.report', output: undefined },
  { type: 'xstate.error.actor.report', error: serverDown },
  { type: 'xstate.error.actor.report', error: tooLong },
] as unknown as EventObject[];

/** What the seeker sees: where the dialog is, what is chosen and typed, and every message shown. */
const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    reason: s.context.reason,
    details: s.context.details,
    errors: selectReportErrors(s),
    error: s.context.error,
    busy: s.hasTag('busy'),
    output: s.status === 'done' ? s.output : null,
  });

function startSut() {
  const server = {
    reports: [] as Array<{ jobId: string; report: ReportInput }>,
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const machine = reportJobMachine.provide({
    actors: {
      report: fromPromise<void, { jobId: string; report: ReportInput }>(({ input }) => {
        server.reports.push(input);
        const d = deferred<never>();
        server.pending.report = d;
        return d.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { jobId: JOB_ID } }).start();
  return { actor, server };
}
type Sut = ReturnType<typeof startSut>;

async function exec(sut: Sut, event: EventObject) {
  if (!settle(sut.server.pending, event)) sut.actor.send(event as ReportJobEvent);
  await flush();
}

describe('report job machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(reportJobMachine, {
    events: modelEvents,
    input: { jobId: JOB_ID },
    serializeState: observable,
    filterEvents: (s, e) => {
      if (e.type.endsWith('actor.report')) return s.matches('submitting');
      return true;
    },
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event it handles', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(['closed', 'editing', 'sent', 'submitting']);
    expect([...new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))].sort()).toEqual(
      [...new Set([...eventTypesOf(reportJobMachine), ...modelEvents.map((e) => e.type)])].sort(),
    );
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path.slice(0, -1)) await exec(sut, event);
      const sent = sut.server.reports.length;
      const wasSending = sut.actor.getSnapshot().matches('submitting');
      const last = path.at(-1);
      if (last) await exec(sut, last);
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // A report is sent exactly when the form goes to submitting, with what was chosen and typed.
      if (last) {
        const went = !wasSending && now.matches('submitting');
        expect(sut.server.reports.length - sent).toBe(went ? 1 : 0);
        if (went)
          expect(sut.server.reports.at(-1)).toEqual({
            jobId: JOB_ID,
            report: { reason: now.context.reason, details: now.context.details },
          });
      }
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('report job rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for a reason from the list, and a description for "something else" only', () => {
    expect(reportErrors({ reason: null, details: '' })).toEqual({ reason: JobMessages.reportReason });
    expect(reportErrors({ reason: 'other', details: '   ' })).toEqual({ details: JobMessages.reportDetailsNeeded });
    expect(reportErrors({ reason: 'other', details: 'Fake company' })).toEqual({});
    expect(reportErrors({ reason: 'scam', details: '' })).toEqual({});
    expect(reportErrors({ reason: 'misleading', details: 'x'.repeat(MAX_REPORT_DETAILS + 1) })).toEqual({
      details: JobMessages.reportDetails,
    });
  });

  it('shows nothing before a submit; a submit without a reason sends nothing and says why', async () => {
    const sut = startSut();
    expect(selectReportErrors(sut.actor.getSnapshot())).toEqual({});
    await exec(sut, { type: 'report.submit' });
    expect(selectReportErrors(sut.actor.getSnapshot())).toEqual({ reason: JobMessages.reportReason });
    expect(sut.server.reports).toEqual([]);
    await exec(sut, { type: 'reason.change', reason: 'other' } as EventObject);
    expect(selectReportErrors(sut.actor.getSnapshot())).toEqual({ details: JobMessages.reportDetailsNeeded });
  });

  it('sends the report, thanks the seeker, and tells the page the job is reported when the dialog closes', async () => {
    const sut = startSut();
    await exec(sut, { type: 'reason.change', reason: 'discriminatory' } as EventObject);
    await exec(sut, { type: 'report.submit' });
    expect(sut.server.reports).toEqual([{ jobId: JOB_ID, report: { reason: 'discriminatory', details: '' } }]);
    // Nothing closes the dialog while the report is on its way.
    await exec(sut, { type: 'dialog.close' });
    expect(sut.actor.getSnapshot().matches('submitting')).toBe(true);
    sut.server.pending.report!.resolve(undefined as never);
    await flush();
    expect(sut.actor.getSnapshot().matches('sent')).toBe(true);
    await exec(sut, { type: 'dialog.close' });
    expect(sut.actor.getSnapshot().output).toEqual({ reported: true });
  });

  it('closed without sending, the job is not reported', async () => {
    const sut = startSut();
    await exec(sut, { type: 'reason.change', reason: 'scam' } as EventObject);
    await exec(sut, { type: 'dialog.close' });
    expect(sut.actor.getSnapshot().output).toEqual({ reported: false });
  });

  it('puts the server’s word on a field next to it until the field changes; another failure above the buttons', async () => {
    const sut = startSut();
    await exec(sut, { type: 'reason.change', reason: 'misleading' } as EventObject);
    await exec(sut, { type: 'report.submit' });
    sut.server.pending.report!.reject(tooLong);
    await flush();
    expect(selectReportErrors(sut.actor.getSnapshot())).toEqual({ details: JobMessages.reportDetails });
    await exec(sut, { type: 'reason.change', reason: 'scam' } as EventObject);
    expect(selectReportErrors(sut.actor.getSnapshot())).toEqual({ details: JobMessages.reportDetails });
    await exec(sut, { type: 'details.change', details: 'Shorter' } as EventObject);
    expect(selectReportErrors(sut.actor.getSnapshot())).toEqual({});
    await exec(sut, { type: 'report.submit' });
    sut.server.pending.report!.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(sut.actor.getSnapshot().context.error).toBe(AccountMessages.generic);
    expect(sut.actor.getSnapshot().matches('editing')).toBe(true);
  });
});
