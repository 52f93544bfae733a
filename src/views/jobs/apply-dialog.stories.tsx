import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { DocumentMessages, DocumentType } from '../../contract/documents.ts';
import { FileMessages } from '../../contract/files.ts';
import { JobMessages } from '../../contract/jobs.ts';
import { applyMachine, type ApplyContext, type ApplyJob } from '../../machines/jobs/apply.machine.ts';
import { ApplyDialog } from './apply-dialog.tsx';
import { storyApplication, storyApplyLogic, storyDocuments, storyJob, waitingApplyLogic } from './job-page-stories-support.ts';

type Logic = typeof applyMachine;

/** The dialog on its own actor, started from `snapshot` when given. */
function ApplyDialogStory({ logic, snapshot, job }: { logic: Logic; snapshot?: SnapshotFrom<Logic>; job: ApplyJob }) {
  const actor = useActorRef(logic, snapshot ? { snapshot, input: { job } } : { input: { job } });
  return <ApplyDialog actor={actor} jobTitle={job.title} />;
}

const easy: ApplyJob = { ...storyJob, requiresResume: false, requiresCoverLetter: false, requiresWorkAuthorization: false };

const documents = { [DocumentType.Resume]: storyDocuments.resumes, [DocumentType.CoverLetter]: storyDocuments.coverLetters };
const context = (c: Partial<ApplyContext> = {}): ApplyContext => ({
  job: storyJob,
  documents,
  answers: { resumeId: storyDocuments.resumes[0]!.id, coverLetterId: null, workAuthorization: null, sponsorship: null },
  submitted: false,
  serverErrors: {},
  upload: null,
  uploadNote: null,
  error: null,
  result: null,
  jobStatus: null,
  ...c,
});
const at = (value: string, c: Partial<ApplyContext> = {}, logic: Logic = storyApplyLogic) =>
  logic.resolveState({ value, context: context(c) });

/** The apply dialog of a job's page, in each state of its machine. */
const meta = {
  title: 'Jobs/Apply dialog',
  component: ApplyDialogStory,
  args: { logic: storyApplyLogic, job: storyJob },
  parameters: { route: `/jobs/${storyJob.id}`, docs: { story: { height: '760px' } } },
} satisfies Meta<typeof ApplyDialogStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** From the start: the documents after a moment; uploads and sending work against a story server. */
export const FromTheStart: Story = {};

/** loading: the seeker's documents on their way. */
export const Loading: Story = { args: { logic: waitingApplyLogic } };

/** loadFailed: the documents could not be read; Try again. */
export const LoadFailed: Story = {
  args: { snapshot: at('loadFailed', { documents: { [DocumentType.Resume]: [], [DocumentType.CoverLetter]: [] } }) },
};

/** editing, a job asking for a résumé and work authorization: the newest résumé chosen. */
export const Editing: Story = { args: { snapshot: at('editing') } };

export const EditingDark: Story = { ...Editing, globals: dark };

/** editing, a job asking for nothing: None is offered for both kinds. */
export const Optional: Story = { args: { job: easy, snapshot: at('editing', { job: easy }) } };

/** editing after a submit with nothing chosen: every missing answer says so. */
export const Missing: Story = {
  args: {
    job: { ...storyJob, requiresCoverLetter: true },
    snapshot: at('editing', {
      job: { ...storyJob, requiresCoverLetter: true },
      documents: { [DocumentType.Resume]: [], [DocumentType.CoverLetter]: [] },
      answers: { resumeId: null, coverLetterId: null, workAuthorization: null, sponsorship: null },
      submitted: true,
    }),
  },
};

export const MissingDark: Story = { ...Missing, globals: dark };

/** uploading: a new résumé on its way, with Cancel. */
export const Uploading: Story = {
  args: {
    logic: waitingApplyLogic,
    snapshot: at(
      'uploading',
      {
        upload: {
          kind: DocumentType.Resume,
          file: new File([new Uint8Array(10)], 'Maria Lopez - Resume 2026.pdf'),
          loaded: 1_100_000,
          total: 2_400_000,
        },
      },
      waitingApplyLogic,
    ),
  },
};

/** editing, after an upload the server refused and one that was cancelled. */
export const UploadRefused: Story = {
  args: { snapshot: at('editing', { uploadNote: { kind: DocumentType.Resume, message: FileMessages.pdfWithMarkup, tone: 'error' } }) },
};

export const UploadCancelled: Story = {
  args: {
    snapshot: at('editing', { uploadNote: { kind: DocumentType.CoverLetter, message: DocumentMessages.uploadCancelled, tone: 'info' } }),
  },
};

/** submitting: Send is busy and the dialog stays open. */
export const Submitting: Story = {
  args: {
    logic: waitingApplyLogic,
    snapshot: at('submitting', { answers: { ...context().answers, workAuthorization: true } }, waitingApplyLogic),
  },
};

/** editing after a 400: the server's word on the résumé; and another failure above the buttons. */
export const ServerErrors: Story = {
  args: { snapshot: at('editing', { serverErrors: { resumeId: JobMessages.resumeNotFound }, error: 'Something went wrong!!!' }) },
};

/** sent (201). */
export const Sent: Story = { args: { snapshot: at('sent', { result: { kind: 'applied', application: storyApplication } }) } };

export const SentDark: Story = { ...Sent, globals: dark };

/** sent before (200): the first application's status. */
export const AlreadyApplied: Story = {
  args: { snapshot: at('sent', { result: { kind: 'alreadyApplied', application: { ...storyApplication, status: 'Reviewed' } } }) },
};

/** refused (409): the job closed meanwhile. */
export const JobClosed: Story = { args: { snapshot: at('refused', { error: JobMessages.closed, jobStatus: 'Closed' }) } };

export const JobClosedDark: Story = { ...JobClosed, globals: dark };

/** refused (403): the seeker is under 18 and the job is for adults. */
export const AdultsOnly: Story = { args: { snapshot: at('refused', { error: JobMessages.adultsOnly }) } };
