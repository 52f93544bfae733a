import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { JobMessages } from '../../contract/jobs.ts';
import { reportJobMachine, type ReportJobContext } from '../../machines/jobs/report-job.machine.ts';
import { storyJob, storyReportLogic, waitingReportLogic } from './job-page-stories-support.ts';
import { ReportDialog } from './report-dialog.tsx';

type Logic = typeof reportJobMachine;

/** The dialog on its own actor, started from `snapshot` when given. */
function ReportDialogStory({ logic, snapshot }: { logic: Logic; snapshot?: SnapshotFrom<Logic> }) {
  const input = { jobId: storyJob.id };
  const actor = useActorRef(logic, snapshot ? { snapshot, input } : { input });
  return <ReportDialog actor={actor} jobTitle={storyJob.title} />;
}

const context = (c: Partial<ReportJobContext> = {}): ReportJobContext => ({
  jobId: storyJob.id,
  reason: null,
  details: '',
  submitted: false,
  serverErrors: {},
  error: null,
  reported: false,
  ...c,
});
const at = (value: string, c: Partial<ReportJobContext> = {}, logic: Logic = storyReportLogic) =>
  logic.resolveState({ value, context: context(c) });

/** The report dialog of a job's page, in each state of its machine. */
const meta = {
  title: 'Jobs/Report dialog',
  component: ReportDialogStory,
  args: { logic: storyReportLogic },
  parameters: { route: `/jobs/${storyJob.id}`, docs: { story: { height: '620px' } } },
} satisfies Meta<typeof ReportDialogStory>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** editing: the reasons of the contract; details optional. */
export const Editing: Story = {};

export const EditingDark: Story = { ...Editing, globals: dark };

/** editing after a submit with no reason. */
export const NoReason: Story = { args: { snapshot: at('editing', { submitted: true }) } };

/** editing, "something else" without a description. */
export const DetailsNeeded: Story = { args: { snapshot: at('editing', { reason: 'other', submitted: true }) } };

export const DetailsNeededDark: Story = { ...DetailsNeeded, globals: dark };

/** submitting: Send is busy. */
export const Submitting: Story = {
  args: {
    logic: waitingReportLogic,
    snapshot: at('submitting', { reason: 'scam', details: 'They asked me to pay for training.' }, waitingReportLogic),
  },
};

/** editing after a failure: said above the buttons. */
export const Failed: Story = { args: { snapshot: at('editing', { reason: 'misleading', error: JobMessages.tooManyRequests }) } };

/** sent: thanks. */
export const Sent: Story = { args: { snapshot: at('sent', { reason: 'scam', reported: true }) } };

export const SentDark: Story = { ...Sent, globals: dark };
