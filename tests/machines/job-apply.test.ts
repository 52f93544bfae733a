import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import {
  DocumentMessages,
  DocumentType,
  NONE_DOCUMENT,
  type DocumentEntry,
  type DocumentKind,
  type Documents,
  type UploadedDocument,
} from '../../src/contract/documents.ts';
import { FileMessages, MAX_UPLOAD_BYTES } from '../../src/contract/files.ts';
import { JobMessages, type Application, type ApplicationInput } from '../../src/contract/jobs.ts';
import {
  applicationOf,
  applyErrors,
  applyMachine,
  choicesOf,
  selectEditable,
  selectFieldErrors,
  selectResultMessage,
  selectUploadPercent,
  type ApplyEvent,
  type ApplyInput,
  type ApplyJob,
  type ApplySent,
} from '../../src/machines/jobs/apply.machine.ts';
import { failingServer } from '../support/client/failing-server.ts';
import { ApiError, configureHttp } from '../../src/services/http.ts';
import { profileChanges } from '../../src/services/profile-changes.ts';
import { atomicStates, deferred, eventTypesOf, flush, modelOf, modelStates, settle, type ModelState } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof applyMachine>;

const JOB_ID = '0b7f8a52-7a0e-4f7e-9a55-0000000000a1';
const R1 = '6f1d1c1e-0000-4000-8000-0000000000a1';
const R_NEW = '6f1d1c1e-0000-4000-8000-0000000000b2';
const C1 = '6f1d1c1e-0000-4000-8000-0000000000c1';
const C_NEW = '6f1d1c1e-0000-4000-8000-0000000000c2';

const doc = (id: string, name: string): DocumentEntry => ({ id, name, size: 120_000, uploadedAt: '2025-03-01T10:00:00.000Z' });
const resume = doc(R1, 'cv.pdf');
const letter = doc(C1, 'letter.pdf');
const lists = (resumes: DocumentEntry[], coverLetters: DocumentEntry[]): Documents => ({
  resumes: [...resumes, NONE_DOCUMENT],
  coverLetters: [...coverLetters, NONE_DOCUMENT],
  suggestedSkills: [],
});
const some = lists([resume], [letter]);
const none = lists([], []);

/** A job that asks for nothing, and one that asks for everything. */
const easy: ApplyJob = {
  id: JOB_ID,
  title: 'Barista',
  requiresResume: false,
  requiresCoverLetter: false,
  requiresWorkAuthorization: false,
};
const strict: ApplyJob = { id: JOB_ID, title: 'Nurse', requiresResume: true, requiresCoverLetter: true, requiresWorkAuthorization: true };

/** A file the model tells apart by its name and size (a plain File serializes as {}). */
class NamedFile extends File {
  toJSON() {
    return { name: this.name, size: this.size };
  }
}
const file = (name: string, size = 1024, type = 'application/pdf') => new NamedFile([new Uint8Array(size)], name, { type });
const pdf = file('new-cv.pdf');
const docx = file('new-letter.docx', 2048, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
const huge = file('huge.pdf', MAX_UPLOAD_BYTES + 1);

const uploadedResume: UploadedDocument = { document: doc(R_NEW, 'new-cv.pdf'), type: DocumentType.Resume, suggestedSkills: [] };
const uploadedLetter: UploadedDocument = { document: doc(C_NEW, 'new-letter.docx'), type: DocumentType.CoverLetter, suggestedSkills: [] };

const application = (status: Application['status'] = 'Applied'): Application => ({
  id: 'app-1',
  jobId: JOB_ID,
  status,
  appliedDate: '2025-03-10T12:00:00.000Z',
  resumeId: R1,
  coverLetterId: C1,
  workAuthorization: true,
  sponsorship: false,
});

const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const closedJob = ApiError.of('job.closed', JobMessages.closed);
const expiredJob = ApiError.of('job.expired', JobMessages.expired);
const underAge = ApiError.of('job.adultsOnly', 'Forbidden');
const goneJob = ApiError.of('job.notFound', JobMessages.jobNotFound);
const notMine = ApiError.of('application.incomplete', JobMessages.resumeNotFound, {
  fieldErrors: { resumeId: JobMessages.resumeNotFound },
});
const unreadable = new ApiError('client', 400, FileMessages.pdfUnreadable);

/** Events the upload actor sends back to the machine. */
const fromUpload = new Set(['upload.progress', 'upload.done', 'upload.failed']);

/** What the seeker sees: where the dialog is, the choices offered and made, every message, and what the page learns at the end. */
const observable = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    offered: [choicesOf(s.context, DocumentType.Resume).map((d) => d.id), choicesOf(s.context, DocumentType.CoverLetter).map((d) => d.id)],
    answers: s.context.answers,
    errors: selectFieldErrors(s),
    upload: s.context.upload && { kind: s.context.upload.kind, name: s.context.upload.file.name, percent: selectUploadPercent(s) },
    note: s.context.uploadNote,
    error: s.context.error,
    result: selectResultMessage(s),
    editable: selectEditable(s),
    busy: s.hasTag('busy'),
    output: s.status === 'done' ? s.output : null,
  });

