import { assign, emit, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import {
  DocumentMessages,
  DocumentType,
  MAX_DOCUMENTS_PER_KIND,
  type DocumentEntry,
  type DocumentKind,
  type Documents,
  type UploadedDocument,
} from '../../contract/documents.ts';
import { FileMessages, MAX_UPLOAD_BYTES, documentExtensions } from '../../contract/files.ts';
import { documentsService } from '../../services/documents.ts';
import { profileChanges } from '../../services/profile-changes.ts';
import type { DownloadedFile, UploadProgress } from '../../services/transfer.ts';
import { percentSent } from '../../lib/files.ts';
import { messagesOf } from '../form.ts';

/** A document the job seeker keeps: every entry of a list but the synthetic None entry. */
export type StoredDocument = DocumentEntry & { id: string };
export type DocumentLists = Record<DocumentKind, StoredDocument[]>;

export const documentKinds: readonly DocumentKind[] = [DocumentType.Resume, DocumentType.CoverLetter];

/** The lists as the page shows them: the None entry (null id) is for the apply form, not a file. */
export const listsOf = (documents: Pick<Documents, 'resumes' | 'coverLetters'>): DocumentLists => {
  const stored = (list: DocumentEntry[]) => list.filter((d): d is StoredDocument => d.id !== null);
  return { [DocumentType.Resume]: stored(documents.resumes), [DocumentType.CoverLetter]: stored(documents.coverLetters) };
};

const tooMany = { [DocumentType.Resume]: FileMessages.tooManyResumes, [DocumentType.CoverLetter]: FileMessages.tooManyCoverLetters };

const hasExtension = (name: string, extensions: readonly string[]) => extensions.some((ext) => name.toLowerCase().endsWith(ext));

/**
 * Why a file cannot be sent, in the server's words, or null. Checked before a byte is sent so a
 * person learns at once; the server checks again, by the bytes.
 */
export function documentRefusal(files: readonly File[], kept: number, kind: DocumentKind): string | null {
  if (kept >= MAX_DOCUMENTS_PER_KIND) return tooMany[kind];
  if (files.length === 0) return FileMessages.noFile;
  if (files.length > 1) return FileMessages.oneFile;
  const file = files[0]!;
  if (!hasExtension(file.name, documentExtensions)) return FileMessages.documentType;
  if (file.size > MAX_UPLOAD_BYTES) return FileMessages.tooLarge;
  if (file.size === 0) return FileMessages.empty;
  return null;
}

export interface DocumentUpload {
  kind: DocumentKind;
  file: File;
  /** Bytes of the request sent so far, of `total`. */
  loaded: number;
  total: number;
}

export interface DocumentsContext {
  documents: DocumentLists;
  upload: DocumentUpload | null;
  /** The document the person asked to delete, while they confirm and while it is deleted. */
  removing: { kind: DocumentKind; document: StoredDocument } | null;
  /** The id of the document being fetched for saving. */
  downloading: string | null;
  /** What the last failure said, and where it belongs: one kind's upload control, or the page. */
  error: { kind: DocumentKind | null; message: string } | null;
  /** What the last success said. */
  message: string | null;
}

export type DocumentsEvent =
  | { type: 'documents.retry' }
  | { type: 'upload.choose'; kind: DocumentKind; files: readonly File[] }
  | { type: 'upload.cancel' }
  | { type: 'document.delete'; kind: DocumentKind; id: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'document.download'; id: string }
  // From the upload actor:
  | ({ type: 'upload.progress' } & UploadProgress)
  | { type: 'upload.done'; result: UploadedDocument }
  | { type: 'upload.failed'; error: unknown };

/** Asks the view to save a downloaded file under its name. */
export type DocumentsEmitted = { type: 'document.save'; file: DownloadedFile };

const noDocuments: DocumentLists = { [DocumentType.Resume]: [], [DocumentType.CoverLetter]: [] };

const find = (lists: DocumentLists, id: string) => {
  for (const kind of documentKinds) {
    const document = lists[kind].find((d) => d.id === id);
    if (document) return { kind, document };
  }
  return null;
};

const failure = (err: unknown, kind: DocumentKind | null) => ({ kind, message: messagesOf(err, AccountMessages.generic)[0]! });

/**
 * The job seeker's résumés and cover letters (spec 2 §3 Documents): listed, uploaded one at a
 * time with progress and cancel, downloaded with the bearer token, deleted after a confirmation.
 * Every upload and delete tells the completion meter, and reloads the lists.
 */
export const documentsMachine = setup({
  types: {
    context: {} as DocumentsContext,
    events: {} as DocumentsEvent,
    emitted: {} as DocumentsEmitted,
  },
  actors: {
    load: fromPromise<Documents>(async ({ signal }) => (await documentsService.list(signal)).data),
    /** Sends `upload.progress` as the file goes out, then `upload.done` or `upload.failed`; stopping it aborts the request. */
    upload: fromCallback<DocumentsEvent, { kind: DocumentKind; file: File }>(({ input, sendBack }) => {
      const controller = new AbortController();
      documentsService
        .upload(input.kind, input.file, {
          signal: controller.signal,
          onProgress: ({ loaded, total }) => sendBack({ type: 'upload.progress', loaded, total }),
        })
        .then(
          (res) => sendBack({ type: 'upload.done', result: res.data }),
          (error: unknown) => {
            if (!controller.signal.aborted) sendBack({ type: 'upload.failed', error });
          },
        );
      return () => controller.abort();
    }),
    remove: fromPromise<string, { kind: DocumentKind; id: string }>(
      async ({ input, signal }) => (await documentsService.remove(input.id, input.kind, signal)).message || FileMessages.documentDeleted,
    ),
    download: fromPromise<DownloadedFile, StoredDocument>(async ({ input, signal }) => {
      const file = await documentsService.download(input.id, signal);
      // The answer names the file as uploaded; the list's name stands in when it does not.
      return file.filename === 'download' ? { ...file, filename: input.name } : file;
    }),
  },
  actions: {
    announceChange: () => profileChanges.changed(),
    clearNotes: assign({ error: null, message: null }),
  },
  guards: {
    knownDocument: ({ context, event }) => 'id' in event && find(context.documents, event.id) !== null,
    uploadRefused: ({ context, event }) => {
      if (event.type !== 'upload.choose') return false;
      return documentRefusal(event.files, context.documents[event.kind].length, event.kind) !== null;
    },
  },
}).createMachine({
  id: 'documents',
  context: { documents: noDocuments, upload: null, removing: null, downloading: null, error: null, message: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ documents: ({ event }) => listsOf(event.output) }) },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'documents.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          entry: assign({ upload: null, removing: null, downloading: null }),
          on: {
            'upload.choose': [
              {
                guard: 'uploadRefused',
                actions: assign({
                  error: ({ context, event }) => ({
                    kind: event.kind,
                    message: documentRefusal(event.files, context.documents[event.kind].length, event.kind)!,
                  }),
                  message: null,
                }),
              },
              {
                target: 'uploading',
                actions: assign({
                  upload: ({ event }) => ({ kind: event.kind, file: event.files[0]!, loaded: 0, total: event.files[0]!.size }),
                }),
              },
            ],
            'document.delete': {
              target: 'confirmingDelete',
              guard: 'knownDocument',
              actions: assign({ removing: ({ context, event }) => find(context.documents, event.id) }),
            },
            'document.download': {
              target: 'downloading',
              guard: 'knownDocument',
              actions: assign({ downloading: ({ event }) => event.id }),
            },
          },
        },
        uploading: {
          tags: ['busy'],
          entry: 'clearNotes',
          invoke: {
            id: 'upload',
            src: 'upload',
            input: ({ context }) => ({ kind: context.upload!.kind, file: context.upload!.file }),
          },
          on: {
            'upload.progress': {
              actions: assign({ upload: ({ context, event }) => ({ ...context.upload!, loaded: event.loaded, total: event.total }) }),
            },
            'upload.done': {
              target: 'refreshing',
              actions: [
                assign(({ context, event }) => {
                  const { document, type } = event.result;
                  if (document.id === null) return {};
                  const kept = context.documents[type].filter((d) => d.id !== document.id);
                  return {
                    documents: { ...context.documents, [type]: [{ ...document, id: document.id }, ...kept] },
                    message: DocumentMessages.uploaded(document.name),
                  };
                }),
                'announceChange',
              ],
            },
            'upload.failed': {
              target: 'idle',
              actions: assign({ error: ({ context, event }) => failure(event.error, context.upload!.kind) }),
            },
            // Leaving the state stops the upload actor, which aborts the request.
            'upload.cancel': { target: 'idle', actions: assign({ message: DocumentMessages.uploadCancelled }) },
          },
        },
        confirmingDelete: {
          on: {
            'delete.confirm': 'deleting',
            'delete.cancel': 'idle',
          },
        },
        deleting: {
          tags: ['busy'],
          entry: 'clearNotes',
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => ({ kind: context.removing!.kind, id: context.removing!.document.id }),
            onDone: {
              target: 'refreshing',
              actions: [
                assign(({ context, event }) => {
                  const { kind, document } = context.removing!;
                  return {
                    documents: { ...context.documents, [kind]: context.documents[kind].filter((d) => d.id !== document.id) },
                    message: event.output,
                  };
                }),
                'announceChange',
              ],
            },
            onError: {
              target: 'idle',
              actions: assign({ error: ({ event }) => failure(event.error, null) }),
            },
          },
        },
        downloading: {
          tags: ['busy'],
          entry: 'clearNotes',
          invoke: {
            id: 'download',
            src: 'download',
            input: ({ context }) => find(context.documents, context.downloading!)!.document,
            onDone: { target: 'idle', actions: emit(({ event }) => ({ type: 'document.save' as const, file: event.output })) },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => failure(event.error, null) }) },
          },
        },
        /** The lists are read again after a change; until they arrive the local change stands. */
        refreshing: {
          tags: ['busy'],
          invoke: {
            id: 'refresh',
            src: 'load',
            onDone: { target: 'idle', actions: assign({ documents: ({ event }) => listsOf(event.output) }) },
            // The change is already shown; a failed reread leaves the lists as they are.
            onError: { target: 'idle' },
          },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof documentsMachine>;

/** Uploads, deletes and downloads wait while another is under way. */
export const selectIdle = (s: Snap) => s.matches({ ready: 'idle' });
export const selectAtLimit = (s: Snap, kind: DocumentKind) => s.context.documents[kind].length >= MAX_DOCUMENTS_PER_KIND;
/** Whole percent of the upload sent. */
export const selectUploadPercent = (s: Snap) => percentSent(s.context.upload);
/** The name of the file of `kind` on its way up; null when none is. */
export const selectUploadingName = (s: Snap, kind: DocumentKind) =>
  s.matches({ ready: 'uploading' }) && s.context.upload?.kind === kind ? s.context.upload.file.name : null;
/** The document `id` is being fetched for its download. */
export const selectDownloading = (s: Snap, id: string) => s.matches({ ready: 'downloading' }) && s.context.downloading === id;
/** What the last failure said that belongs to no section. */
export const selectPageError = (s: Snap) => (s.context.error && s.context.error.kind === null ? s.context.error.message : null);
export const selectConfirming = (s: Snap) => s.matches({ ready: 'confirmingDelete' }) || s.matches({ ready: 'deleting' });
export const limitMessage = tooMany;
