import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { JobMessages, type JobDetail } from '../../src/contract/jobs.ts';
import type { ApplyInput, ApplyOutput } from '../../src/machines/jobs/apply.machine.ts';
import {
  afterApply,
  canApply,
  canReport,
  jobPageMachine,
  selectView,
  type JobPageEvent,
  type JobPageInput,
} from '../../src/machines/jobs/job-page.machine.ts';
import type { ReportJobInput, ReportJobOutput } from '../../src/machines/jobs/report-job.machine.ts';
import { ApiError, configureHttp } from '../../src/services/http.ts';
import { failingServer } from '../support/client/failing-server.ts';
import { appliedApplication, jobDetail, seekerViewer } from '../support/client/job-page-fixtures.ts';
import { atomicStates, deferred, eventTypesOf, flush, modelOf, modelStates, settle, type ModelState } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof jobPageMachine>;

const open = jobDetail({ viewer: seekerViewer() });
const closed = jobDetail({ status: 'Closed', isOpen: false, viewer: seekerViewer() });
const applied = jobDetail({ viewer: seekerViewer({ hasApplied: true, application: appliedApplication }) });
const reported = jobDetail({ viewer: seekerViewer({ isReported: true }) });
const forVisitor = jobDetail({ viewer: null });

const notFound = ApiError.of('job.notFound', JobMessages.jobNotFound);
const badId = ApiError.of('request.invalid', JobMessages.jobNotFound);
const serverDown = new ApiError('server', 500, 'Something went wrong!!!');

const application = {
  ...appliedApplication,
  jobId: open.id,
  resumeId: null,
  coverLetterId: null,
  workAuthorization: null,
  sponsorship: null,
};
const sentNow: ApplyOutput = { application, jobStatus: null };
const foundClosed: ApplyOutput = { application: null, jobStatus: 'Expired' };
const gaveUp: ApplyOutput = { application: null, jobStatus: null };

/** What a visitor of the page can tell apart: where it is, the job's state and the seeker's, and the dialog open. */
const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    view: selectView(s),
    job: s.context.job && { status: s.context.job.status, isOpen: s.context.job.isOpen, viewer: s.context.job.viewer },
    canApply: canApply(s.context),
    canReport: canReport(s.context),
  });

type Server = {
  loads: JobPageInput[];
  views: string[];
  applies: ApplyInput[];
  reports: ReportJobInput[];
  pending: Record<string, ReturnType<typeof deferred<never>> | undefined>;
};

/** The page's chart with its calls stubbed: each records what it was asked and waits for the test's answer. */
function stubbed(server: Server) {
  const hold = (id: string) => {
    const d = deferred<never>();
    server.pending[id] = d;
    return d.promise;
  };
  return jobPageMachine.provide({
    actors: {
      load: fromPromise<JobDetail, JobPageInput>(({ input }) => {
        server.loads.push(input);
        return hold('load');
      }),
      countView: fromPromise<void, { id: string }>(async ({ input }) => {
        server.views.push(input.id);
      }),
      // The dialogs' own flows are tested on their own; here they answer what they would end with.
      apply: fromPromise<ApplyOutput, ApplyInput>(({ input }) => {
        server.applies.push(input);
        return hold('apply');
      }) as never,
      report: fromPromise<ReportJobOutput, ReportJobInput>(({ input }) => {
        server.reports.push(input);
        return hold('report');
      }) as never,
    },
  });
}

const newServer = (): Server => ({ loads: [], views: [], applies: [], reports: [], pending: {} });

function startSut(input: JobPageInput) {
  const server = newServer();
  const actor = createActor(stubbed(server), { input }).start();
  return { actor, server };
}
type Sut = ReturnType<typeof startSut>;

async function exec(sut: Sut, event: EventObject) {
  if (!settle(sut.server.pending, event)) sut.actor.send(event as JobPageEvent);
  await flush();
}

const loadEvents = [
  { type: 'xstate.error.actor.load', error: notFound },
  { type: 'xstate.error.actor.load', error: badId },
  { type: 'xstate.error.actor.load', error: serverDown },
  { type: 'job.retry' },
] as unknown as EventObject[];

