import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { MetricsMessages, type EmployerMetrics, type PerformancePage } from '../../src/contract/metrics.ts';
import { presetRange, shiftRange } from '../../src/machines/metrics/date-range.machine.ts';
import { employerMetricsMachine, selectErrors as employerErrors } from '../../src/machines/metrics/employer-metrics.machine.ts';
import { jobMetricsMachine, selectErrors as jobErrors, type JobMetricsInput } from '../../src/machines/metrics/job-metrics.machine.ts';
import {
  performanceMachine,
  selectErrors as performanceErrors,
  selectIsToday,
  selectPageCount,
  type PerformanceQuery,
} from '../../src/machines/metrics/performance.machine.ts';
import { ApiError, HttpMessages } from '../../src/services/http.ts';
import {
  demoEmployerMetrics,
  demoJob,
  demoJobMetrics,
  demoPerformance,
  STORY_TODAY,
} from '../../src/views/metrics/metrics-stories-support.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle, whileActorRuns, type ModelState } from '../support/client/model.ts';

const week = presetRange('week', STORY_TODAY);
const earlier = shiftRange(week, -1);
const month = presetRange('month', STORY_TODAY);
const notFound = new ApiError('client', 404, MetricsMessages.jobNotFound);
const badRange = new ApiError('client', 400, MetricsMessages.endDate, [MetricsMessages.endDate, MetricsMessages.timeZone]);
const offline = new ApiError('network', 0, HttpMessages.network);

/**
 * Runs a load machine with its `load` actor answered when the model says, recording what each load
 * asked for and whether it was cancelled.
 */
function startSut(machine: AnyStateMachine, input: unknown) {
  const server = {
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
    loads: [] as Array<{ input: unknown; signal: AbortSignal; settled: boolean }>,
  };
  const logic = machine.provide({
    actors: {
      load: fromPromise(({ input, signal }) => {
        server.loads.push({ input, signal, settled: false });
        const d = deferred<never>();
        server.pending.load = d;
        return d.promise;
      }),
    },
  });
  const actor = createActor(logic, { input }).start();
  return { actor, server };
}
type Sut = ReturnType<typeof startSut>;

async function play(sut: Sut, event: { type: string; [key: string]: unknown }) {
  if (settle(sut.server.pending, event)) sut.server.loads.at(-1)!.settled = true;
  else sut.actor.send(event);
  await flush();
}

/** Walks every state of a load machine's model and every event from it on the real actor. */
function walk(
  machine: AnyStateMachine,
  options: {
    input: unknown;
    /** User events and the load's answers. */
    events: Array<{ type: string; [key: string]: unknown }>;
    /** What the page shows of a state. */
    observable(s: AnyMachineSnapshot): string;
    leaves: string[];
    filterEvents?(s: AnyMachineSnapshot, e: EventObject): boolean;
  },
) {
  const model = modelOf(machine, {
    events: options.events as EventObject[],
    input: options.input as never,
    serializeState: options.observable as never,
    filterEvents: (snap, e) => whileActorRuns(snap, e) && (options.filterEvents?.(snap, e) ?? true),
  });
  const states = modelStates(model) as unknown as Array<ModelState<AnyMachineSnapshot, EventObject>>;

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual(options.leaves);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(options.events.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: AnyMachineSnapshot) => {
      const sut = startSut(machine, options.input);
      for (const event of path) await play(sut, event);
      expect(options.observable(sut.actor.getSnapshot())).toBe(options.observable(expected));
      // Only the latest load is ever running, and only while loading: each earlier one was answered or cancelled.
      const running = sut.server.loads.filter((l) => !l.settled && !l.signal.aborted);
      expect(running).toEqual(sut.actor.getSnapshot().hasTag('loading') ? [sut.server.loads.at(-1)] : []);
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
}

describe('the job metrics machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  type Snap = SnapshotFrom<typeof jobMetricsMachine>;
  walk(jobMetricsMachine, {
    input: { jobPostId: demoJob.id, ...week } satisfies JobMetricsInput,
    events: [
      { type: 'xstate.done.actor.load', output: demoJobMetrics(week) },
      { type: 'xstate.error.actor.load', error: notFound },
      { type: 'xstate.error.actor.load', error: badRange },
      { type: 'metrics.range', ...earlier },
      { type: 'metrics.range', ...week },
      { type: 'metrics.retry' },
    ],
    observable: (snap) => {
      const s = snap as Snap;
      return JSON.stringify({
        value: s.value,
        range: s.context.range,
        shown: s.context.metrics ? `${s.context.metrics.startDate}…${s.context.metrics.endDate}` : null,
        errors: jobErrors(s),
        tags: [...s.tags].sort(),
      });
    },
    leaves: ['failed', 'loading', 'ready'],
  });
});

