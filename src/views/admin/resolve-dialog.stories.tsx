import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { AdminMessages, type ReportAction } from '../../contract/admin.ts';
import { resolveReportMachine, type ResolveReportContext, type ResolvedReports } from '../../machines/admin/resolve-report.machine.ts';
import { never } from '../account/stories-support.tsx';
import { scamGroup, storyResolveLogic, withSuperAdmin } from './office-stories-support.ts';
import { ResolveDialog } from './resolve-dialog.tsx';

type Logic = typeof resolveReportMachine;

/** The dialog on its own actor, started from `snapshot` when given. */
function ResolveDialogStory({ logic, snapshot }: { logic: Logic; snapshot?: SnapshotFrom<Logic> }) {
  const input = { group: scamGroup };
  const actor = useActorRef(logic, snapshot ? { snapshot, input } : { input });
  return <ResolveDialog actor={actor} />;
}

const waiting = resolveReportMachine.provide({
  actors: { resolve: fromPromise<ResolvedReports, { jobPostId: string; action: ReportAction; note: string }>(() => never()) },
});
const context = (c: Partial<ResolveReportContext> = {}): ResolveReportContext => ({
  group: scamGroup,
  action: null,
  note: '',
  submitted: false,
  serverErrors: {},
  error: null,
  resolved: null,
  ...c,
});
const at = (value: string, c: Partial<ResolveReportContext> = {}, logic: Logic = storyResolveLogic) =>
  logic.resolveState({ value, context: context(c) });

/** Resolving a reported job's open reports, in each state of its machine. */
const meta = {
  title: 'Back office/Resolve reports dialog',
  component: ResolveDialogStory,
  decorators: [withSuperAdmin],
  args: { logic: storyResolveLogic },
  parameters: { route: '/back-office/reports', docs: { story: { height: '760px' } } },
} satisfies Meta<typeof ResolveDialogStory>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** editing: the three ways, each explained; nothing chosen yet. */
export const Editing: Story = {};
export const EditingDark: Story = { ...Editing, globals: dark };
/** editing after a submit with nothing chosen and no note. */
export const Missing: Story = { args: { snapshot: at('editing', { submitted: true }) } };
/** editing, blacklisting chosen: the warning of what it does. */
export const Blacklisting: Story = {
  args: { snapshot: at('editing', { action: 'blacklistCompany', note: 'Charges applicants fees; several reports with receipts.' }) },
};
export const BlacklistingDark: Story = { ...Blacklisting, globals: dark };
/** submitting: the buttons wait. */
export const Submitting: Story = {
  args: { logic: waiting, snapshot: at('submitting', { action: 'closeJob', note: 'Scam.', submitted: true }, waiting) },
};
/** editing after the server refused the note: its word at the field. */
export const NoteRefused: Story = {
  args: { snapshot: at('editing', { action: 'dismiss', note: 'x', submitted: true, serverErrors: { note: AdminMessages.note } }) },
};
/** editing after another refusal: said above the buttons. */
export const Refused: Story = {
  args: { snapshot: at('editing', { action: 'dismiss', note: 'Fine.', submitted: true, error: AdminMessages.noOpenReports }) },
};
