import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { ApplicantMessages, type Applicant, type ApplicantDetail, type StaffStatus } from '../../contract/applicants.ts';
import { applicantsService } from '../../services/applicants.ts';
import { messagesOf } from '../form.ts';

export interface ApplicantDetailContext {
  id: string;
  detail: ApplicantDetail | null;
  loadError: string | null;
  /** Why the last change of status was refused; the applicant stays as it was. */
  statusError: string | null;
  /** The status being set. */
  pending: StaffStatus | null;
}

export type ApplicantDetailEvent = { type: 'detail.retry' } | { type: 'status.set'; status: StaffStatus };

/** `updated`: the list row as the server now sees it (opened: no longer new; or moved). */
export type ApplicantDetailEmitted = { type: 'updated'; applicant: Applicant } | { type: 'notify'; message: string };

export interface StatusResult {
  applicant: Applicant;
  message: string;
}

/**
 * One applicant, opened from a list (spec 2 §3, §7 applicant/{id}): reading it marks it seen, so
 * the list row is told. The status moves only to the statuses the answer allows (STAFF_TRANSITIONS);
 * after a change the applicant is read again for its history and its next statuses.
 */
export const applicantDetailMachine = setup({
  types: {
    context: {} as ApplicantDetailContext,
    events: {} as ApplicantDetailEvent,
    input: {} as { id: string },
    emitted: {} as ApplicantDetailEmitted,
  },
  actors: {
    load: fromPromise<ApplicantDetail, { id: string }>(
      async ({ input, signal }) => (await applicantsService.detail(input.id, signal)).data,
    ),
    setStatus: fromPromise<StatusResult, { id: string; status: StaffStatus }>(async ({ input, signal }) => {
      const res = await applicantsService.setStatus({ applicantId: input.id, status: input.status }, signal);
      return { applicant: res.data, message: res.message || ApplicantMessages.statusChanged };
    }),
  },
  guards: {
    allowed: ({ context, event }) => {
      assertEvent(event, 'status.set');
      return !!context.detail?.nextStatuses.includes(event.status);
    },
  },
}).createMachine({
  id: 'applicantDetail',
  context: ({ input }) => ({ id: input.id, detail: null, loadError: null, statusError: null, pending: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ loadError: null }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ detail: ({ event }) => event.output }),
            emit(({ event }) => ({ type: 'updated' as const, applicant: event.output })),
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ loadError: ({ event }) => messagesOf(event.error, AccountMessages.generic).join(' ') }),
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'detail.retry': 'loading' },
    },
    ready: {
      on: {
        'status.set': { guard: 'allowed', target: 'saving', actions: assign({ statusError: null, pending: ({ event }) => event.status }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'setStatus',
        src: 'setStatus',
        input: ({ context }) => ({ id: context.id, status: context.pending! }),
        onDone: {
          // Read again: the history and the statuses it may move to now.
          target: 'loading',
          actions: [
            assign(({ context, event }) => ({
              pending: null,
              detail: context.detail && { ...context.detail, ...event.output.applicant, nextStatuses: [] },
            })),
            emit(({ event }) => ({ type: 'updated' as const, applicant: event.output.applicant })),
            emit(({ event }) => ({ type: 'notify' as const, message: event.output.message })),
          ],
        },
        onError: {
          target: 'ready',
          actions: assign({ pending: null, statusError: ({ event }) => messagesOf(event.error, AccountMessages.generic).join(' ') }),
        },
      },
    },
  },
});