function startSut(input: ApplyInput) {
  const server = {
    starts: 0,
    loads: 0,
    uploads: [] as Array<{ kind: DocumentKind; file: File }>,
    aborted: 0,
    answered: false,
    sendBack: null as ((e: AnyEventObject) => void) | null,
    applications: [] as ApplicationInput[],
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const hold = (id: string) => {
    const d = deferred<never>();
    server.pending[id] = d;
    return d.promise;
  };
  const machine = applyMachine.provide({
    actors: {
      applyStart: fromPromise<void, { jobId: string }>(async () => {
        server.starts++;
      }),
      loadDocuments: fromPromise<Documents>(() => {
        server.loads++;
        return hold('loadDocuments');
      }),
      upload: fromCallback<ApplyEvent, { kind: DocumentKind; file: File }>(({ input, sendBack }) => {
        server.uploads.push(input);
        server.answered = false;
        server.sendBack = sendBack as (e: AnyEventObject) => void;
        return () => {
          if (!server.answered) server.aborted++;
          server.sendBack = null;
        };
      }),
      apply: fromPromise<ApplySent, ApplicationInput>(({ input }) => {
        server.applications.push(input);
        return hold('apply');
      }),
    },
  });
  let changes = 0;
  const stop = profileChanges.subscribe(() => changes++);
  const actor = createActor(machine, { input }).start();
  return { actor, server, changes: () => changes, stop };
}
type Sut = ReturnType<typeof startSut>;

/** Lives through one model event as the browser and the server would. */
async function exec(sut: Sut, event: EventObject) {
  if (fromUpload.has(event.type)) {
    if (!sut.server.sendBack) throw new Error(`${event.type} while no upload runs`);
    if (event.type !== 'upload.progress') sut.server.answered = true;
    sut.server.sendBack(event);
  } else if (!settle(sut.server.pending, event)) sut.actor.send(event as ApplyEvent);
  await flush();
}

/** Walks every state the events reach, replays each one and every event tried from it, with the effects each must have. */
function walk(input: ApplyInput, events: EventObject[], filter: (s: Snap, e: EventObject) => boolean) {
  const model = modelOf(applyMachine, {
    events,
    input,
    serializeState: observable,
    filterEvents: (s, e) => {
      if (e.type.endsWith('actor.loadDocuments')) return s.matches('loading') && filter(s, e);
      if (e.type.endsWith('actor.apply')) return s.matches('submitting') && filter(s, e);
      if (fromUpload.has(e.type)) {
        if (!s.matches('uploading')) return false;
        const done = e as { type: string; result?: UploadedDocument };
        // The server answers for the kind that was sent.
        if (done.result && done.result.type !== s.context.upload?.kind) return false;
      }
      return filter(s, e);
    },
  });
  const states = modelStates(model) as unknown as Array<ModelState<Snap, EventObject>>;

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startSut(input);
      for (const event of path.slice(0, -1)) await exec(sut, event);
      const last = path.at(-1);
      const was = sut.actor.getSnapshot();
      const before = {
        changes: sut.changes(),
        aborted: sut.server.aborted,
        uploads: sut.server.uploads.length,
        sent: sut.server.applications.length,
      };
      if (last) await exec(sut, last);
      const now = sut.actor.getSnapshot();
      expect(observable(now)).toBe(observable(expected));
      // The start is counted once, when the dialog opens, whatever follows.
      expect(sut.server.starts).toBe(1);
      if (last) {
        // A new document counts towards the profile, once.
        expect(sut.changes() - before.changes).toBe(last.type === 'upload.done' ? 1 : 0);
        // Only a cancel or a close drops an upload on its way.
        expect(sut.server.aborted - before.aborted).toBe(
          was.matches('uploading') && !now.matches('uploading') && !fromUpload.has(last.type) ? 1 : 0,
        );
        // A file is sent when an upload starts, and nothing refused is sent.
        expect(sut.server.uploads.length - before.uploads).toBe(!was.matches('uploading') && now.matches('uploading') ? 1 : 0);
        // The application is sent when the form goes to submitting, as the form has it, and only valid.
        const went = !was.matches('submitting') && now.matches('submitting');
        expect(sut.server.applications.length - before.sent).toBe(went ? 1 : 0);
        if (went) {
          expect(sut.server.applications.at(-1)).toEqual(applicationOf(now.context));
          expect(applyErrors(now.context)).toEqual({});
        }
      }
      sut.stop();
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
  return states;
}

describe('apply machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const reached: string[] = [];
  const tried: string[] = [];
  const collect = (states: Array<ModelState<Snap, EventObject>>) => {
    reached.push(...states.flatMap((s) => atomicStates(s.state.value)));
    tried.push(...states.flatMap((s) => s.transitions.map((t) => t.event.type)));
  };

  describe('documents and uploads, for a job that asks for nothing', () => {
    const events = [
      { type: 'xstate.done.actor.loadDocuments', output: some },
      { type: 'xstate.done.actor.loadDocuments', output: none },
      { type: 'xstate.error.actor.loadDocuments', error: serverDown },
      { type: 'documents.retry' },
      { type: 'document.choose', kind: DocumentType.Resume, id: null },
      { type: 'document.choose', kind: DocumentType.CoverLetter, id: C1 },
      { type: 'upload.choose', kind: DocumentType.Resume, files: [pdf] },
      { type: 'upload.choose', kind: DocumentType.CoverLetter, files: [docx] },
      { type: 'upload.choose', kind: DocumentType.Resume, files: [huge] },
      { type: 'upload.progress', loaded: 40, total: 100 },
      { type: 'upload.done', result: uploadedResume },
      { type: 'upload.done', result: uploadedLetter },
      { type: 'upload.failed', error: unreadable },
      { type: 'upload.cancel' },
      { type: 'dialog.close' },
    ] as unknown as EventObject[];
    collect(
      walk({ job: easy }, events, (s, e) => {
        // Uploads and choices once each, from the lists as they came, so the walk stays small.
        if (e.type === 'upload.choose' || e.type === 'document.choose')
          return s.context.uploadNote === null && s.context.answers.coverLetterId === null;
        return true;
      }),
    );
  });

  describe('answers and sending, for a job that asks for everything', () => {
    const events = [
      { type: 'xstate.done.actor.loadDocuments', output: some },
      { type: 'xstate.done.actor.loadDocuments', output: none },
      // None is not offered when the job asks for the document.
      { type: 'document.choose', kind: DocumentType.CoverLetter, id: null },
      { type: 'document.choose', kind: DocumentType.Resume, id: R1 },
      { type: 'answer.change', field: 'workAuthorization', value: true },
      { type: 'answer.change', field: 'sponsorship', value: false },
      { type: 'apply.submit' },
      { type: 'dialog.close' },
      { type: 'xstate.done.actor.apply', output: { code: 'application.created', application: application() } },
      { type: 'xstate.done.actor.apply', output: { code: 'application.alreadyApplied', application: application('Interviewing') } },
      { type: 'xstate.error.actor.apply', error: closedJob },
      { type: 'xstate.error.actor.apply', error: expiredJob },
      { type: 'xstate.error.actor.apply', error: underAge },
      { type: 'xstate.error.actor.apply', error: goneJob },
      { type: 'xstate.error.actor.apply', error: notMine },
      { type: 'xstate.error.actor.apply', error: serverDown },
    ] as unknown as EventObject[];
    collect(
      walk({ job: strict }, events, (s, e) => {
        const a = s.context.answers;
        // Each answer once, in order: the work authorization before sponsorship.
        if (e.type === 'answer.change') {
          const field = (e as unknown as { field: string }).field;
          return field === 'workAuthorization' ? a.workAuthorization === null : a.workAuthorization !== null && a.sponsorship === null;
        }
        if (e.type === 'document.choose') return !s.context.submitted;
        return true;
      }),
    );
  });

  it('reaches every state of the chart and tries every event it handles', () => {
    expect([...new Set(reached)].sort()).toEqual([
      'closed',
      'editing',
      'loadFailed',
      'loading',
      'refused',
      'sent',
      'submitting',
      'uploading',
    ]);
    expect([...new Set(tried)].sort()).toEqual([...new Set(eventTypesOf(applyMachine))].sort());
  });
});

