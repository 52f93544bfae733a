import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromCallback, fromPromise } from 'xstate';
import { DocumentMessages, DocumentType, NONE_DOCUMENT, type DocumentKind, type Documents } from '../../contract/documents.ts';
import { FileMessages } from '../../contract/files.ts';
import {
  documentsMachine,
  listsOf,
  type DocumentsContext,
  type DocumentsEvent,
  type StoredDocument,
} from '../../machines/jobseeker/documents.machine.ts';
import type { DownloadedFile } from '../../services/transfer.ts';
import { after, never } from '../account/stories-support.tsx';
import DocumentsPage from './documents.view.tsx';
import { withJobSeeker } from './stories-support.tsx';

const doc = (id: string, name: string, size: number, uploadedAt: string): StoredDocument => ({ id, name, size, uploadedAt });
const resumes = [
  doc('r1', 'Maria Lopez - Resume 2025.pdf', 184_320, '2025-03-14T10:00:00.000Z'),
  doc('r2', 'Maria Lopez - Resume (warehouse).docx', 41_984, '2024-11-02T16:30:00.000Z'),
];
const coverLetters = [doc('c1', 'Cover letter - Portland Logistics.pdf', 96_256, '2025-03-15T09:12:00.000Z')];
const server = (r: StoredDocument[], c: StoredDocument[]): Documents => ({
  resumes: [...r, NONE_DOCUMENT],
  coverLetters: [...c, NONE_DOCUMENT],
  suggestedSkills: [],
});
const stored = server(resumes, coverLetters);
const pdf = new File([new Uint8Array(2_400_000)], 'Maria Lopez - Resume 2026.pdf', { type: 'application/pdf' });

/** A story's server: answers after a moment; an upload reports progress for two seconds, then is stored. */
const logic = documentsMachine.provide({
  actors: {
    load: fromPromise(() => after(600, stored)),
    upload: fromCallback<DocumentsEvent, { kind: DocumentKind; file: File }>(({ input, sendBack }) => {
      let sent = 0;
      const total = input.file.size || 1;
      const timer = setInterval(() => {
        sent = Math.min(total, sent + total / 10);
        sendBack({ type: 'upload.progress', loaded: sent, total });
        if (sent >= total) {
          clearInterval(timer);
          const document = doc(`new-${Date.now()}`, input.file.name, input.file.size, new Date().toISOString());
          sendBack({ type: 'upload.done', result: { document, type: input.kind, suggestedSkills: [] } });
        }
      }, 200);
      return () => clearInterval(timer);
    }),
    remove: fromPromise<string, { kind: DocumentKind; id: string }>(() => after<string>(700, FileMessages.documentDeleted)),
    download: fromPromise<DownloadedFile, StoredDocument>(({ input }) =>
      after(500, { blob: new Blob(['A story has no file.']), filename: `${input.name}.txt` }),
    ),
  },
});
/** Every call waits, so a story stays in the state it shows. */
const waiting = documentsMachine.provide({
  actors: {
    load: fromPromise(() => never<Documents>()),
    upload: fromCallback(() => () => {}),
    remove: fromPromise(() => never<string>()),
    download: fromPromise(() => never<DownloadedFile>()),
  },
});

const context = (c: Partial<DocumentsContext> = {}): DocumentsContext => ({
  documents: listsOf(stored),
  upload: null,
  removing: null,
  downloading: null,
  error: null,
  message: null,
  ...c,
});
const at = (value: string | Record<string, string>, c: Partial<DocumentsContext> = {}, machine = logic) =>
  machine.resolveState({ value, context: context(c) });

const meta = {
  title: 'Job seeker/Documents',
  component: DocumentsPage,
  decorators: [withJobSeeker],
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/user/settings/documents', docs: { story: { height: '760px' } } },
} satisfies Meta<typeof DocumentsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** From the start: loading, then the lists; uploads, downloads and deletes answer after a moment. */
export const FromTheStart: Story = {};

