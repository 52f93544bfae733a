import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { DocumentPreview } from '../../contract/applicants.ts';
import { applicantsService } from '../../services/applicants.ts';

export interface DocumentPreviewContext {
  documentId: string;
  /** Read once, then shown again without asking the server. */
  preview: DocumentPreview | null;
}

export type DocumentPreviewEvent = { type: 'preview.open' } | { type: 'preview.close' } | { type: 'preview.retry' };

/**
 * The preview of an application's résumé or cover letter in the applicant panel: closed until
 * asked for, then its text read once from the server (ResumePreview) and shown; a failed read
 * says so and may be tried again.
 */
export const documentPreviewMachine = setup({
  types: {
    context: {} as DocumentPreviewContext,
    events: {} as DocumentPreviewEvent,
    input: {} as { documentId: string },
  },
  actors: {
    load: fromPromise<DocumentPreview, string>(async ({ input, signal }) => (await applicantsService.preview(input, signal)).data),
  },
  guards: {
    read: ({ context }) => context.preview !== null,
  },
}).createMachine({
  id: 'documentPreview',
  context: ({ input }) => ({ documentId: input.documentId, preview: null }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'preview.open': [{ guard: 'read', target: 'shown' }, { target: 'loading' }] },
    },
    loading: {
      tags: ['open', 'loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.documentId,
        onDone: { target: 'shown', actions: assign({ preview: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
      on: { 'preview.close': 'closed' },
    },
    shown: { tags: ['open'], on: { 'preview.close': 'closed' } },
    failed: { tags: ['open', 'error'], on: { 'preview.retry': 'loading', 'preview.close': 'closed' } },
  },
});

type Snap = SnapshotFrom<typeof documentPreviewMachine>;

/** What the panel shows: the document on its way, a failure, the document, or nothing. */
export const selectPanel = (s: Snap) =>
  s.hasTag('loading') ? 'loading' : s.hasTag('error') ? 'failed' : s.matches('shown') ? 'shown' : 'closed';
