import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import {
  MAX_INVITES_PER_CALL,
  SUGGESTION_PAGE_SIZE,
  SuggestionMessages,
  type InviteManyResult,
  type InviteResult,
  type SuggestedSeeker,
  type SuggestedSeekerPage,
} from '../../contract/suggestions.ts';
import { suggestionsService } from '../../services/suggestions.ts';
import { messagesOf } from '../form.ts';

export interface SuggestedSeekersInput {
  jobId: string;
}

/** What an invitation call answered, for the page's status line. */
export interface InviteNotice {
  message: string;
  /** The call was refused (or nobody new was invited). */
  failed: boolean;
}

export interface SuggestedSeekersContext {
  jobId: string;
  jobTitle: string | null;
  pageNumber: number;
  seekers: SuggestedSeeker[];
  total: number;
  /** Seekers chosen for "Invite selected", on this page. */
  selected: string[];
  /** The seeker being invited alone, while the call runs. */
  inviting: string | null;
  /** Each seeker's outcome of this visit's invitations. */
  outcomes: Record<string, InviteResult['outcome']>;
  notice: InviteNotice | null;
  loadError: string | null;
}

/** What an invitation call answers: the outcomes and the server's message. */
export interface InviteAnswer {
  results: InviteResult[];
  message: string;
}

export type SuggestedSeekersEvent =
  | { type: 'seekers.retry' }
  | { type: 'seekers.page'; page: number }
  | { type: 'seeker.toggle'; id: string }
  | { type: 'seekers.selectAll' }
  | { type: 'seekers.clearSelection' }
  | { type: 'seeker.invite'; id: string }
  | { type: 'seekers.inviteSelected' }
  | { type: 'notice.dismiss' };

export const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / SUGGESTION_PAGE_SIZE));

/** A seeker who can still be invited from this page: not invited before, not answered this visit. */
export const invitable = (c: Pick<SuggestedSeekersContext, 'outcomes'>, s: SuggestedSeeker) =>
  s.invitedAt === null && c.outcomes[s.id] === undefined;

/** The seekers as the server now sees them: the invited ones with their date. */
function applyResults(context: SuggestedSeekersContext, results: InviteResult[]): Partial<SuggestedSeekersContext> {
  const byId = new Map(results.map((r) => [r.jobSeekerId, r]));
  return {
    seekers: context.seekers.map((s) => {
      const r = byId.get(s.id);
      return r?.invitedAt ? { ...s, invitedAt: r.invitedAt } : s;
    }),
    outcomes: { ...context.outcomes, ...Object.fromEntries(results.map((r) => [r.jobSeekerId, r.outcome])) },
    selected: context.selected.filter((id) => !byId.has(id)),
  };
}

/**
 * The job seekers suggested for one of the company's jobs (spec 2 §7 SuggestedJobSeekerByJob,
 * InviteJobSeeker, InviteJobSeekersByJobId): best match first, 10 a page; invite one, or choose
 * several (up to 50) and invite them at once. Each invitation's outcome shows on its row; a seeker
 * already invited cannot be chosen again.
 */
