import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import {
  DocumentMessages,
  DocumentType,
  NONE_DOCUMENT,
  type DocumentKind,
  type Documents,
  type UploadedDocument,
} from '../../src/contract/documents.ts';
import { FileMessages, MAX_UPLOAD_BYTES } from '../../src/contract/files.ts';
import {
  documentRefusal,
  documentsMachine,
  listsOf,
  selectAtLimit,
  selectConfirming,
  selectIdle,
  selectUploadPercent,
  type DocumentsEmitted,
  type DocumentsEvent,
  type StoredDocument,
} from '../../src/machines/jobseeker/documents.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { profileChanges } from '../../src/services/profile-changes.ts';
import type { DownloadedFile } from '../../src/services/transfer.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof documentsMachine>;

const doc = (id: string, name: string): StoredDocument => ({ id, name, size: 120_000, uploadedAt: '2025-01-02T03:04:05.000Z' });
const cv = doc('r1', 'cv.pdf');
const letter = doc('c1', 'letter.docx');
/** The lists as the server answers them: each ends with the None entry. */
const lists = (resumes: StoredDocument[], coverLetters: StoredDocument[]): Documents => ({
  resumes: [...resumes, NONE_DOCUMENT],
  coverLetters: [...coverLetters, NONE_DOCUMENT],
  suggestedSkills: [],
});
const some = lists([cv], []);
/** Ten résumés: the limit. */
const full = lists([cv, ...Array.from({ length: 9 }, (_, i) => doc(`r${i + 2}`, `cv-${i + 2}.pdf`))], [letter]);
const reread = lists([doc('r-new', 'new-cv.pdf'), cv], [letter]);

/** A file the model tells apart from another by its name and size (a plain File serializes as {}). */
class NamedFile extends File {
  toJSON() {
    return { name: this.name, size: this.size };
  }
}
const file = (name: string, size = 1024, type = 'application/pdf') => new NamedFile([new Uint8Array(size)], name, { type });
const pdf = file('new-cv.pdf');
const docx = file('new-letter.docx', 2048, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
const huge = file('huge.pdf', MAX_UPLOAD_BYTES + 1);
const image = file('photo.png', 1024, 'image/png');

const uploadedResume: UploadedDocument = { document: doc('r-new', 'new-cv.pdf'), type: DocumentType.Resume, suggestedSkills: [] };
const uploadedLetter: UploadedDocument = { document: doc('c-new', 'new-letter.docx'), type: DocumentType.CoverLetter, suggestedSkills: [] };
const unreadable = new ApiError('client', 400, FileMessages.pdfUnreadable);
const saved: DownloadedFile = { blob: new Blob(['%PDF']), filename: 'cv.pdf' };

const modelEvents = [
  { type: 'xstate.done.actor.load', output: some },
  { type: 'xstate.done.actor.load', output: full },
  { type: 'xstate.error.actor.load', error: new ApiError('server', 500, 'Something went wrong!!!') },
  { type: 'documents.retry' },
  { type: 'upload.choose', kind: DocumentType.Resume, files: [pdf] },
  { type: 'upload.choose', kind: DocumentType.CoverLetter, files: [docx] },
  { type: 'upload.choose', kind: DocumentType.Resume, files: [huge] },
  { type: 'upload.choose', kind: DocumentType.CoverLetter, files: [image] },
  { type: 'upload.progress', loaded: 40, total: 100 },
  { type: 'upload.done', result: uploadedResume },
  { type: 'upload.done', result: uploadedLetter },
  { type: 'upload.failed', error: unreadable },
  { type: 'upload.cancel' },
  { type: 'document.delete', kind: DocumentType.Resume, id: 'r1' },
  { type: 'delete.confirm' },
  { type: 'delete.cancel' },
  { type: 'xstate.done.actor.remove', output: FileMessages.documentDeleted },
  { type: 'xstate.error.actor.remove', error: new ApiError('client', 404, FileMessages.documentNotFound) },
  { type: 'document.download', id: 'r1' },
  { type: 'xstate.done.actor.download', output: saved },
  { type: 'xstate.error.actor.download', error: new TypeError('Failed to fetch') },
  { type: 'xstate.done.actor.refresh', output: reread },
  { type: 'xstate.error.actor.refresh', error: new ApiError('server', 500, 'Something went wrong!!!') },
] as unknown as EventObject[];

/** Events the upload actor sends back to the machine. */
const fromUpload = new Set(['upload.progress', 'upload.done', 'upload.failed']);

const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    documents: [s.context.documents[1].map((d) => d.id), s.context.documents[2].map((d) => d.id)],
    upload: s.context.upload && { kind: s.context.upload.kind, name: s.context.upload.file.name, percent: selectUploadPercent(s) },
    removing: s.context.removing?.document.id ?? null,
    confirming: selectConfirming(s),
    downloading: s.context.downloading,
    error: s.context.error,
    message: s.context.message,
    idle: selectIdle(s),
    atLimit: [selectAtLimit(s, 1), selectAtLimit(s, 2)],
  });

