import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import {
  INVITATION_PAGE_SIZE,
  type InvitationStatus,
  type SentInvitation,
  type SentInvitationPage,
  type SentInvitationsRequest,
} from '../../contract/suggestions.ts';
import { postingService } from '../../services/posting.ts';
import { suggestionsService } from '../../services/suggestions.ts';
import { messagesOf } from '../form.ts';

/** A job of the company, for the job filter. */
export interface InviteJobOption {
  id: string;
  title: string;
}

/** The company's jobs the filter offers: the newest 100. */
export const JOB_FILTER_SIZE = 100;

export interface SentInvitationsQuery {
  pageNumber: number;
  jobId: string | null;
  status: InvitationStatus | null;
}

export interface SentInvitationsContext {
  query: SentInvitationsQuery;
  invitations: SentInvitation[];
  total: number;
  loadError: string | null;
  /** The company's jobs for the filter; empty when they could not be read. */
  jobs: InviteJobOption[];
}

export interface SentInvitationsInput {
  /** ?jobId= of the address. */
  jobId?: string | null;
}

export type SentInvitationsEvent =
  | { type: 'invitations.status'; status: InvitationStatus | null }
  | { type: 'invitations.job'; jobId: string | null }
  | { type: 'invitations.page'; page: number }
  | { type: 'invitations.retry' };

export const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / INVITATION_PAGE_SIZE));

export const requestOf = (q: SentInvitationsQuery): SentInvitationsRequest => ({
  pageNumber: q.pageNumber,
  pageSize: INVITATION_PAGE_SIZE,
  jobId: q.jobId,
  status: q.status,
});

/**
 * The invitations the company sent (spec 2 §2 /user/invites): newest first, 10 a page, narrowed to
 * one job and one status (sent, viewed, applied). Changing a filter goes back to page 1.
 */
export const sentInvitationsMachine = setup({
  types: {
    context: {} as SentInvitationsContext,
    events: {} as SentInvitationsEvent,
    input: {} as SentInvitationsInput | undefined,
  },
  actors: {
    load: fromPromise<SentInvitationPage, SentInvitationsRequest>(
      async ({ input, signal }) => (await suggestionsService.sent(input, signal)).data,
    ),
    loadJobs: fromPromise<InviteJobOption[]>(async ({ signal }) =>
      (await postingService.jobs({ pageNumber: 1, pageSize: JOB_FILTER_SIZE, sortFlag: 4 }, signal)).data.items.map((j) => ({
        id: j.id,
        title: j.title,
      })),
    ),
  },
  guards: {
    statusChanged: ({ context, event }) => {
      assertEvent(event, 'invitations.status');
      return event.status !== context.query.status;
    },
    jobChanged: ({ context, event }) => {
      assertEvent(event, 'invitations.job');
      return event.jobId !== context.query.jobId;
    },
    pageValid: ({ context, event }) => {
      assertEvent(event, 'invitations.page');
      const { page } = event;
      return Number.isInteger(page) && page >= 1 && page <= pageCountOf(context.total) && page !== context.query.pageNumber;
    },
  },
}).createMachine({
  id: 'sentInvitations',
  type: 'parallel',
  context: ({ input }) => ({
    query: { pageNumber: 1, jobId: input?.jobId ?? null, status: null },
    invitations: [],
    total: 0,
    loadError: null,
    jobs: [],
  }),
  states: {
    list: {
      initial: 'loading',
      on: {
        'invitations.status': {
          guard: 'statusChanged',
          target: '.loading',
          actions: assign(({ context, event }) => ({ query: { ...context.query, status: event.status, pageNumber: 1 } })),
        },
        'invitations.job': {
          guard: 'jobChanged',
          target: '.loading',
          actions: assign(({ context, event }) => ({ query: { ...context.query, jobId: event.jobId, pageNumber: 1 } })),
        },
        'invitations.page': {
          guard: 'pageValid',
          target: '.loading',
          actions: assign(({ context, event }) => ({ query: { ...context.query, pageNumber: event.page } })),
        },
      },
      states: {
        loading: {
          tags: ['loading'],
          entry: assign({ loadError: null }),
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => requestOf(context.query),
            onDone: { target: 'ready', actions: assign(({ event }) => ({ invitations: event.output.items, total: event.output.total })) },
            onError: {
              target: 'failed',
              actions: assign({ loadError: ({ event }) => messagesOf(event.error, AccountMessages.generic).join(' ') }),
            },
          },
        },
        failed: { tags: ['error'], on: { 'invitations.retry': 'loading' } },
        ready: {},
      },
    },
    jobs: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadJobs',
            src: 'loadJobs',
            onDone: { target: 'done', actions: assign({ jobs: ({ event }) => event.output }) },
            onError: 'done',
          },
        },
        done: {},
      },
    },
  },
});

type Snap = SnapshotFrom<typeof sentInvitationsMachine>;
/** Why the list could not be read, while it shows that failure. */
export const selectLoadError = (s: Snap) => (s.hasTag('error') ? s.context.loadError : null);
export const selectPageCount = (s: Snap) => pageCountOf(s.context.total);
