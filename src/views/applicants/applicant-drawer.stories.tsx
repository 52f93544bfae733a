import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent } from 'storybook/test';
import { fromPromise } from 'xstate';
import {
  ApplicantMessages,
  type Applicant,
  type ApplicantDetail,
  type DocumentPreview,
  type StaffStatus,
} from '../../contract/applicants.ts';
import { documentPreviewMachine } from '../../machines/applicants/document-preview.machine.ts';
import { applicantDetailMachine, type StatusResult } from '../../machines/applicants/applicant-detail.machine.ts';
import { MessagingMessages, type MessageInitRequest } from '../../contract/messaging.ts';
import { messageInitMachine } from '../../machines/messaging/message-init.machine.ts';
import { ApiError } from '../../services/http.ts';
import { after, never } from '../account/stories-support.tsx';
import { withToaster } from '../posting/jobs-stories-support.tsx';
import { withRecruiter } from '../staff/stories-support.tsx';
import { ApplicantDrawer } from './applicant-drawer.tsx';
import { demoApplicants, demoDetail } from './applicants-stories-support.ts';

const [maria, , lee] = demoApplicants as [Applicant, Applicant, Applicant];

const logic = applicantDetailMachine.provide({
  actors: {
    load: fromPromise<ApplicantDetail, { id: string }>(({ input }) =>
      after(400, demoDetail(demoApplicants.find((a) => a.id === input.id)!)),
    ),
    setStatus: fromPromise<StatusResult, { id: string; status: StaffStatus }>(({ input }) =>
      after(600, {
        applicant: { ...demoApplicants.find((a) => a.id === input.id)!, status: input.status },
        message: ApplicantMessages.statusChanged,
      }),
    ),
  },
});
const previewLogic = documentPreviewMachine.provide({
  actors: {
    load: fromPromise<DocumentPreview, string>(() =>
      after(500, {
        name: 'Resume.pdf',
        text: 'Maria Lopez\nVancouver, WA · maria@example.com\n\nSUMMARY\nRegistered nurse with six years on night shifts in emergency and surgical wards.\n\nEXPERIENCE\nRN, PeaceHealth Southwest — 2019 to now\n• Triage and patient care for 30 beds\n• First aid trainer for new staff',
        complete: true,
      }),
    ),
  },
});
/** Message opens the conversation after a moment (the story's router goes to it). */
const messageLogic = messageInitMachine.provide({ actors: { init: fromPromise<string, MessageInitRequest>(() => after(500, 'ch-demo')) } });
const messageFails = messageInitMachine.provide({
  actors: {
    init: fromPromise<string, MessageInitRequest>(() =>
      after(500, null).then(() => Promise.reject(new ApiError('invalid-response', 200, MessagingMessages.invalidInit))),
    ),
  },
});

const waiting = applicantDetailMachine.provide({ actors: { load: fromPromise(() => never()), setStatus: fromPromise(() => never()) } });

const at = (
  value: 'loading' | 'failed' | 'ready' | 'saving',
  row: Applicant = maria,
  extra: { loadError?: string; statusError?: string; pending?: StaffStatus } = {},
) =>
  waiting.resolveState({
    value,
    context: {
      id: row.id,
      detail: value === 'failed' ? null : value === 'loading' ? null : demoDetail(row),
      loadError: extra.loadError ?? null,
      statusError: extra.statusError ?? null,
      pending: extra.pending ?? null,
    },
  });

const meta = {
  title: 'Applicants/Applicant panel',
  component: ApplicantDrawer,
  decorators: [withRecruiter, withToaster],
  args: {
    id: maria.id,
    onClose: () => undefined,
    onUpdated: () => undefined,
    logic,
    previewLogic,
    messageLogic,
    fetchDocument: async (doc) => ({ blob: new Blob(['%PDF-1.4']), filename: doc.name }),
  },
  parameters: { layout: 'fullscreen', docs: { story: { height: '820px' } } },
} satisfies Meta<typeof ApplicantDrawer>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** Read from a pretend server; the status menu moves it. */
export const Opened: Story = {};

export const OpenedDark: Story = { globals: dark };

/** The résumé's text in a frame that may run nothing. */
export const ResumePreview: Story = {
  play: async () => {
    const [resume] = await screen.findAllByRole('button', { name: 'Preview' });
    await userEvent.click(resume!);
    await expect(await screen.findByTitle('Preview of Resume.pdf')).toHaveAttribute('sandbox', '');
  },
};

export const ResumePreviewDark: Story = { ...ResumePreview, globals: dark };

/** loading: on its way. */
export const Loading: Story = { args: { logic: waiting, snapshot: at('loading') } };

/** failed: what went wrong, and Try again. */
export const LoadFailed: Story = {
  args: { logic: waiting, snapshot: at('failed', maria, { loadError: ApplicantMessages.applicantNotFound }) },
};

export const LoadFailedDark: Story = { ...LoadFailed, globals: dark };

/** saving: the status menu waits. */
export const Saving: Story = { args: { logic: waiting, snapshot: at('saving', maria, { pending: 'Reviewed' }) } };

/** A refusal in the server's words. */
export const Refused: Story = {
  args: { logic: waiting, snapshot: at('ready', maria, { statusError: 'An application that is applied cannot be moved to hired.' }) },
};

export const RefusedDark: Story = { ...Refused, globals: dark };

/** Hired: final, no menu. */
export const Final: Story = { args: { id: lee.id, logic: waiting, snapshot: at('ready', lee) } };

export const FinalDark: Story = { ...Final, globals: dark };

/** Message could not open the conversation: a toast says why. */
export const MessageFails: Story = { args: { messageLogic: messageFails } };