const flushReal = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('apply rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function loaded(job: ApplyJob, documents = some) {
    const sut = startSut({ job });
    sut.server.pending.loadDocuments!.resolve(documents as never);
    await flush();
    return sut;
  }

  it('starts with the newest resume, and a cover letter only when the job asks for one', async () => {
    const easySut = await loaded(easy);
    expect(easySut.actor.getSnapshot().context.answers).toEqual({
      resumeId: R1,
      coverLetterId: null,
      workAuthorization: null,
      sponsorship: null,
    });
    const strictSut = await loaded(strict);
    expect(strictSut.actor.getSnapshot().context.answers).toEqual({
      resumeId: R1,
      coverLetterId: C1,
      workAuthorization: null,
      sponsorship: null,
    });
  });

  it('offers None only for what the job does not ask for', async () => {
    const easySut = await loaded(easy);
    expect(choicesOf(easySut.actor.getSnapshot().context, DocumentType.Resume).map((d) => d.id)).toEqual([R1, null]);
    const strictSut = await loaded(strict);
    expect(choicesOf(strictSut.actor.getSnapshot().context, DocumentType.Resume).map((d) => d.id)).toEqual([R1]);
    strictSut.actor.send({ type: 'document.choose', kind: DocumentType.Resume, id: null });
    expect(strictSut.actor.getSnapshot().context.answers.resumeId).toBe(R1);
  });

  it('says what is missing after a submit, in the contract’s words, and sends nothing', async () => {
    const sut = await loaded(strict, none);
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({});
    sut.actor.send({ type: 'apply.submit' });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({
      resumeId: JobMessages.resumeRequired,
      coverLetterId: JobMessages.coverLetterRequired,
      workAuthorization: JobMessages.workAuthorizationRequired,
    });
    expect(sut.server.applications).toEqual([]);
    sut.actor.send({ type: 'answer.change', field: 'workAuthorization', value: false });
    expect(selectFieldErrors(sut.actor.getSnapshot()).workAuthorization).toBeUndefined();
  });

  it('sends only what the job asks about: no work authorization answers for a job that does not ask', () => {
    const answers = { resumeId: R1, coverLetterId: null, workAuthorization: true, sponsorship: true };
    expect(applicationOf({ job: easy, answers })).toEqual({
      jobId: JOB_ID,
      resumeId: R1,
      coverLetterId: null,
      workAuthorization: null,
      sponsorship: null,
    });
    expect(applicationOf({ job: strict, answers })).toEqual({
      jobId: JOB_ID,
      resumeId: R1,
      coverLetterId: null,
      workAuthorization: true,
      sponsorship: true,
    });
  });

  it('uploads a resume on the spot with progress; it becomes the chosen one and clears the missing-resume message', async () => {
    const sut = await loaded(strict, none);
    sut.actor.send({ type: 'apply.submit' });
    sut.actor.send({ type: 'upload.choose', kind: DocumentType.Resume, files: [pdf] });
    expect(sut.server.uploads).toEqual([{ kind: DocumentType.Resume, file: pdf }]);
    sut.server.sendBack!({ type: 'upload.progress', loaded: 512, total: 2048 });
    expect(selectUploadPercent(sut.actor.getSnapshot())).toBe(25);
    // The form cannot be sent while a file is on its way.
    sut.actor.send({ type: 'apply.submit' });
    expect(sut.server.applications).toEqual([]);
    sut.server.sendBack!({ type: 'upload.done', result: uploadedResume });
    await flush();
    const s = sut.actor.getSnapshot();
    expect(s.context.answers.resumeId).toBe(R_NEW);
    expect(choicesOf(s.context, DocumentType.Resume).map((d) => d.id)).toEqual([R_NEW]);
    expect(selectFieldErrors(s).resumeId).toBeUndefined();
    expect(s.context.uploadNote).toEqual({ kind: DocumentType.Resume, message: DocumentMessages.uploaded('new-cv.pdf'), tone: 'info' });
    expect(sut.changes()).toBe(1);
    sut.stop();
  });

  it('refuses a file before sending it; a failed or cancelled upload says so by its control, and the choice stays', async () => {
    const sut = await loaded(easy);
    sut.actor.send({ type: 'upload.choose', kind: DocumentType.Resume, files: [huge] });
    expect(sut.actor.getSnapshot().context.uploadNote).toEqual({
      kind: DocumentType.Resume,
      message: FileMessages.tooLarge,
      tone: 'error',
    });
    expect(sut.server.uploads).toEqual([]);
    sut.actor.send({ type: 'upload.choose', kind: DocumentType.CoverLetter, files: [docx] });
    sut.server.answered = true;
    sut.server.sendBack!({ type: 'upload.failed', error: new TypeError('Failed to fetch') });
    expect(sut.actor.getSnapshot().context.uploadNote).toEqual({
      kind: DocumentType.CoverLetter,
      message: AccountMessages.generic,
      tone: 'error',
    });
    sut.actor.send({ type: 'upload.choose', kind: DocumentType.CoverLetter, files: [docx] });
    sut.actor.send({ type: 'upload.cancel' });
    expect(sut.server.aborted).toBe(1);
    expect(sut.actor.getSnapshot().context.uploadNote).toEqual({
      kind: DocumentType.CoverLetter,
      message: DocumentMessages.uploadCancelled,
      tone: 'info',
    });
    expect(sut.actor.getSnapshot().context.answers.coverLetterId).toBeNull();
    sut.stop();
  });

  async function submitted(error: unknown) {
    const sut = await loaded(strict);
    sut.actor.send({ type: 'answer.change', field: 'workAuthorization', value: true });
    sut.actor.send({ type: 'apply.submit' });
    await flush();
    sut.server.pending.apply!.reject(error);
    await flush();
    return sut;
  }

  it('sends the application and, on application.created, says it was sent; closing tells the page the application', async () => {
    const sut = await loaded(strict);
    sut.actor.send({ type: 'answer.change', field: 'workAuthorization', value: true });
    sut.actor.send({ type: 'answer.change', field: 'sponsorship', value: false });
    sut.actor.send({ type: 'apply.submit' });
    await flush();
    expect(sut.server.applications).toEqual([
      { jobId: JOB_ID, resumeId: R1, coverLetterId: C1, workAuthorization: true, sponsorship: false },
    ]);
    // Nothing closes the dialog while the application is on its way.
    sut.actor.send({ type: 'dialog.close' });
    expect(sut.actor.getSnapshot().matches('submitting')).toBe(true);
    sut.server.pending.apply!.resolve({ code: 'application.created', application: application() } as never);
    await flush();
    expect(selectResultMessage(sut.actor.getSnapshot())).toBe(JobMessages.applied);
    sut.actor.send({ type: 'dialog.close' });
    expect(sut.actor.getSnapshot().output).toEqual({ application: application(), jobStatus: null });
  });

  it('on application.alreadyApplied says the seeker had applied already, and the page shows that application', async () => {
    const sut = await loaded(strict);
    sut.actor.send({ type: 'answer.change', field: 'workAuthorization', value: true });
    sut.actor.send({ type: 'apply.submit' });
    await flush();
    sut.server.pending.apply!.resolve({ code: 'application.alreadyApplied', application: application('Reviewed') } as never);
    await flush();
    expect(selectResultMessage(sut.actor.getSnapshot())).toBe(JobMessages.alreadyApplied);
    sut.actor.send({ type: 'dialog.close' });
    expect(sut.actor.getSnapshot().output?.application?.status).toBe('Reviewed');
  });

  it('a closed or expired job (job.closed, job.expired) is said in the product’s words, and the page learns the job’s state', async () => {
    for (const [error, status] of [
      [closedJob, 'Closed'],
      [expiredJob, 'Expired'],
    ] as const) {
      const sut = await submitted(error);
      expect(sut.actor.getSnapshot().matches('refused')).toBe(true);
      expect(sut.actor.getSnapshot().context.error).toBe(error.message);
      sut.actor.send({ type: 'dialog.close' });
      expect(sut.actor.getSnapshot().output).toEqual({ application: null, jobStatus: status });
    }
  });

  it('a seeker under 18 (job.adultsOnly) is told the job is for adults; a job gone (job.notFound) says it is not found', async () => {
    const young = await submitted(underAge);
    expect(young.actor.getSnapshot().context.error).toBe(JobMessages.adultsOnly);
    const gone = await submitted(goneJob);
    expect(gone.actor.getSnapshot().context.error).toBe(JobMessages.jobNotFound);
    gone.actor.send({ type: 'dialog.close' });
    expect(gone.actor.getSnapshot().output).toEqual({ application: null, jobStatus: null });
  });

  it('goes by the code, never by the words or the status: a reworded refusal keeps its meaning, one without a known code can be tried again', async () => {
    const expired = await submitted(ApiError.of('job.expired', 'Applications for this job ended yesterday.'));
    expect(expired.actor.getSnapshot().context.error).toBe(JobMessages.expired);
    expired.actor.send({ type: 'dialog.close' });
    expect(expired.actor.getSnapshot().output).toEqual({ application: null, jobStatus: 'Expired' });
    const uncoded = await submitted(new ApiError('client', 409, JobMessages.expired));
    expect(uncoded.actor.getSnapshot().matches('editing')).toBe(true);
    expect(uncoded.actor.getSnapshot().context.error).toBe(JobMessages.expired);
  });

  it('puts the field messages of application.incomplete on their fields until they change; other failures can be tried again', async () => {
    const sut = await submitted(notMine);
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ resumeId: JobMessages.resumeNotFound });
    expect(sut.actor.getSnapshot().matches('editing')).toBe(true);
    sut.actor.send({ type: 'document.choose', kind: DocumentType.Resume, id: R1 });
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({});
    sut.actor.send({ type: 'apply.submit' });
    await flush();
    sut.server.pending.apply!.reject(serverDown);
    await flush();
    expect(sut.actor.getSnapshot().context.error).toBe('Something went wrong!!!');
    sut.actor.send({ type: 'apply.submit' });
    await flush();
    expect(sut.server.applications).toHaveLength(3);
  });

  it('counts the start with the real call and swallows its failure: the form carries on', async () => {
    vi.useRealTimers();
    const notified: string[] = [];
    const server = await failingServer();
    configureHttp({ baseURL: server.url, notify: (m) => notified.push(m) });
    try {
      const machine = applyMachine.provide({
        actors: { loadDocuments: fromPromise<Documents>(async () => some) },
      });
      const actor = createActor(machine, { input: { job: easy } }).start();
      await vi.waitFor(() => expect(actor.getSnapshot().matches('editing')).toBe(true));
      await server.answered;
      await flushReal();
      expect(server.requests).toEqual([{ method: 'POST', url: `/api/job/job-apply/${easy.id}` }]);
      // Swallowed silently (spec 2 §8): no toast, and the form carries on.
      expect(notified).toEqual([]);
      expect(actor.getSnapshot().status).toBe('active');
      expect(actor.getSnapshot().context.error).toBeNull();
      actor.stop();
    } finally {
      configureHttp({ baseURL: '' });
      await server.close();
    }
  });
});
