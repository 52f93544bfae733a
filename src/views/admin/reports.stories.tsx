import type { Meta, StoryObj } from '@storybook/react-vite';
import { AdminMessages } from '../../contract/admin.ts';
import { DEFAULT_REPORTS_QUERY, type ReportsContext, type ReportsQuery } from '../../machines/admin/reports.machine.ts';
import { demoReportQueue, northwind, storyReportsLogic, withSuperAdmin } from './office-stories-support.ts';
import ReportsPage from './reports.view.tsx';

const logic = storyReportsLogic();
const at = (value: string | Record<string, string>, q: Partial<ReportsQuery> = {}, c: Partial<ReportsContext> = {}) => {
  const query = { ...DEFAULT_REPORTS_QUERY, ...q };
  return logic.resolveState({ value, context: { query, queue: demoReportQueue(query), errors: [], resolvingId: null, ...c } });
};

const meta = {
  title: 'Back office/Reported jobs',
  component: ReportsPage,
  decorators: [withSuperAdmin],
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/back-office/reports', docs: { story: { height: '1100px' } } },
} satisfies Meta<typeof ReportsPage>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: the open queue; tabs, order, pages and Resolve all answer. */
export const FromTheStart: Story = {};
/** loading, the first time. */
export const Loading: Story = { args: { snapshot: at('loading', {}, { queue: null }) } };
/** ready: the open queue, most reported first. */
export const Open: Story = { args: { snapshot: at({ ready: 'idle' }) } };
export const OpenDark: Story = { ...Open, globals: dark };
/** ready: the resolved reports, with how, by whom, when and why. */
export const Resolved: Story = { args: { snapshot: at({ ready: 'idle' }, { status: 'resolved' }) } };
export const ResolvedDark: Story = { ...Resolved, globals: dark };
/** ready: one company's reported jobs (?companyId=), with Show all. */
export const OneCompany: Story = {
  args: { snapshot: at({ ready: 'idle' }, { companyId: northwind.id }) },
  parameters: { route: `/back-office/reports?companyId=${northwind.id}` },
};
/** loading the second page: the first stays, dimmed. */
export const LoadingNextPage: Story = {
  args: { snapshot: at('loading', { pageNumber: 2 }, { queue: demoReportQueue(DEFAULT_REPORTS_QUERY) }) },
};
/** ready, nothing waiting. */
export const Empty: Story = { args: { snapshot: at({ ready: 'idle' }, {}, { queue: demoReportQueue(DEFAULT_REPORTS_QUERY, []) }) } };
/** failed: the answer's state errors and Try again. */
export const Failed: Story = {
  args: { snapshot: at('failed', { companyId: 'nope' }, { queue: null, errors: [AdminMessages.companyNotFound] }) },
};
export const FailedDark: Story = { ...Failed, globals: dark };