/** loading: while the lists are read. */
export const Loading: Story = { args: { logic: waiting, snapshot: at('loading', { documents: listsOf(server([], [])) }, waiting) } };

/** loadFailed: the lists could not be read; Try again reads them again. */
export const LoadFailed: Story = { args: { snapshot: at('loadFailed', { documents: listsOf(server([], [])) }) } };

/** ready: each kind listed with Download and Delete, and a place to upload another. */
export const Ready: Story = { args: { snapshot: at({ ready: 'idle' }) } };

export const ReadyDark: Story = { ...Ready, globals: dark };

/** ready with nothing uploaded yet. */
export const Empty: Story = { args: { snapshot: at({ ready: 'idle' }, { documents: listsOf(server([], [])) }) } };

/** uploading: the progress of the file on its way, and Cancel. */
export const Uploading: Story = {
  args: {
    logic: waiting,
    snapshot: at(
      { ready: 'uploading' },
      { upload: { kind: DocumentType.Resume, file: pdf, loaded: 1_080_000, total: 2_400_000 } },
      waiting,
    ),
  },
};

export const UploadingDark: Story = { ...Uploading, globals: dark };

/** A file refused before it was sent: over 5 MB. */
export const TooLarge: Story = {
  args: { snapshot: at({ ready: 'idle' }, { error: { kind: DocumentType.Resume, message: FileMessages.tooLarge } }) },
};

/** The server refused the file. */
export const UploadFailed: Story = {
  args: { snapshot: at({ ready: 'idle' }, { error: { kind: DocumentType.CoverLetter, message: FileMessages.pdfWithMarkup } }) },
};

/** Uploaded: the new résumé is listed while the lists are read again. */
export const Uploaded: Story = {
  args: {
    snapshot: at(
      { ready: 'idle' },
      {
        documents: listsOf(server([doc('r3', pdf.name, pdf.size, '2025-03-20T08:00:00.000Z'), ...resumes], coverLetters)),
        message: DocumentMessages.uploaded(pdf.name),
      },
    ),
  },
};

/** Ten résumés: the résumé upload says so and is disabled. */
export const AtTheLimit: Story = {
  args: {
    snapshot: at(
      { ready: 'idle' },
      {
        documents: listsOf(
          server(
            Array.from({ length: 10 }, (_, i) =>
              doc(`r${i}`, `Resume ${i + 1}.pdf`, 90_000 + i * 1000, `2025-01-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`),
            ),
            coverLetters,
          ),
        ),
      },
    ),
  },
};

/** confirmingDelete: the confirmation before a delete. */
export const ConfirmDelete: Story = {
  args: { snapshot: at({ ready: 'confirmingDelete' }, { removing: { kind: DocumentType.Resume, document: resumes[0]! } }) },
};

export const ConfirmDeleteDark: Story = { ...ConfirmDelete, globals: dark };

/** deleting: the confirmation's Delete is busy. */
export const Deleting: Story = {
  args: {
    logic: waiting,
    snapshot: at({ ready: 'deleting' }, { removing: { kind: DocumentType.CoverLetter, document: coverLetters[0]! } }, waiting),
  },
};

/** Deleted: the server's message. */
export const Deleted: Story = {
  args: { snapshot: at({ ready: 'idle' }, { documents: listsOf(server(resumes, [])), message: FileMessages.documentDeleted }) },
};

/** A delete that failed. */
export const DeleteFailed: Story = {
  args: { snapshot: at({ ready: 'idle' }, { error: { kind: null, message: FileMessages.documentNotFound } }) },
};

/** downloading: the file's Download is busy. */
export const Downloading: Story = { args: { logic: waiting, snapshot: at({ ready: 'downloading' }, { downloading: 'r1' }, waiting) } };

/** refreshing: after a change, while the lists are read again. */
export const Refreshing: Story = {
  args: { logic: waiting, snapshot: at({ ready: 'refreshing' }, { message: DocumentMessages.uploaded(resumes[0]!.name) }, waiting) },
};
