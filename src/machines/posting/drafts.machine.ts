import { assertEvent, assign, emit, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { DRAFT_PAGE_SIZE, newJobData, PostingMessages, type DraftSummary } from '../../contract/posting.ts';
import { postingService } from '../../services/posting.ts';
import { messagesOf } from '../form.ts';
import { titleError } from './job-data.ts';

/** The list is asked again this long after the last keystroke in the search (a named delay: `searchDelay`). */
export const DRAFT_SEARCH_DELAY_MS = 400;

export interface DraftPage {
  items: DraftSummary[];
  total: number;
}

export interface DraftsContext {
  /** 1-based. */
  page: number;
  /** The search as typed. */
  search: string;
  items: DraftSummary[];
  total: number;
  loadError: string | null;
  /** The draft a confirmation or a delete is about. */
  target: DraftSummary | null;
  /** What the last delete said, or why it failed. */
  notice: string | null;
  actionError: string | null;
  /** The new job post's title, as typed. */
  title: string;
  titleError: string | null;
  createError: string | null;
}

export type DraftsEvent =
  | { type: 'search.change'; text: string }
  | { type: 'page.go'; page: number }
  | { type: 'drafts.retry' }
  | { type: 'drafts.reload' }
  | { type: 'draft.delete'; id: string }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'create.open' }
  | { type: 'create.cancel' }
  | { type: 'title.change'; title: string }
  | { type: 'title.submit' };

export type DraftsEmitted = { type: 'draft.created'; draftId: string };

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / DRAFT_PAGE_SIZE));

/**
 * The company's job post drafts (spec 2 §2 /user/jobpost-create, §7 draft-list and delete-draft):
 * 10 a page, last changed first, searched by title; a search change goes back to page 1. A draft
 * is deleted after a confirmation; a new one is made from a title and opened in the wizard.
 */
export const draftsMachine = setup({
  types: {
    context: {} as DraftsContext,
    events: {} as DraftsEvent,
    emitted: {} as DraftsEmitted,
  },
  actors: {
    list: fromPromise<DraftPage, { page: number; search: string }>(async ({ input, signal }) => {
      const search = input.search.trim();
      const res = await postingService.drafts({ page: input.page, pageSize: DRAFT_PAGE_SIZE, search: search || null }, signal);
      return { items: res.data.items, total: res.data.total };
    }),
    remove: fromPromise<string, { id: string }>(
      async ({ input, signal }) => (await postingService.deleteDraft(input.id, signal)).message || PostingMessages.draftDeleted,
    ),
    create: fromPromise<string, { title: string }>(
      async ({ input, signal }) =>
        (await postingService.saveDraft({ jobData: newJobData(input.title.trim()) }, false, signal)).data.draft.jobPostDraftId,
    ),
  },
  guards: {
    otherPage: ({ context, event }) => {
      assertEvent(event, 'page.go');
      const { page } = event;
      return Number.isInteger(page) && page >= 1 && page <= pageCount(context.total) && page !== context.page;
    },
    known: ({ context, event }) => {
      assertEvent(event, 'draft.delete');
      return context.items.some((d) => d.jobPostDraftId === event.id);
    },
    /** A page left empty (its last draft deleted) shows the one before it. */
    pageEmptied: ({ context }, page: DraftPage) => context.page > 1 && page.items.length === 0,
    titleOk: ({ context }) => titleError(context.title) === null,
  },
  delays: {
    searchDelay: DRAFT_SEARCH_DELAY_MS,
  },
}).createMachine({
  id: 'drafts',
  type: 'parallel',
  context: {
    page: 1,
    search: '',
    items: [],
    total: 0,
    loadError: null,
    target: null,
    notice: null,
    actionError: null,
    title: '',
    titleError: null,
    createError: null,
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        // Any change of the search starts again at page 1 (spec 2 §4).
        'search.change': { target: '.waiting', reenter: true, actions: assign(({ event }) => ({ search: event.text, page: 1 })) },
        'page.go': { guard: 'otherPage', target: '.loading', actions: assign(({ event }) => ({ page: event.page })) },
        'drafts.reload': '.loading',
      },
      states: {
        waiting: {
          after: { searchDelay: 'loading' },
        },
        loading: {
          tags: ['loading'],
          entry: assign({ loadError: null }),
          invoke: {
            id: 'list',
            src: 'list',
            input: ({ context }) => ({ page: context.page, search: context.search }),
            onDone: [
              {
                guard: { type: 'pageEmptied', params: ({ event }) => event.output },
                target: 'loading',
                reenter: true,
                actions: assign(({ context }) => ({ page: context.page - 1 })),
              },
              { target: 'ready', actions: assign(({ event }) => ({ items: event.output.items, total: event.output.total })) },
            ],
            onError: {
              target: 'failed',
              actions: assign(({ event }) => ({ loadError: messagesOf(event.error, AccountMessages.generic)[0]! })),
            },
          },
        },
        ready: {},
        failed: {
          tags: ['error'],
          on: { 'drafts.retry': 'loading' },
        },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'draft.delete': {
              guard: 'known',
              target: 'confirming',
              actions: assign(({ context, event }) => ({
                target: context.items.find((d) => d.jobPostDraftId === event.id)!,
                notice: null,
                actionError: null,
              })),
            },
            'create.open': {
              target: 'naming',
              actions: assign({ title: '', titleError: null, createError: null, notice: null, actionError: null }),
            },
          },
        },
        confirming: {
          on: {
            'confirm.accept': 'deleting',
            'confirm.cancel': { target: 'closed', actions: assign({ target: null }) },
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => ({ id: context.target!.jobPostDraftId }),
            onDone: {
              target: 'closed',
              actions: [assign(({ event }) => ({ notice: event.output, target: null })), raise({ type: 'drafts.reload' })],
            },
            onError: {
              target: 'closed',
              actions: assign(({ event }) => ({ actionError: messagesOf(event.error, AccountMessages.generic)[0]!, target: null })),
            },
          },
        },
        naming: {
          on: {
            'title.change': { actions: assign(({ event }) => ({ title: event.title, titleError: null, createError: null })) },
            'title.submit': [
              { guard: 'titleOk', target: 'creating' },
              { actions: assign(({ context }) => ({ titleError: titleError(context.title) })) },
            ],
            'create.cancel': 'closed',
          },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            id: 'create',
            src: 'create',
            input: ({ context }) => ({ title: context.title }),
            onDone: { target: 'created', actions: emit(({ event }) => ({ type: 'draft.created' as const, draftId: event.output })) },
            onError: {
              target: 'naming',
              actions: assign(({ event }) => ({ createError: messagesOf(event.error, AccountMessages.generic)[0]! })),
            },
          },
        },
        /** The new draft opens in the wizard. */
        created: {},
      },
    },
  },
});

type Snap = SnapshotFrom<typeof draftsMachine>;

export const selectPageCount = (s: Snap) => pageCount(s.context.total);
export const selectLoading = (s: Snap) => s.hasTag('loading') || s.matches({ list: 'waiting' });
