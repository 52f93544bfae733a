import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import type { Invoice } from '../../contract/billing.ts';
import { billingService } from '../../services/billing.ts';
import { errorMessage } from '../../services/http.ts';
import type { DownloadedFile } from '../../services/transfer.ts';

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
