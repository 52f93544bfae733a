import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { INVOICE_PAGE_SIZE, type InvoiceSummary } from '../../contract/billing.ts';
import { billingService } from '../../services/billing.ts';
import { errorMessage } from '../../services/http.ts';

export interface InvoiceListPage {
  items: InvoiceSummary[];
  total: number;
}

export interface InvoicesContext {
  pageNumber: number;
  items: InvoiceSummary[];
  total: number;
  loadError: string | null;
}

export type InvoicesEvent = { type: 'invoices.page'; page: number } | { type: 'invoices.retry' };

export const invoicePageCount = (total: number) => Math.max(1, Math.ceil(total / INVOICE_PAGE_SIZE));

/** The company's invoices on the billing page (spec 2 §7 invoices): newest first, 10 a page. */
export const invoicesMachine = setup({
  types: { context: {} as InvoicesContext, events: {} as InvoicesEvent },
  actors: {
    load: fromPromise<InvoiceListPage, { pageNumber: number }>(async ({ input, signal }) => {
      const answer = await billingService.invoices({ pageNumber: input.pageNumber, pageSize: INVOICE_PAGE_SIZE }, { signal });
      return { items: answer.data.items, total: answer.data.total };
    }),
  },
  guards: {
    pageValid: ({ context }, { page }: { page: number }) =>
      Number.isInteger(page) && page >= 1 && page <= invoicePageCount(context.total) && page !== context.pageNumber,
  },
}).createMachine({
  id: 'invoices',
  context: { pageNumber: 1, items: [], total: 0, loadError: null },
  initial: 'loading',
  on: {
    'invoices.page': {
      guard: { type: 'pageValid', params: ({ event }) => ({ page: event.page }) },
      target: '.loading',
      actions: assign({ pageNumber: ({ event }) => event.page }),
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ loadError: null }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ pageNumber: context.pageNumber }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ items: event.output.items, total: event.output.total })) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorMessage(event.error, AccountMessages.generic) }) },
      },
    },
    failed: { tags: ['error'], on: { 'invoices.retry': 'loading' } },
    ready: {},
  },
});

export const selectInvoicesError = (s: SnapshotFrom<typeof invoicesMachine>) => (s.matches('failed') ? s.context.loadError : null);
