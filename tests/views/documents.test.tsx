import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import {
  DocumentMessages,
  DocumentType,
  NONE_DOCUMENT,
  type DocumentKind,
  type Documents,
  type UploadedDocument,
} from '../../src/contract/documents.ts';
import { FileMessages, MAX_UPLOAD_BYTES } from '../../src/contract/files.ts';
import { documentsMachine, type DocumentsEvent, type StoredDocument } from '../../src/machines/jobseeker/documents.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { profileChanges } from '../../src/services/profile-changes.ts';
import type { DownloadedFile } from '../../src/services/transfer.ts';
import DocumentsPage from '../../src/views/jobseeker/documents.view.tsx';
import { renderApp, renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

const seeker = storedSessionFor({ id: 'js-1', email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' });
const employer = storedSessionFor({ id: 'em-1', email: 'erin@example.com', firstName: 'Erin', lastName: 'Price', role: 'Employer' });

const doc = (id: string, name: string, size: number | null = 120 * 1024): StoredDocument => ({
  id,
  name,
  size,
  uploadedAt: '2025-01-02T03:04:05.000Z',
});
const cv = doc('r1', 'cv.pdf');
const letter = doc('c1', 'letter.docx', null);
const lists = (resumes: StoredDocument[], coverLetters: StoredDocument[]): Documents => ({
  resumes: [...resumes, NONE_DOCUMENT],
  coverLetters: [...coverLetters, NONE_DOCUMENT],
  suggestedSkills: [],
});

const pdf = new File([new Uint8Array(2048)], 'new-cv.pdf', { type: 'application/pdf' });
const uploaded: UploadedDocument = { document: doc('r-new', 'new-cv.pdf', 2048), type: DocumentType.Resume, suggestedSkills: [] };

interface Upload {
  kind: DocumentKind;
  file: File;
  send: (e: DocumentsEvent) => void;
  aborted: boolean;
}

/** The page with its server calls answered by the test. */
function stubbed({ remove = async () => FileMessages.documentDeleted }: { remove?: () => Promise<string> } = {}) {
  const reads: Array<ReturnType<typeof deferred<Documents>>> = [];
  const uploads: Upload[] = [];
  const removes: Array<{ kind: DocumentKind; id: string }> = [];
  const downloads: StoredDocument[] = [];
  const logic = documentsMachine.provide({
    actors: {
      load: fromPromise<Documents>(() => {
        const read = deferred<Documents>();
        reads.push(read);
        return read.promise;
      }),
      upload: fromCallback<DocumentsEvent, { kind: DocumentKind; file: File }>(({ input, sendBack }) => {
        const upload: Upload = { ...input, send: (e) => sendBack(e as AnyEventObject), aborted: false };
        uploads.push(upload);
        return () => {
          upload.aborted = true;
        };
      }),
      remove: fromPromise<string, { kind: DocumentKind; id: string }>(({ input }) => {
        removes.push(input);
        return remove();
      }),
      download: fromPromise<DownloadedFile, StoredDocument>(async ({ input }) => {
        downloads.push(input);
        return { blob: new Blob(['%PDF-1.4']), filename: input.name };
      }),
    },
  });
  let answered = 0;
  /** Answers the next read of the lists, once the page has asked (after the session is restored). */
  const answer = async (value: Documents | Error) => {
    await waitFor(() => expect(reads.length).toBeGreaterThan(answered));
    const read = reads[answered++]!;
    await act(async () => (value instanceof Error ? read.reject(value) : read.resolve(value)));
  };
  /** The upload actor reports to the machine, as the request goes out and when it is answered. */
  const report = async (e: DocumentsEvent) => {
    await act(async () => uploads.at(-1)!.send(e));
  };
  return { logic, reads, uploads, removes, downloads, answer, report };
}

function renderPage(server: ReturnType<typeof stubbed>) {
  return renderInApp(<DocumentsPage logic={server.logic} />, { path: '/user/settings/documents', stored: seeker });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('the documents page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists résumés and cover letters with their dates and sizes, and never the None entry', async () => {
    const server = stubbed();
    renderPage(server);
    expect(await screen.findByText(DocumentMessages.loading)).toBeInTheDocument();
    await server.answer(lists([cv], [letter]));

    const resumes = within(section('Résumés')).getByRole('list', { name: 'Your résumés' });
    const items = within(resumes).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('cv.pdf');
    expect(items[0]).toHaveTextContent('Uploaded 01-02-2025 · 120 KB');
    const letters = within(section('Cover letters')).getAllByRole('listitem');
    expect(letters).toHaveLength(1);
    expect(letters[0]).toHaveTextContent('letter.docx');
    expect(screen.queryByText('None')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Upload a résumé')).toHaveAttribute(
      'accept',
      '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('says when a kind has no documents yet', async () => {
    const server = stubbed();
    renderPage(server);
    await server.answer(lists([], []));
    expect(within(section('Résumés')).getByText(DocumentMessages.noResumes)).toBeInTheDocument();
    expect(within(section('Cover letters')).getByText(DocumentMessages.noCoverLetters)).toBeInTheDocument();
  });

  it('uploads with a progress bar, shows the new résumé, reads the lists again and tells the completion meter', async () => {
    const server = stubbed();
    let changes = 0;
    const stop = profileChanges.subscribe(() => changes++);
    const app = renderPage(server);
    await server.answer(lists([cv], []));

    await app.user.upload(screen.getByLabelText('Upload a résumé'), pdf);
    expect(server.uploads.map(({ kind, file }) => ({ kind, file }))).toEqual([{ kind: DocumentType.Resume, file: pdf }]);
    const bar = within(section('Résumés')).getByRole('progressbar', { name: 'Uploading new-cv.pdf… 0%' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    // The other kind waits for this upload.
    expect(screen.getByLabelText('Upload a cover letter')).toBeDisabled();

    await server.report({ type: 'upload.progress', loaded: 1100, total: 2200 });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(bar).toHaveAccessibleName('Uploading new-cv.pdf… 50%');

    await server.report({ type: 'upload.done', result: uploaded });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(DocumentMessages.uploaded('new-cv.pdf'));
    expect(
      within(section('Résumés'))
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')!.textContent),
    ).toEqual(['new-cv.pdf', 'cv.pdf']);
    expect(changes).toBe(1);
    expect(server.reads).toHaveLength(2);
    await server.answer(lists([uploaded.document as StoredDocument, cv], []));
    expect(screen.getByLabelText('Upload a résumé')).toBeEnabled();
    stop();
  });

  it('cancels an upload: the request is dropped and the page says so', async () => {
    const server = stubbed();
    const app = renderPage(server);
    await server.answer(lists([cv], []));
    await app.user.upload(screen.getByLabelText('Upload a résumé'), pdf);
    await server.report({ type: 'upload.progress', loaded: 300, total: 2200 });

    await app.user.click(screen.getByRole('button', { name: 'Cancel uploading new-cv.pdf' }));
    expect(server.uploads[0]!.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(DocumentMessages.uploadCancelled);
    expect(within(section('Résumés')).getAllByRole('listitem')).toHaveLength(1);
    expect(server.reads).toHaveLength(1);
  });

  it('refuses a file over 5 MB, or of another type, before sending it', async () => {
    const server = stubbed();
    const app = renderPage(server);
    await server.answer(lists([cv], []));

    const huge = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'huge.pdf', { type: 'application/pdf' });
    await app.user.upload(screen.getByLabelText('Upload a résumé'), huge);
    expect(within(section('Résumés')).getByRole('alert')).toHaveTextContent(FileMessages.tooLarge);
    expect(screen.getByLabelText('Upload a résumé')).toHaveAccessibleDescription(expect.stringContaining(FileMessages.tooLarge));

    const photo = new File([new Uint8Array(10)], 'photo.png', { type: 'image/png' });
    fireEvent.drop(screen.getByRole('group', { name: 'Upload a cover letter: drop a file here' }), { dataTransfer: { files: [photo] } });
    expect(within(section('Cover letters')).getByRole('alert')).toHaveTextContent(FileMessages.documentType);
    expect(server.uploads).toEqual([]);
  });

  it('takes a dropped file', async () => {
    const server = stubbed();
    renderPage(server);
    await server.answer(lists([], []));
    const letterFile = new File([new Uint8Array(10)], 'letter.docx');
    fireEvent.drop(screen.getByRole('group', { name: 'Upload a cover letter: drop a file here' }), {
      dataTransfer: { files: [letterFile] },
    });
    expect(server.uploads.map((u) => u.kind)).toEqual([DocumentType.CoverLetter]);
    expect(within(section('Cover letters')).getByRole('progressbar')).toBeInTheDocument();
  });

  it("shows the server's refusal next to the upload control", async () => {
    const server = stubbed();
    const app = renderPage(server);
    await server.answer(lists([cv], []));
    await app.user.upload(screen.getByLabelText('Upload a résumé'), pdf);
    await server.report({ type: 'upload.failed', error: new ApiError('client', 400, FileMessages.pdfWithMarkup) });
    expect(within(section('Résumés')).getByRole('alert')).toHaveTextContent(FileMessages.pdfWithMarkup);
    expect(screen.getByLabelText('Upload a résumé')).toBeEnabled();
  });

  it('at ten résumés the résumé upload says so and is disabled', async () => {
    const server = stubbed();
    renderPage(server);
    await server.answer(
      lists(
        Array.from({ length: 10 }, (_, i) => doc(`r${i}`, `cv-${i}.pdf`)),
        [],
      ),
    );
    const input = screen.getByLabelText('Upload a résumé');
    expect(input).toBeDisabled();
    expect(input).toHaveAccessibleDescription(FileMessages.tooManyResumes);
    expect(screen.getByLabelText('Upload a cover letter')).toBeEnabled();
  });

  it('deletes a document only after the confirmation', async () => {
    const server = stubbed();
    let changes = 0;
    const stop = profileChanges.subscribe(() => changes++);
    const app = renderPage(server);
    await server.answer(lists([cv], [letter]));

    await app.user.click(screen.getByRole('button', { name: 'Delete résumé cv.pdf' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this résumé?' });
    expect(dialog).toHaveTextContent(DocumentMessages.confirmDelete('cv.pdf'));
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.removes).toEqual([]);

    await app.user.click(screen.getByRole('button', { name: 'Delete résumé cv.pdf' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this résumé?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(server.removes).toEqual([{ kind: DocumentType.Resume, id: 'r1' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent(FileMessages.documentDeleted);
    expect(within(section('Résumés')).getByText(DocumentMessages.noResumes)).toBeInTheDocument();
    expect(changes).toBe(1);
    await server.answer(lists([], [letter]));
    stop();
  });

  it('closes the confirmation with Escape', async () => {
    const server = stubbed();
    const app = renderPage(server);
    await server.answer(lists([], [letter]));
    await app.user.click(screen.getByRole('button', { name: 'Delete cover letter letter.docx' }));
    await screen.findByRole('dialog', { name: 'Delete this cover letter?' });
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.removes).toEqual([]);
  });

  it('shows why a delete failed', async () => {
    const server = stubbed({
      remove: async () => {
        throw new ApiError('client', 404, FileMessages.documentNotFound);
      },
    });
    const app = renderPage(server);
    await server.answer(lists([cv], []));
    await app.user.click(screen.getByRole('button', { name: 'Delete résumé cv.pdf' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FileMessages.documentNotFound);
    expect(within(section('Résumés')).getAllByRole('listitem')).toHaveLength(1);
  });

  it('downloads a document with its name as a browser download', async () => {
    const saved: Array<{ href: string; download: string }> = [];
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:cv');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href')!, download: this.download });
    });
    const server = stubbed();
    const app = renderPage(server);
    await server.answer(lists([cv], []));

    await app.user.click(screen.getByRole('button', { name: 'Download résumé cv.pdf' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:cv', download: 'cv.pdf' }]));
    expect(server.downloads).toEqual([cv]);
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('%PDF-1.4');
  });

  it('offers to try again when the documents cannot be loaded', async () => {
    const server = stubbed();
    const app = renderPage(server);
    await server.answer(new ApiError('server', 500, 'Something went wrong!!!'));
    expect(screen.getByRole('alert')).toHaveTextContent(DocumentMessages.loadFailed);
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(server.reads).toHaveLength(2);
    await server.answer(lists([cv], []));
    expect(within(section('Résumés')).getAllByRole('listitem')).toHaveLength(1);
  });

  it('is for job seekers: an employer is sent to their dashboard before anything is read', async () => {
    const app = renderApp({ path: '/user/settings/documents', stored: employer });
    await waitFor(() => expect(app.location.history!.at(-1)).toBe('/user/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Documents' })).not.toBeInTheDocument();
  });
});
