import type { Meta, StoryObj } from '@storybook/react-vite';
import { AdminMessages } from '../../contract/admin.ts';
import { DEFAULT_AUDIT_QUERY, type AuditContext, type AuditQuery } from '../../machines/admin/audit.machine.ts';
import AuditPage from './audit.view.tsx';
import { demoAdmin, demoAuditList, otherAdmin, quickCash, storyAuditLogic, withSuperAdmin } from './office-stories-support.ts';

const logic = storyAuditLogic();
const at = (value: string, q: Partial<AuditQuery> = {}, c: Partial<AuditContext> = {}) => {
  const query = { ...DEFAULT_AUDIT_QUERY, ...q };
  return logic.resolveState({
    value,
    context: { query, list: demoAuditList(query), errors: [], admins: [demoAdmin, otherAdmin], ...c },
  });
};

const meta = {
  title: 'Back office/Audit trail',
  component: AuditPage,
  decorators: [withSuperAdmin],
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/back-office/audit', docs: { story: { height: '1000px' } } },
} satisfies Meta<typeof AuditPage>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: the newest actions; the filters and pages answer. */
export const FromTheStart: Story = {};
/** loading, the first time. */
export const Loading: Story = { args: { snapshot: at('loading', {}, { list: null, admins: [] }) } };
/** ready: the newest actions, each with its before and after. */
export const Ready: Story = { args: { snapshot: at('ready') } };
export const ReadyDark: Story = { ...Ready, globals: dark };
/** ready: one company's actions (?companyId=), with Show all. */
export const OneCompany: Story = {
  args: { snapshot: at('ready', { companyId: quickCash.id }) },
  parameters: { route: `/back-office/audit?companyId=${quickCash.id}` },
};
/** ready: one action in a range of days by one administrator. */
export const Filtered: Story = {
  args: { snapshot: at('ready', { action: 'company.blacklist', from: '2025-03-01', to: '2025-03-12', adminId: otherAdmin.id }) },
  parameters: { route: `/back-office/audit?action=company.blacklist&from=2025-03-01&to=2025-03-12&adminId=${otherAdmin.id}` },
};
/** ready, nothing matches. */
export const Empty: Story = { args: { snapshot: at('ready', { action: 'admin.changeEmail', adminId: otherAdmin.id }) } };
/** failed: the answer's state errors and Try again. */
export const Failed: Story = { args: { snapshot: at('failed', { from: '2025-02-30' }, { list: null, errors: [AdminMessages.date] }) } };
export const FailedDark: Story = { ...Failed, globals: dark };