describe('the employer metrics machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  type Snap = SnapshotFrom<typeof employerMetricsMachine>;
  walk(employerMetricsMachine, {
    input: month,
    events: [
      { type: 'xstate.done.actor.load', output: demoEmployerMetrics(month) },
      { type: 'xstate.error.actor.load', error: offline },
      { type: 'metrics.range', ...shiftRange(month, -1) },
      { type: 'metrics.range', ...month },
      { type: 'metrics.retry' },
    ],
    observable: (snap) => {
      const s = snap as Snap;
      return JSON.stringify({
        value: s.value,
        range: s.context.range,
        shown: s.context.metrics !== null,
        errors: employerErrors(s),
        tags: [...s.tags].sort(),
      });
    },
    leaves: ['failed', 'loading', 'ready'],
  });
});

describe('the job-post performance machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  type Snap = SnapshotFrom<typeof performanceMachine>;
  walk(performanceMachine, {
    input: { today: STORY_TODAY },
    events: [
      { type: 'xstate.done.actor.load', output: demoPerformance(STORY_TODAY, 1, 25) },
      { type: 'xstate.error.actor.load', error: badRange },
      { type: 'performance.page', page: 2 },
      { type: 'performance.page', page: 4 },
      { type: 'performance.previousDay' },
      { type: 'performance.nextDay' },
      { type: 'performance.today' },
      { type: 'performance.retry' },
    ],
    observable: (snap) => {
      const s = snap as Snap;
      return JSON.stringify({
        value: s.value,
        date: s.context.date,
        page: s.context.pageNumber,
        pages: selectPageCount(s),
        isToday: selectIsToday(s),
        errors: performanceErrors(s),
        tags: [...s.tags].sort(),
      });
    },
    leaves: ['failed', 'loading', 'ready'],
    // Two days back is enough to see every rule.
    filterEvents: (s, e) => e.type !== 'performance.previousDay' || (s as Snap).context.date >= '2025-03-11',
  });
});

describe('the metrics load rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks job-metrics for the job and the range, and again for each new range, cancelling the one before', async () => {
    const sut = startSut(jobMetricsMachine, { jobPostId: demoJob.id, ...week });
    await play(sut, { type: 'metrics.range', ...earlier });
    expect(sut.server.loads.map((l) => l.input)).toEqual([
      { jobPostId: demoJob.id, ...week },
      { jobPostId: demoJob.id, ...earlier },
    ]);
    expect(sut.server.loads.map((l) => l.signal.aborted)).toEqual([true, false]);
    // The same range again asks nothing more.
    await play(sut, { type: 'metrics.range', ...earlier });
    expect(sut.server.loads).toHaveLength(2);
  });

  it('shows every state error of the answer, then reads the same range again on retry', async () => {
    const sut = startSut(jobMetricsMachine, { jobPostId: demoJob.id, ...week });
    await play(sut, { type: 'xstate.error.actor.load', error: badRange });
    expect(jobErrors(sut.actor.getSnapshot() as SnapshotFrom<typeof jobMetricsMachine>)).toEqual([
      MetricsMessages.endDate,
      MetricsMessages.timeZone,
    ]);
    await play(sut, { type: 'metrics.retry' });
    expect(sut.server.loads.map((l) => l.input)).toEqual([
      { jobPostId: demoJob.id, ...week },
      { jobPostId: demoJob.id, ...week },
    ]);
    await play(sut, { type: 'xstate.error.actor.load', error: new Error('boom') });
    expect(jobErrors(sut.actor.getSnapshot() as SnapshotFrom<typeof jobMetricsMachine>)).toEqual([HttpMessages.unexpected]);
  });

  it('keeps the last answer on screen while the next range loads', async () => {
    const sut = startSut(employerMetricsMachine, month);
    const answer: EmployerMetrics = demoEmployerMetrics(month);
    await play(sut, { type: 'xstate.done.actor.load', output: answer });
    await play(sut, { type: 'metrics.range', ...shiftRange(month, -1) });
    const s = sut.actor.getSnapshot();
    expect(s.hasTag('loading')).toBe(true);
    expect(s.context.metrics).toBe(answer);
  });

  it('reads the performance list for today, page 1; another day goes back to page 1; no day after today', async () => {
    const sut = startSut(performanceMachine, { today: STORY_TODAY });
    const page: PerformancePage = demoPerformance(STORY_TODAY, 1, 25);
    await play(sut, { type: 'xstate.done.actor.load', output: page });
    await play(sut, { type: 'performance.page', page: 3 });
    await play(sut, { type: 'xstate.done.actor.load', output: { ...page, pageNumber: 3 } });
    await play(sut, { type: 'performance.previousDay' });
    await play(sut, { type: 'performance.nextDay' });
    await play(sut, { type: 'performance.nextDay' });
    expect(sut.server.loads.map((l) => l.input as PerformanceQuery)).toEqual([
      { date: STORY_TODAY, pageNumber: 1 },
      { date: STORY_TODAY, pageNumber: 3 },
      { date: '2025-03-11', pageNumber: 1 },
      { date: STORY_TODAY, pageNumber: 1 },
    ]);
  });
});
