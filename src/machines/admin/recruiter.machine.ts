import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AdminRecruiterDetail } from '../../contract/admin.ts';
import { adminService } from '../../services/admin.ts';
import { isMissing, loadErrorOf } from './admin-errors.ts';

export interface RecruiterPageInput {
  recruiterId: string;
}

export interface RecruiterPageContext extends RecruiterPageInput {
  detail: AdminRecruiterDetail | null;
  error: string | null;
}

export type RecruiterPageEvent = { type: 'recruiter.retry' };

/** A recruiter in the back office (GetRecruiterDetails): found, not found, or not read (try again). */
export const recruiterPageMachine = setup({
  types: {
    input: {} as RecruiterPageInput,
    context: {} as RecruiterPageContext,
    events: {} as RecruiterPageEvent,
  },
  actors: {
    load: fromPromise<AdminRecruiterDetail, RecruiterPageInput>(
      async ({ input, signal }) => (await adminService.recruiter(input.recruiterId, { signal })).data,
    ),
  },
  guards: {
    missing: (_, params: { error: unknown }) => isMissing(params.error),
  },
}).createMachine({
  id: 'recruiterPage',
  context: ({ input }) => ({ recruiterId: input.recruiterId, detail: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ recruiterId: context.recruiterId }),
        onDone: { target: 'ready', actions: assign({ detail: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'missing', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'failed', actions: assign({ error: ({ event }) => loadErrorOf(event.error) }) },
        ],
      },
    },
    ready: {},
    notFound: {},
    failed: { tags: ['error'], on: { 'recruiter.retry': 'loading' } },
  },
});

type Snap = SnapshotFrom<typeof recruiterPageMachine>;
export type RecruiterPageView = 'loading' | 'ready' | 'notFound' | 'failed';
export const selectView = (s: Snap): RecruiterPageView =>
  s.matches('ready') ? 'ready' : s.matches('notFound') ? 'notFound' : s.matches('failed') ? 'failed' : 'loading';
export const selectDetail = (s: Snap) => s.context.detail;
export const selectError = (s: Snap) => (s.matches('failed') ? s.context.error : null);