export const suggestedSeekersMachine = setup({
  types: {
    context: {} as SuggestedSeekersContext,
    events: {} as SuggestedSeekersEvent,
    input: {} as SuggestedSeekersInput,
  },
  actors: {
    load: fromPromise<SuggestedSeekerPage, { jobId: string; pageNumber: number }>(
      async ({ input, signal }) =>
        (await suggestionsService.suggested({ jobId: input.jobId, pageNumber: input.pageNumber, pageSize: SUGGESTION_PAGE_SIZE }, signal))
          .data,
    ),
    inviteOne: fromPromise<InviteAnswer, { jobId: string; jobSeekerId: string }>(async ({ input, signal }) => {
      const r = await suggestionsService.invite(input, signal);
      return { results: [r.data], message: r.message };
    }),
    inviteMany: fromPromise<InviteAnswer, { jobId: string; jobSeekerIds: string[] }>(async ({ input, signal }) => {
      const r = await suggestionsService.inviteMany(input, signal);
      return { results: (r.data as InviteManyResult).results, message: r.message };
    }),
  },
  guards: {
    pageValid: ({ context, event }) => {
      assertEvent(event, 'seekers.page');
      const { page } = event;
      return Number.isInteger(page) && page >= 1 && page <= pageCountOf(context.total) && page !== context.pageNumber;
    },
    canToggle: ({ context, event }) => {
      assertEvent(event, 'seeker.toggle');
      const { id } = event;
      const seeker = context.seekers.find((s) => s.id === id);
      if (!seeker || !invitable(context, seeker)) return false;
      return context.selected.includes(id) || context.selected.length < MAX_INVITES_PER_CALL;
    },
    canInvite: ({ context, event }) => {
      assertEvent(event, 'seeker.invite');
      const seeker = context.seekers.find((s) => s.id === event.id);
      return !!seeker && invitable(context, seeker);
    },
    hasSelection: ({ context }) => context.selected.length > 0,
  },
}).createMachine({
  id: 'suggestedSeekers',
  context: ({ input }) => ({
    jobId: input.jobId,
    jobTitle: null,
    pageNumber: 1,
    seekers: [],
    total: 0,
    selected: [],
    inviting: null,
    outcomes: {},
    notice: null,
    loadError: null,
  }),
  initial: 'loading',
  on: { 'notice.dismiss': { actions: assign({ notice: null }) } },
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ loadError: null, selected: [] }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ jobId: context.jobId, pageNumber: context.pageNumber }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ seekers: event.output.items, total: event.output.total, jobTitle: event.output.job.title })),
        },
        onError: {
          target: 'failed',
          actions: assign({ loadError: ({ event }) => messagesOf(event.error, AccountMessages.generic).join(' ') }),
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'seekers.retry': 'loading' },
    },
    ready: {
      on: {
        'seekers.page': { guard: 'pageValid', target: 'loading', actions: assign({ pageNumber: ({ event }) => event.page }) },
        'seeker.toggle': {
          guard: 'canToggle',
          actions: assign({
            selected: ({ context, event }) =>
              context.selected.includes(event.id) ? context.selected.filter((id) => id !== event.id) : [...context.selected, event.id],
          }),
        },
        'seekers.selectAll': {
          actions: assign({
            selected: ({ context }) =>
              context.seekers
                .filter((s) => invitable(context, s))
                .map((s) => s.id)
                .slice(0, MAX_INVITES_PER_CALL),
          }),
        },
        'seekers.clearSelection': { actions: assign({ selected: [] }) },
        'seeker.invite': {
          guard: 'canInvite',
          target: 'invitingOne',
          actions: assign({ inviting: ({ event }) => event.id, notice: null }),
        },
        'seekers.inviteSelected': { guard: 'hasSelection', target: 'invitingMany', actions: assign({ notice: null }) },
      },
    },
    invitingOne: {
      tags: ['busy'],
      invoke: {
        id: 'inviteOne',
        src: 'inviteOne',
        input: ({ context }) => ({ jobId: context.jobId, jobSeekerId: context.inviting! }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            ...applyResults(context, event.output.results),
            inviting: null,
            notice: { message: event.output.message || SuggestionMessages.invited, failed: event.output.results[0]?.outcome !== 'invited' },
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({
            inviting: null,
            notice: { message: messagesOf(event.error, AccountMessages.generic).join(' '), failed: true },
          })),
        },
      },
    },
    invitingMany: {
      tags: ['busy'],
      invoke: {
        id: 'inviteMany',
        src: 'inviteMany',
        input: ({ context }) => ({ jobId: context.jobId, jobSeekerIds: context.selected }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            ...applyResults(context, event.output.results),
            notice: { message: event.output.message, failed: !event.output.results.some((r) => r.outcome === 'invited') },
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({
            notice: { message: messagesOf(event.error, AccountMessages.generic).join(' '), failed: true },
          })),
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof suggestedSeekersMachine>;
export const selectPageCount = (s: Snap) => pageCountOf(s.context.total);