function startSut() {
  const server = {
    loads: 0,
    uploads: [] as Array<{ kind: DocumentKind; file: File }>,
    /** Uploads dropped while still on their way (stopping a finished one drops nothing). */
    aborted: 0,
    answered: false,
    sendBack: null as ((e: AnyEventObject) => void) | null,
    removes: [] as Array<{ kind: DocumentKind; id: string }>,
    downloads: [] as StoredDocument[],
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const hold = <T>(id: string) => {
    const d = deferred<T>();
    server.pending[id] = d as never;
    return d.promise;
  };
  const machine = documentsMachine.provide({
    actors: {
      // Invoked as `load` at first and on a retry, as `refresh` after a change.
      load: fromPromise<Documents>(({ self }) => {
        server.loads++;
        return hold(self.id);
      }),
      upload: fromCallback<DocumentsEvent, { kind: DocumentKind; file: File }>(({ input, sendBack }) => {
        server.uploads.push(input);
        server.answered = false;
        server.sendBack = sendBack;
        return () => {
          if (!server.answered) server.aborted++;
          server.sendBack = null;
        };
      }),
      remove: fromPromise<string, { kind: DocumentKind; id: string }>(({ input }) => {
        server.removes.push(input);
        return hold('remove');
      }),
      download: fromPromise<DownloadedFile, StoredDocument>(({ input }) => {
        server.downloads.push(input);
        return hold('download');
      }),
    },
  });
  const emitted: DocumentsEmitted[] = [];
  let changes = 0;
  const stop = profileChanges.subscribe(() => changes++);
  const actor = createActor(machine);
  actor.on('document.save', (e) => emitted.push(e));
  actor.start();
  return { actor, server, emitted, changes: () => changes, stop };
}

type Sut = ReturnType<typeof startSut>;

/** Lives through one model event as the browser and the server would. */
async function exec(sut: Sut, event: EventObject) {
  if (fromUpload.has(event.type)) {
    if (!sut.server.sendBack) throw new Error(`${event.type} while no upload runs`);
    if (event.type !== 'upload.progress') sut.server.answered = true;
    sut.server.sendBack(event);
  } else if (!settle(sut.server.pending, event)) sut.actor.send(event as DocumentsEvent);
  await flush();
}

describe('documents machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(documentsMachine, {
    events: modelEvents,
    serializeState: observable,
    filterEvents: (s, e) => {
      const event = e as DocumentsEvent;
      if (e.type.endsWith('actor.load')) return s.matches('loading');
      if (e.type.endsWith('actor.refresh')) return s.matches({ ready: 'refreshing' });
      if (e.type.endsWith('actor.remove')) return s.matches({ ready: 'deleting' });
      if (e.type.endsWith('actor.download')) return s.matches({ ready: 'downloading' });
      if (fromUpload.has(e.type)) {
        if (!s.matches({ ready: 'uploading' })) return false;
        // The server answers for the kind that was sent.
        return event.type !== 'upload.done' || event.result.type === s.context.upload?.kind;
      }
      return true;
    },
  });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual([
      'loadFailed',
      'loading',
      'ready.confirmingDelete',
      'ready.deleting',
      'ready.downloading',
      'ready.idle',
      'ready.refreshing',
      'ready.uploading',
    ]);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(modelEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut();
      for (const event of path.slice(0, -1)) await exec(sut, event);
      const last = path.at(-1);
      const before = {
        changes: sut.changes(),
        aborted: sut.server.aborted,
        emitted: sut.emitted.length,
        uploads: sut.server.uploads.length,
        uploading: sut.actor.getSnapshot().matches({ ready: 'uploading' }),
      };
      if (last) await exec(sut, last);
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      if (last) {
        // A completed upload or delete tells the completion meter, once.
        const announces = last.type === 'upload.done' || last.type === 'xstate.done.actor.remove';
        expect(sut.changes() - before.changes).toBe(announces ? 1 : 0);
        // Only a cancel drops the request; an answer ends the actor without one.
        expect(sut.server.aborted - before.aborted).toBe(before.uploading && last.type === 'upload.cancel' ? 1 : 0);
        expect(sut.emitted.slice(before.emitted)).toEqual(
          last.type === 'xstate.done.actor.download' ? [{ type: 'document.save', file: saved }] : [],
        );
        // A file is sent when an upload starts, and nothing refused is sent.
        expect(sut.server.uploads.length - before.uploads).toBe(!before.uploading && now.matches({ ready: 'uploading' }) ? 1 : 0);
      }
      sut.stop();
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('documents rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lists every document but the None entry', () => {
    expect(listsOf(lists([cv], [letter]))).toEqual({ [DocumentType.Resume]: [cv], [DocumentType.CoverLetter]: [letter] });
  });

  it('refuses a file before sending it, in the server’s words', () => {
    expect(documentRefusal([huge], 0, DocumentType.Resume)).toBe(FileMessages.tooLarge);
    expect(documentRefusal([image], 0, DocumentType.Resume)).toBe(FileMessages.documentType);
    expect(documentRefusal([file('CV.PDF')], 0, DocumentType.Resume)).toBeNull();
    expect(documentRefusal([file('empty.pdf', 0)], 0, DocumentType.Resume)).toBe(FileMessages.empty);
    expect(documentRefusal([pdf, docx], 0, DocumentType.Resume)).toBe(FileMessages.oneFile);
    expect(documentRefusal([], 0, DocumentType.Resume)).toBe(FileMessages.noFile);
    expect(documentRefusal([pdf], 10, DocumentType.Resume)).toBe(FileMessages.tooManyResumes);
    expect(documentRefusal([docx], 10, DocumentType.CoverLetter)).toBe(FileMessages.tooManyCoverLetters);
    expect(documentRefusal([docx], 9, DocumentType.CoverLetter)).toBeNull();
  });

  async function loaded(documents = some) {
    const sut = startSut();
    sut.server.pending.load!.resolve(documents as never);
    await flush();
    return sut;
  }

  it('uploads with progress, shows the new document at once, then reads the lists again', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'upload.choose', kind: DocumentType.Resume, files: [pdf] });
    expect(sut.server.uploads).toEqual([{ kind: DocumentType.Resume, file: pdf }]);
    sut.server.sendBack!({ type: 'upload.progress', loaded: 512, total: 2048 });
    expect(selectUploadPercent(sut.actor.getSnapshot())).toBe(25);
    sut.server.sendBack!({ type: 'upload.done', result: uploadedResume });
    await flush();
    const s = sut.actor.getSnapshot();
    expect(s.context.documents[1].map((d) => d.id)).toEqual(['r-new', 'r1']);
    expect(s.context.message).toBe(DocumentMessages.uploaded('new-cv.pdf'));
    expect(sut.server.loads).toBe(2);
    expect(sut.changes()).toBe(1);
    sut.stop();
  });

  it('keeps a failed upload’s message next to that kind’s control, and clears it with the next try', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'upload.choose', kind: DocumentType.CoverLetter, files: [docx] });
    sut.server.sendBack!({ type: 'upload.failed', error: new TypeError('Failed to fetch') });
    expect(sut.actor.getSnapshot().context.error).toEqual({ kind: DocumentType.CoverLetter, message: AccountMessages.generic });
    sut.actor.send({ type: 'upload.choose', kind: DocumentType.CoverLetter, files: [docx] });
    expect(sut.actor.getSnapshot().context.error).toBeNull();
    sut.stop();
  });

  it('at ten of a kind refuses another of that kind, and still takes the other kind', async () => {
    const sut = await loaded(full);
    sut.actor.send({ type: 'upload.choose', kind: DocumentType.Resume, files: [pdf] });
    expect(sut.actor.getSnapshot().context.error).toEqual({ kind: DocumentType.Resume, message: FileMessages.tooManyResumes });
    sut.actor.send({ type: 'upload.choose', kind: DocumentType.CoverLetter, files: [docx] });
    expect(sut.server.uploads).toEqual([{ kind: DocumentType.CoverLetter, file: docx }]);
    sut.stop();
  });

  it('deletes what was confirmed, by id and kind', async () => {
    const sut = await loaded(full);
    sut.actor.send({ type: 'document.delete', kind: DocumentType.CoverLetter, id: 'c1' });
    expect(sut.server.removes).toEqual([]);
    sut.actor.send({ type: 'delete.confirm' });
    await flush();
    expect(sut.server.removes).toEqual([{ kind: DocumentType.CoverLetter, id: 'c1' }]);
    sut.stop();
  });

  it('ignores a download or a delete of a document that is not on the lists', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'document.download', id: 'gone' });
    sut.actor.send({ type: 'document.delete', kind: DocumentType.Resume, id: 'gone' });
    expect(sut.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(sut.server.downloads).toEqual([]);
    sut.stop();
  });

  it('downloads the chosen document and hands it to the page to save', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'document.download', id: 'r1' });
    expect(sut.server.downloads).toEqual([cv]);
    sut.server.pending.download!.resolve(saved as never);
    await flush();
    expect(sut.emitted).toEqual([{ type: 'document.save', file: saved }]);
    expect(sut.actor.getSnapshot().context.downloading).toBeNull();
    sut.stop();
  });
});
