import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { ADMIN_PAGE_SIZE, type ContactMessageList } from '../../contract/admin.ts';
import { PRODUCT_NAME } from '../../lib/product.ts';
import { HttpMessages } from '../../services/http.ts';
import { adminService } from '../../services/admin.ts';
import { messagesOf } from '../form.ts';
import { adminPageCount, pageOf } from './list-query.ts';

/** The page an address asks for (?page=); anything else is the first. */
export const messagesPageOf = (search: string) => pageOf(new URLSearchParams(search).get('page'));
/** The address query of a page (without "?"): none for the first. */
export const messagesSearchOf = (page: number) => (page > 1 ? `page=${page}` : '');

export interface MessagesContext {
  pageNumber: number;
  /** The last answer, kept on screen (dimmed) while the next page loads. */
  list: ContactMessageList | null;
  errors: string[];
}

export type MessagesEvent =
  | { type: 'messages.page'; page: number }
  /** The address changed (Back, Forward, a link): the page it names. */
  | { type: 'messages.address'; page: number }
  | { type: 'messages.retry' };

/**
 * The contact form's messages (GET ContactMessages), newest first, 10 a page. Read-only: replies go
 * by email. A failure shows the answer's state errors, with a retry.
 */
export const messagesMachine = setup({
  types: {
    context: {} as MessagesContext,
    events: {} as MessagesEvent,
    input: {} as { pageNumber?: number } | undefined,
  },
  actors: {
    load: fromPromise<ContactMessageList, { pageNumber: number }>(
      async ({ input, signal }) => (await adminService.contactMessages({ ...input, pageSize: ADMIN_PAGE_SIZE }, { signal })).data,
    ),
  },
  guards: {
    pageValid: ({ context }, { page }: { page: number }) =>
      Number.isInteger(page) && page >= 1 && page <= adminPageCount(context.list?.totalCount ?? 0) && page !== context.pageNumber,
    pageChanged: ({ context }, { page }: { page: number }) => page !== context.pageNumber,
  },
}).createMachine({
  id: 'messages',
  context: ({ input }) => ({ pageNumber: input?.pageNumber ?? 1, list: null, errors: [] }),
  initial: 'loading',
  on: {
    'messages.page': {
      guard: { type: 'pageValid', params: ({ event }) => event },
      target: '.loading',
      actions: assign({ pageNumber: ({ event }) => event.page }),
    },
    'messages.address': {
      guard: { type: 'pageChanged', params: ({ event }) => event },
      target: '.loading',
      actions: assign({ pageNumber: ({ event }) => event.page }),
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ errors: [] }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ pageNumber: context.pageNumber }),
        onDone: { target: 'ready', actions: assign({ list: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ list: null, errors: ({ event }) => messagesOf(event.error, HttpMessages.unexpected) }),
        },
      },
    },
    ready: {},
    failed: { tags: ['error'], on: { 'messages.retry': 'loading' } },
  },
});

type Snap = SnapshotFrom<typeof messagesMachine>;

export const selectErrors = (s: Snap) => (s.matches('failed') ? s.context.errors : []);
export const selectPageCount = (s: Snap) => adminPageCount(s.context.list?.totalCount ?? 0);

/** The reply link of a message: a new mail to the sender, its subject answering theirs. */
export function replyHref(m: { email: string; subject: string | null }): string {
  const subject = `Re: ${m.subject ?? `your message to the ${PRODUCT_NAME}`}`;
  return `mailto:${encodeURIComponent(m.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}
