import { assign, fromPromise, setup, spawnChild, type SnapshotFrom } from 'xstate';
import type { JobDetail } from '../../contract/jobs.ts';
import { REPORT_STATUS_NAMES, type ReportStatus } from '../../contract/job-states.ts';
import { codeOf } from '../../services/http.ts';
import { jobsService } from '../../services/jobs.ts';
import { applyMachine, type ApplyOutput } from './apply.machine.ts';
import { reportJobMachine } from './report-job.machine.ts';

export interface JobPageInput {
  id: string;
  /** A signed-in job seeker: the job comes with what they have done with it, and they may apply, save and report. */
  asSeeker: boolean;
  /** The job as a visitor reads it, when the page came with it (src/app/page-data.tsx): shown without asking again. */
  job?: JobDetail | null;
}

export interface JobPageContext extends Omit<JobPageInput, 'job'> {
  job: JobDetail | null;
}

export type JobPageEvent =
  | { type: 'job.retry' }
  | { type: 'apply.open' }
  | { type: 'report.open' }
  /** The save button's confirmed change, so the page's copy of the job agrees. */
  | { type: 'save.changed'; isSaved: boolean };

/** The page's own copy: the load failure (a missing job says JobMessages.jobNotFound). */
export const JobPageMessages = {
  loading: 'Loading the job…',
  loadFailed: 'The job could not be loaded.',
  notFoundTitle: 'Job not found',
  /** The seeker's report and where it stands: under review, or what the review decided. */
  reported: (status: ReportStatus) => `Reported · ${REPORT_STATUS_NAMES[status]}`,
} as const;

/** No such job: gone or hidden (job.notFound), or an id no job can have (request.invalid). */
const isMissing = (error: unknown) => codeOf(error) === 'job.notFound' || codeOf(error) === 'request.invalid';

/** The job with the seeker's state changed by `change`. */
const withViewer = (job: JobDetail, change: Partial<NonNullable<JobDetail['viewer']>>): JobDetail =>
  job.viewer ? { ...job, viewer: { ...job.viewer, ...change } } : job;

/** The job as the page shows it after the apply dialog closed: applied, or found closed or expired. */
export function afterApply(job: JobDetail, output: ApplyOutput): JobDetail {
  let next = job;
  if (output.application) {
    const { id, status, appliedDate } = output.application;
    next = withViewer(next, { hasApplied: true, application: { id, status, appliedDate } });
  }
  if (output.jobStatus) next = { ...next, status: output.jobStatus, isOpen: false };
  return next;
}

/** Apply is offered to a job seeker, on an open job they have not applied to. */
export const canApply = (c: Pick<JobPageContext, 'asSeeker' | 'job'>) =>
  c.asSeeker && !!c.job?.isOpen && !!c.job.viewer && !c.job.viewer.hasApplied;
/** Report is offered to a job seeker who has not reported the job. */
export const canReport = (c: Pick<JobPageContext, 'asSeeker' | 'job'>) => c.asSeeker && !!c.job?.viewer && !c.job.viewer.isReported;

/**
 * A job's page (spec 2 §3 job post list view and the rest of the job, §5 display rules): the job
 * is read (with the seeker's state for a job seeker), its view counted once (failures swallowed,
 * spec 2 §8), and it is found, not found (deleted, or its company hidden) or not loaded (try
 * again). Applying and reporting are child flows in dialogs; when one closes the page takes what
 * it learned (the application, a closed job, the report).
 */
export const jobPageMachine = setup({
  types: {
    input: {} as JobPageInput,
    context: {} as JobPageContext,
    events: {} as JobPageEvent,
  },
  actors: {
    load: fromPromise<JobDetail, Omit<JobPageInput, 'job'>>(
      async ({ input, signal }) => (await jobsService.job(input.id, input.asSeeker, signal)).data,
    ),
    /** Counts the view; a failure is swallowed (spec 2 §8). */
    countView: fromPromise<void, { id: string }>(async ({ input }) => {
      // No signal: the count may finish after the page is left.
      await jobsService.click(input.id).catch(() => undefined);
    }),
    apply: applyMachine,
    report: reportJobMachine,
  },
  actions: {
    /** The page was read: its view is counted once. */
    countView: spawnChild('countView', { id: 'countView', input: ({ context }) => ({ id: context.id }) }),
  },
  guards: {
    missing: (_, params: { error: unknown }) => isMissing(params.error),
    /** A visitor's page that came with its job: a seeker's needs what they have done with it. */
    cameWithJob: ({ context }) => !!context.job && !context.asSeeker,
    canApply: ({ context }) => canApply(context),
    canReport: ({ context }) => canReport(context),
  },
}).createMachine({
  id: 'jobPage',
  context: ({ input }) => ({ id: input.id, asSeeker: input.asSeeker, job: input.job ?? null }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'cameWithJob', target: 'loaded', actions: 'countView' },
        { target: 'loading', actions: assign({ job: null }) },
      ],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id, asSeeker: context.asSeeker }),
        // The page is read once it is found (a retry only follows a failure), so the view counts once.
        onDone: {
          target: 'loaded',
          actions: [assign({ job: ({ event }) => event.output }), 'countView'],
        },
        onError: [
          { guard: { type: 'missing', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'failed' },
        ],
      },
    },
    failed: {
      tags: ['error'],
      on: { 'job.retry': 'loading' },
    },
    notFound: {},
    loaded: {
      initial: 'viewing',
      on: {
        'save.changed': { actions: assign({ job: ({ context, event }) => withViewer(context.job!, { isSaved: event.isSaved }) }) },
      },
      states: {
        viewing: {
          on: {
            'apply.open': { guard: 'canApply', target: 'applying' },
            'report.open': { guard: 'canReport', target: 'reporting' },
          },
        },
        applying: {
          invoke: {
            id: 'apply',
            src: 'apply',
            input: ({ context }) => ({ job: context.job! }),
            onDone: { target: 'viewing', actions: assign({ job: ({ context, event }) => afterApply(context.job!, event.output) }) },
            onError: { target: 'viewing' },
          },
        },
        reporting: {
          invoke: {
            id: 'report',
            src: 'report',
            input: ({ context }) => ({ jobId: context.id }),
            onDone: {
              target: 'viewing',
              actions: assign({
                job: ({ context, event }) => (event.output.reported ? withViewer(context.job!, { isReported: true }) : context.job!),
              }),
            },
            onError: { target: 'viewing' },
          },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof jobPageMachine>;

export type JobPageView = 'loading' | 'loaded' | 'notFound' | 'failed';
export const selectView = (s: Snap): JobPageView =>
  s.matches('loaded') ? 'loaded' : s.matches('notFound') ? 'notFound' : s.matches('failed') ? 'failed' : 'loading';
export const selectJob = (s: Snap) => s.context.job;
