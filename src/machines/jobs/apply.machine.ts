import { assign, fromCallback, fromPromise, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account-messages.ts';
import {
  DocumentMessages,
  DocumentType,
  type DocumentEntry,
  type DocumentKind,
  type Documents,
  type UploadedDocument,
} from '../../contract/documents.ts';
import {
  applicationInputSchema,
  JobMessages,
  type Application,
  type ApplicationInput,
  type JobDetail,
  type PublicJobStatus,
} from '../../contract/jobs.ts';
import {
  isJobRefusalCode,
  jobRefusalMessages,
  jobStatusOfRefusal,
  missingAnswers,
  type JobRefusalCode,
} from '../../contract/application-rules.ts';
import { documentsService } from '../../services/documents.ts';
import type { OutcomeCode } from '../../contract/outcome-codes.ts';
import { ApiError, codeOf } from '../../services/http.ts';
import { jobsService } from '../../services/jobs.ts';
import { profileChanges } from '../../services/profile-changes.ts';
import type { UploadProgress } from '../../services/transfer.ts';
import { percentSent } from '../../lib/files.ts';
import { firstErrors, messagesOf, type FieldErrors } from '../form.ts';
import { documentRefusal } from '../jobseeker/documents.machine.ts';

/** What the apply form needs of the job: which answers it asks for. */
export type ApplyJob = Pick<JobDetail, 'id' | 'title' | 'requiresResume' | 'requiresCoverLetter' | 'requiresWorkAuthorization'>;

export interface ApplyInput {
  job: ApplyJob;
}

export type ApplyField = 'resumeId' | 'coverLetterId' | 'workAuthorization' | 'sponsorship';
const FIELDS: readonly ApplyField[] = ['resumeId', 'coverLetterId', 'workAuthorization', 'sponsorship'];

export interface ApplyAnswers {
  resumeId: string | null;
  coverLetterId: string | null;
  workAuthorization: boolean | null;
  sponsorship: boolean | null;
}

/** The seeker's documents of each kind as the server lists them: newest first, then the None entry. */
export type ApplyDocuments = Record<DocumentKind, DocumentEntry[]>;

export interface ApplyUpload {
  kind: DocumentKind;
  file: File;
  loaded: number;
  total: number;
}

export interface UploadNote {
  kind: DocumentKind;
  message: string;
  tone: 'error' | 'info';
}

/** How the application ended: sent now, or sent before. */
export type ApplyResult = { kind: 'applied' | 'alreadyApplied'; application: Application };

/** The server's answer to an application: its outcome code (`application.created` or `application.alreadyApplied`) and the application. */
export interface ApplySent {
  code: OutcomeCode | null;
  application: Application;
}

export interface ApplyContext {
  job: ApplyJob;
  documents: ApplyDocuments;
  answers: ApplyAnswers;
  /** A submit was tried: every unmet rule shows. */
  submitted: boolean;
  /** The server's word on a field (400), until that field changes. */
  serverErrors: FieldErrors<ApplyField>;
  upload: ApplyUpload | null;
  /** What the last upload came to, by that kind's control: refused or failed (an error), cancelled or done. */
  uploadNote: UploadNote | null;
  /** A refusal of the whole application, or a failure to try again. */
  error: string | null;
  result: ApplyResult | null;
  /** The job turned out closed or expired (409): the page shows it so once the dialog closes. */
  jobStatus: Exclude<PublicJobStatus, 'Active'> | null;
}

/** What the page learns when the dialog closes. */
export interface ApplyOutput {
  application: Application | null;
  jobStatus: Exclude<PublicJobStatus, 'Active'> | null;
}

export type ApplyEvent =
  | { type: 'documents.retry' }
  | { type: 'document.choose'; kind: DocumentKind; id: string | null }
  | { type: 'answer.change'; field: 'workAuthorization' | 'sponsorship'; value: boolean }
  | { type: 'upload.choose'; kind: DocumentKind; files: readonly File[] }
  | { type: 'upload.cancel' }
  | { type: 'apply.submit' }
  | { type: 'dialog.close' }
  // From the upload actor:
  | ({ type: 'upload.progress' } & UploadProgress)
  | { type: 'upload.done'; result: UploadedDocument }
  | { type: 'upload.failed'; error: unknown };

export const ApplyMessages = {
  loading: 'Loading your documents…',
  loadFailed: 'Your documents could not be loaded.',
  failed: 'Your application could not be sent. Please try again.',
} as const;

const noDocuments: ApplyDocuments = { [DocumentType.Resume]: [], [DocumentType.CoverLetter]: [] };
const noAnswers: ApplyAnswers = { resumeId: null, coverLetterId: null, workAuthorization: null, sponsorship: null };

const answerOf: Record<DocumentKind, 'resumeId' | 'coverLetterId'> = {
  [DocumentType.Resume]: 'resumeId',
  [DocumentType.CoverLetter]: 'coverLetterId',
};

/** The documents a seeker keeps of a kind: every entry but the None one. */
export const storedOf = (list: readonly DocumentEntry[]) => list.filter((d): d is DocumentEntry & { id: string } => d.id !== null);

/**
 * The choices of a kind the form offers: the seeker's documents, and the None entry only when
 * the job does not ask for that kind.
 */
export function choicesOf(c: Pick<ApplyContext, 'job' | 'documents'>, kind: DocumentKind): DocumentEntry[] {
  const required = kind === DocumentType.Resume ? c.job.requiresResume : c.job.requiresCoverLetter;
  const list = c.documents[kind];
  return required ? storedOf(list) : list;
}

/**
 * The answers the form starts with: the newest resume; the newest cover letter when the job asks
 * for one, else none; work authorization and sponsorship not answered.
 */
function firstAnswers(job: ApplyJob, documents: ApplyDocuments): ApplyAnswers {
  const newest = (kind: DocumentKind) => storedOf(documents[kind])[0]?.id ?? null;
  return {
    ...noAnswers,
    resumeId: newest(DocumentType.Resume),
    coverLetterId: job.requiresCoverLetter ? newest(DocumentType.CoverLetter) : null,
  };
}

/** The request the form sends: answers the job does not ask for stay out. */
export function applicationOf(c: Pick<ApplyContext, 'job' | 'answers'>): ApplicationInput {
  const asked = c.job.requiresWorkAuthorization;
  return {
    jobId: c.job.id,
    resumeId: c.answers.resumeId,
    coverLetterId: c.answers.coverLetterId,
    workAuthorization: asked ? c.answers.workAuthorization : null,
    sponsorship: asked ? c.answers.sponsorship : null,
  };
}

/** Every unmet rule: the contract's schema, and what this job asks for (the server checks both again, with the same rule). */
export function applyErrors(c: Pick<ApplyContext, 'job' | 'answers'>): FieldErrors<ApplyField> {
  const result = applicationInputSchema.safeParse(applicationOf(c));
  const errors: FieldErrors<ApplyField> = result.success ? {} : firstErrors(result.error.issues, FIELDS);
  return { ...errors, ...missingAnswers(c.job, c.answers) };
}

/** The server's word on the other fields: a field's own goes once it changes. */
const without = (errors: FieldErrors<ApplyField>, field: ApplyField): FieldErrors<ApplyField> =>
  Object.fromEntries(Object.entries(errors).filter(([f]) => f !== field)) as FieldErrors<ApplyField>;

/** Why the server refused the application outright (the job, or the seeker's age); null for anything else. */
function refusalOf(error: unknown): JobRefusalCode | null {
  const code = codeOf(error);
  return code !== null && isJobRefusalCode(code) ? code : null;
}

/** A refusal that names fields (answers missing or not the seeker's own): its messages go next to them. */
const fieldErrorsOf = (error: unknown): FieldErrors<ApplyField> => {
  const code = codeOf(error);
  return error instanceof ApiError && (code === 'application.incomplete' || code === 'request.invalid')
    ? firstErrors(
        Object.entries(error.fieldErrors).map(([field, message]) => ({ path: [field], message })),
        FIELDS,
      )
    : {};
};

/**
 * Applying to a job (spec 2 §3 Application, §7 apply): counts the start, reads the seeker's
 * resumes and cover letters, asks for what the job requires (a resume, a cover letter, work
 * authorization, and then sponsorship), lets a new document be uploaded on the spot (with
 * progress and cancel; it becomes the chosen one), checks the answers with the contract before
 * sending, and says how it went by the server's outcome code: sent now, sent before, or refused
 * (closed or expired job, under 18, answers missing). Closing the dialog ends it with what the page must now show.
 */
export const applyMachine = setup({
  types: {
    input: {} as ApplyInput,
    context: {} as ApplyContext,
    events: {} as ApplyEvent,
    output: {} as ApplyOutput,
  },
  actors: {
    /** Counts the application start; a failure is nobody's business (spec 2 §8). */
    applyStart: fromPromise<void, { jobId: string }>(async ({ input, signal }) => {
      await jobsService.applyStart(input.jobId, signal).catch(() => undefined);
    }),
    loadDocuments: fromPromise<Documents>(async ({ signal }) => (await documentsService.list(signal)).data),
    /** Sends `upload.progress` as the file goes out, then `upload.done` or `upload.failed`; stopping it aborts the request. */
    upload: fromCallback<ApplyEvent, { kind: DocumentKind; file: File }>(({ input, sendBack }) => {
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
    apply: fromPromise<ApplySent, ApplicationInput>(async ({ input, signal }) => {
      const res = await jobsService.apply(input, signal);
      return { code: res.code ?? null, application: res.data };
    }),
  },
  actions: {
    /** A new document counts towards the profile's completion. */
    announceChange: () => profileChanges.changed(),
  },
  guards: {
    valid: ({ context }) => Object.keys(applyErrors(context)).length === 0,
    uploadRefused: ({ context, event }) =>
      event.type === 'upload.choose' && documentRefusal(event.files, storedOf(context.documents[event.kind]).length, event.kind) !== null,
    refused: (_, params: { error: unknown }) => refusalOf(params.error) !== null,
    fieldErrors: (_, params: { error: unknown }) => Object.keys(fieldErrorsOf(params.error)).length > 0,
    /** A document the form offers for that kind. */
    offered: ({ context, event }) => event.type === 'document.choose' && choicesOf(context, event.kind).some((d) => d.id === event.id),
  },
}).createMachine({
  id: 'apply',
  context: ({ input }) => ({
    job: input.job,
    documents: noDocuments,
    answers: noAnswers,
    submitted: false,
    serverErrors: {},
    upload: null,
    uploadNote: null,
    error: null,
    result: null,
    jobStatus: null,
  }),
  entry: spawnChild('applyStart', { id: 'applyStart', input: ({ context }) => ({ jobId: context.job.id }) }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadDocuments',
        src: 'loadDocuments',
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const documents = { [DocumentType.Resume]: event.output.resumes, [DocumentType.CoverLetter]: event.output.coverLetters };
            return { documents, answers: firstAnswers(context.job, documents) };
          }),
        },
        onError: { target: 'loadFailed' },
      },
      on: { 'dialog.close': 'closed' },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'documents.retry': 'loading', 'dialog.close': 'closed' },
    },
    editing: {
      on: {
        'document.choose': {
          guard: 'offered',
          actions: assign(({ context, event }) => {
            const field = answerOf[event.kind];
            return { answers: { ...context.answers, [field]: event.id }, serverErrors: without(context.serverErrors, field), error: null };
          }),
        },
        'answer.change': {
          actions: assign(({ context, event }) => {
            return {
              answers: { ...context.answers, [event.field]: event.value },
              serverErrors: without(context.serverErrors, event.field),
              error: null,
            };
          }),
        },
        'upload.choose': [
          {
            guard: 'uploadRefused',
            actions: assign({
              uploadNote: ({ context, event }) => ({
                kind: event.kind,
                message: documentRefusal(event.files, storedOf(context.documents[event.kind]).length, event.kind)!,
                tone: 'error' as const,
              }),
            }),
          },
          {
            target: 'uploading',
            actions: assign({
              upload: ({ event }) => ({ kind: event.kind, file: event.files[0]!, loaded: 0, total: event.files[0]!.size }),
              uploadNote: null,
            }),
          },
        ],
        'apply.submit': [{ guard: 'valid', target: 'submitting' }, { actions: assign({ submitted: true }) }],
        'dialog.close': 'closed',
      },
    },
    uploading: {
      tags: ['uploading'],
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
          target: 'editing',
          actions: [
            assign(({ context, event }) => {
              const { document, type } = event.result;
              if (document.id === null) return { upload: null };
              const field = answerOf[type];
              return {
                upload: null,
                uploadNote: { kind: type, message: DocumentMessages.uploaded(document.name), tone: 'info' as const },
                // The new one first, as the server lists them (newest first, None last).
                documents: { ...context.documents, [type]: [document, ...context.documents[type].filter((d) => d.id !== document.id)] },
                answers: { ...context.answers, [field]: document.id },
                serverErrors: without(context.serverErrors, field),
              };
            }),
            'announceChange',
          ],
        },
        'upload.failed': {
          target: 'editing',
          actions: assign({
            uploadNote: ({ context, event }) => ({
              kind: context.upload!.kind,
              message: messagesOf(event.error, AccountMessages.generic)[0]!,
              tone: 'error' as const,
            }),
            upload: null,
          }),
        },
        // Leaving the state stops the upload actor, which aborts the request.
        'upload.cancel': {
          target: 'editing',
          actions: assign({
            uploadNote: ({ context }) => ({ kind: context.upload!.kind, message: DocumentMessages.uploadCancelled, tone: 'info' as const }),
            upload: null,
          }),
        },
        'dialog.close': 'closed',
      },
    },
    submitting: {
      tags: ['busy'],
      entry: assign({ submitted: true, error: null, serverErrors: {} }),
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => applicationOf(context),
        onDone: {
          target: 'sent',
          actions: assign({
            result: ({ event }) => ({
              kind: event.output.code === 'application.alreadyApplied' ? 'alreadyApplied' : 'applied',
              application: event.output.application,
            }),
          }),
        },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: assign(({ event }) => {
              const code = refusalOf(event.error)!;
              return { error: jobRefusalMessages[code], jobStatus: jobStatusOfRefusal(code) };
            }),
          },
          {
            guard: { type: 'fieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: assign({ serverErrors: ({ event }) => fieldErrorsOf(event.error) }),
          },
          { target: 'editing', actions: assign({ error: ({ event }) => messagesOf(event.error, ApplyMessages.failed)[0]! }) },
        ],
      },
      // Nothing closes the dialog while the application is on its way: its answer must be shown.
    },
    /** Sent now, or sent before: the dialog says which, and the page shows the application when it closes. */
    sent: {
      on: { 'dialog.close': 'closed' },
    },
    /** The job cannot be applied to (closed, expired, gone), or not by this seeker (under 18). */
    refused: {
      tags: ['error'],
      on: { 'dialog.close': 'closed' },
    },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ application: context.result?.application ?? null, jobStatus: context.jobStatus }),
});

export type ApplyActorRef = ActorRefFrom<typeof applyMachine>;
type Snap = SnapshotFrom<typeof applyMachine>;

/** The messages shown next to the fields: the rules' after a submit, the server's always. */
export const selectFieldErrors = (s: Snap): FieldErrors<ApplyField> => ({
  ...(s.context.submitted ? applyErrors(s.context) : {}),
  ...s.context.serverErrors,
});
/** Whole percent of the upload sent. */
export const selectUploadPercent = (s: Snap) => percentSent(s.context.upload);
/** Choosing and answering is open while the form is shown and nothing is being sent. */
export const selectEditable = (s: Snap) => s.matches('editing') || s.matches('uploading');
/** The message of the outcome: sent now or before. */
export const selectResultMessage = (s: Snap) =>
  s.context.result ? (s.context.result.kind === 'applied' ? JobMessages.applied : JobMessages.alreadyApplied) : null;
