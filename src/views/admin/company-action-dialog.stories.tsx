import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { AdminMessages } from '../../contract/admin.ts';
import type { CompanyAction, CompanyActionContext, companyActionMachine } from '../../machines/admin/company-action.machine.ts';
import { northwind, storyCompanyActionLogic } from './admin-stories-support.ts';
import { CompanyActionDialog } from './company-action-dialog.tsx';

const logic = storyCompanyActionLogic();
const at = (action: CompanyAction, value = 'editing', c: Partial<CompanyActionContext> = {}) =>
  logic.resolveState({
    value,
    context: { companyId: northwind.id, action, reason: '', submitted: false, serverErrors: {}, error: null, answer: null, ...c },
  });

/** The dialog with its machine started in a state, as the company page opens it. */
function ActionDialog({ snapshot }: { snapshot: SnapshotFrom<typeof companyActionMachine> }) {
  const actor = useActorRef(logic, { snapshot, input: { companyId: northwind.id, action: snapshot.context.action } });
  return <CompanyActionDialog actor={actor} companyName={northwind.displayName} />;
}

const meta = {
  title: 'Back office/Company action dialog',
  component: ActionDialog,
  parameters: { layout: 'fullscreen', docs: { story: { height: '520px' } } },
} satisfies Meta<typeof ActionDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const REASON = 'Asked applicants for a fee to start work; reported five times.';

/** editing: what blacklisting does, and the reason it needs. */
export const Blacklist: Story = { args: { snapshot: at('blacklist') } };
export const BlacklistDark: Story = { ...Blacklist, globals: { theme: 'dark' } };
export const Deactivate: Story = { args: { snapshot: at('deactivate') } };
export const Activate: Story = { args: { snapshot: at('activate', 'editing', { reason: 'The owner called: they are back.' }) } };
export const Whitelist: Story = { args: { snapshot: at('whitelist') } };
/** editing after a submit without a reason. */
export const ReasonMissing: Story = { args: { snapshot: at('blacklist', 'editing', { submitted: true }) } };
/** editing with the server's word on the reason. */
export const ReasonRefused: Story = {
  args: { snapshot: at('blacklist', 'editing', { reason: REASON, submitted: true, serverErrors: { reason: AdminMessages.reason } }) },
};
/** submitting. */
export const Submitting: Story = { args: { snapshot: at('blacklist', 'submitting', { reason: REASON, submitted: true }) } };
/** failed: why, and Try again. */
export const Failed: Story = {
  args: {
    snapshot: at('blacklist', 'failed', { reason: REASON, submitted: true, error: 'Network Error!, Please check your connection.' }),
  },
};