function walk(input: JobPageInput, events: EventObject[], filter: (s: Snap, e: EventObject) => boolean = () => true) {
  // The walk's chart has the dialogs as promises too, so their answers are events the model can give.
  const model = modelOf(stubbed(newServer()), {
    events: [...loadEvents, ...events],
    input,
    serializeState: observable,
    filterEvents: (s, e) => {
      const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(e.type)?.[1];
      if (actor && !(actor in s.children)) return false;
      return filter(s, e);
    },
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut(input);
      for (const event of path.slice(0, -1)) await exec(sut, event);
      const was = sut.actor.getSnapshot();
      const before = { loads: sut.server.loads.length, applies: sut.server.applies.length, reports: sut.server.reports.length };
      const last = path.at(-1);
      if (last) await exec(sut, last);
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // The job is read as the user is; its view counts once, when it is found.
      expect(sut.server.loads.every((l) => l.id === input.id && l.asSeeker === input.asSeeker)).toBe(true);
      expect(sut.server.views).toEqual(now.matches('loaded') ? [input.id] : []);
      if (last) {
        expect(sut.server.loads.length - before.loads).toBe(!was.matches('loading') && now.matches('loading') ? 1 : 0);
        const opened = (state: 'applying' | 'reporting') => !was.matches({ loaded: state }) && now.matches({ loaded: state });
        expect(sut.server.applies.length - before.applies).toBe(opened('applying') ? 1 : 0);
        if (opened('applying')) expect(sut.server.applies.at(-1)).toEqual({ job: now.context.job });
        expect(sut.server.reports.length - before.reports).toBe(opened('reporting') ? 1 : 0);
        if (opened('reporting')) expect(sut.server.reports.at(-1)).toEqual({ jobId: input.id });
      }
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
  return states;
}

const ID = open.id;

describe('job page machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const reached: string[] = [];
  const tried: string[] = [];
  const collect = (states: Array<ModelState<Snap, EventObject>>) => {
    reached.push(...states.flatMap((s) => atomicStates(s.state.value)));
    tried.push(...states.flatMap((s) => s.transitions.map((t) => t.event.type)));
  };

  describe('a job seeker', () => {
    collect(
      walk(
        { id: ID, asSeeker: true },
        [
          { type: 'xstate.done.actor.load', output: open },
          { type: 'xstate.done.actor.load', output: closed },
          { type: 'xstate.done.actor.load', output: applied },
          { type: 'xstate.done.actor.load', output: reported },
          { type: 'apply.open' },
          { type: 'report.open' },
          { type: 'save.changed', isSaved: true },
          { type: 'xstate.done.actor.apply', output: sentNow },
          { type: 'xstate.done.actor.apply', output: foundClosed },
          { type: 'xstate.done.actor.apply', output: gaveUp },
          { type: 'xstate.error.actor.apply', error: new Error('the dialog broke') },
          { type: 'xstate.done.actor.report', output: { reported: true } },
          { type: 'xstate.done.actor.report', output: { reported: false } },
          { type: 'xstate.error.actor.report', error: new Error('the dialog broke') },
        ] as unknown as EventObject[],
        // Saving once, on the open job, keeps the walk small.
        (s, e) => e.type !== 'save.changed' || (s.context.job?.id === ID && s.context.job.isOpen && !s.context.job.viewer?.isSaved),
      ),
    );
  });

  describe('a visitor (or a company’s staff)', () => {
    collect(
      walk({ id: ID, asSeeker: false }, [
        { type: 'xstate.done.actor.load', output: forVisitor },
        { type: 'apply.open' },
        { type: 'report.open' },
      ] as unknown as EventObject[]),
    );
  });

  describe('a visitor whose page came with its job', () => {
    collect(
      walk({ id: ID, asSeeker: false, job: forVisitor }, [{ type: 'apply.open' }, { type: 'report.open' }] as unknown as EventObject[]),
    );
  });

  it('reaches every state of the chart and tries every event it handles', () => {
    expect([...new Set(reached)].sort()).toEqual([
      'failed',
      'loaded.applying',
      'loaded.reporting',
      'loaded.viewing',
      'loading',
      'notFound',
    ]);
    expect([...new Set(tried)].sort()).toEqual([...new Set(eventTypesOf(jobPageMachine))].sort());
  });
});

describe('job page rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the job as a seeker only for a seeker', async () => {
    expect(startSut({ id: ID, asSeeker: true }).server.loads).toEqual([{ id: ID, asSeeker: true }]);
    expect(startSut({ id: ID, asSeeker: false }).server.loads).toEqual([{ id: ID, asSeeker: false }]);
  });

  it('shows the job a visitor’s page came with without asking for it, and counts the view once', async () => {
    const sut = startSut({ id: ID, asSeeker: false, job: forVisitor });
    await flush();
    expect(selectView(sut.actor.getSnapshot())).toBe('loaded');
    expect(sut.actor.getSnapshot().context.job).toBe(forVisitor);
    expect(sut.server.loads).toEqual([]);
    expect(sut.server.views).toEqual([ID]);
  });

  it('reads the job again for a job seeker, whose page shows what they have done with it', async () => {
    const sut = startSut({ id: ID, asSeeker: true, job: forVisitor });
    expect(selectView(sut.actor.getSnapshot())).toBe('loading');
    expect(sut.actor.getSnapshot().context.job).toBeNull();
    expect(sut.server.loads).toEqual([{ id: ID, asSeeker: true }]);
    sut.server.pending.load!.resolve(open as never);
    await flush();
    expect(sut.actor.getSnapshot().context.job).toBe(open);
    expect(sut.server.views).toEqual([ID]);
  });

  it('counts the view once, after a retry too', async () => {
    const sut = startSut({ id: ID, asSeeker: true });
    sut.server.pending.load!.reject(serverDown);
    await flush();
    expect(sut.server.views).toEqual([]);
    await exec(sut, { type: 'job.retry' });
    sut.server.pending.load!.resolve(open as never);
    await flush();
    await exec(sut, { type: 'apply.open' });
    sut.server.pending.apply!.resolve(gaveUp as never);
    await flush();
    expect(sut.server.views).toEqual([ID]);
  });

  it('after applying, the job shows the application; a job found closed shows closed and offers Apply no more', () => {
    const after = afterApply(open, sentNow);
    expect(after.viewer).toMatchObject({
      hasApplied: true,
      application: { id: application.id, status: 'Applied', appliedDate: application.appliedDate },
    });
    expect(canApply({ asSeeker: true, job: after })).toBe(false);
    const gone = afterApply(open, foundClosed);
    expect(gone).toMatchObject({ status: 'Expired', isOpen: false });
    expect(canApply({ asSeeker: true, job: gone })).toBe(false);
    expect(afterApply(open, gaveUp)).toEqual(open);
  });

  it('offers Apply and Report to a seeker only, Apply on an open job not applied to, Report until reported', () => {
    expect(canApply({ asSeeker: true, job: open })).toBe(true);
    expect(canApply({ asSeeker: false, job: open })).toBe(false);
    expect(canApply({ asSeeker: true, job: closed })).toBe(false);
    expect(canApply({ asSeeker: true, job: applied })).toBe(false);
    // A reported job may still be applied to: the seeker decides.
    expect(canApply({ asSeeker: true, job: reported })).toBe(true);
    expect(canReport({ asSeeker: true, job: open })).toBe(true);
    expect(canReport({ asSeeker: true, job: reported })).toBe(false);
    expect(canReport({ asSeeker: false, job: forVisitor })).toBe(false);
  });

  it('counts the view with the real call and swallows its failure: the page stays as it is', async () => {
    vi.useRealTimers();
    const notified: string[] = [];
    const server = await failingServer();
    configureHttp({ baseURL: server.url, notify: (m) => notified.push(m) });
    try {
      const machine = jobPageMachine.provide({ actors: { load: fromPromise<JobDetail, JobPageInput>(async () => open) } });
      const actor = createActor(machine, { input: { id: ID, asSeeker: true } }).start();
      await server.answered;
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(server.requests).toEqual([{ method: 'POST', url: `/api/job/job-click/${ID}` }]);
      // Swallowed silently (spec 2 §8): no toast, and the page as it was.
      expect(notified).toEqual([]);
      expect(actor.getSnapshot().status).toBe('active');
      expect(selectView(actor.getSnapshot())).toBe('loaded');
      actor.stop();
    } finally {
      configureHttp({ baseURL: '' });
      await server.close();
    }
  });
});
