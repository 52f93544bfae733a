import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { INVOICE_PAGE_SIZE, type Invoice, type InvoiceSummary } from '../../contract/billing.ts';
import { billingService } from '../../services/billing.ts';
import { errorMessage } from '../../services/http.ts';
import type { DownloadedFile } from '../../services/transfer.ts';

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

export interface InvoiceContext {
  id: string;
  invoice: Invoice | null;
  /** Why it could not be read, in the server's words ("This invoice was not found."). */
  loadError: string | null;
}

export type InvoiceEvent = { type: 'invoice.retry' } | { type: 'pdf.download' };

/** The PDF, fetched for the page to save. */
export type InvoiceEmitted = { type: 'pdf.ready'; file: DownloadedFile } | { type: 'notify'; tone: 'error'; message: string };

/**
 * One invoice (spec 2 §7 invoices/{id}), read as a document; its PDF downloaded with the bearer
 * token (invoices/{id}/pdf) and handed to the page to save.
 */
export const invoiceMachine = setup({
  types: { context: {} as InvoiceContext, events: {} as InvoiceEvent, input: {} as { id: string }, emitted: {} as InvoiceEmitted },
  actors: {
    load: fromPromise<Invoice, { id: string }>(async ({ input, signal }) => (await billingService.invoice(input.id, { signal })).data),
    download: fromPromise<DownloadedFile, { id: string }>(async ({ input, signal }) => billingService.invoicePdf(input.id, { signal })),
  },
}).createMachine({
  id: 'invoice',
  context: ({ input }) => ({ id: input.id, invoice: null, loadError: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ loadError: null }),
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign({ invoice: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => errorMessage(event.error, AccountMessages.generic) }) },
      },
    },
    failed: { tags: ['error'], on: { 'invoice.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { 'pdf.download': 'downloading' } },
        downloading: {
          tags: ['busy'],
          invoke: {
            id: 'download',
            src: 'download',
            input: ({ context }) => ({ id: context.id }),
            onDone: { target: 'idle', actions: emit(({ event }) => ({ type: 'pdf.ready' as const, file: event.output })) },
            onError: {
              target: 'idle',
              actions: emit(({ event }) => ({
                type: 'notify' as const,
                tone: 'error' as const,
                message: errorMessage(event.error, AccountMessages.generic),
              })),
            },
          },
        },
      },
    },
  },
});

export const selectInvoiceError = (s: SnapshotFrom<typeof invoiceMachine>) => (s.matches('failed') ? s.context.loadError : null);
