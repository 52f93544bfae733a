import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AdminDashboardContext } from '../../machines/admin/dashboard.machine.ts';
import { demoDashboard, storyDashboardLogic } from './admin-stories-support.ts';
import AdminDashboardPage from './dashboard.view.tsx';

const logic = storyDashboardLogic();
const at = (value: string, c: Partial<AdminDashboardContext> = {}) =>
  logic.resolveState({ value, context: { dashboard: demoDashboard(), error: null, ...c } });

const meta = {
  title: 'Back office/Dashboard',
  component: AdminDashboardPage,
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/back-office/dashboard', docs: { story: { height: '1100px' } } },
} satisfies Meta<typeof AdminDashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: the counts, then the chart. */
export const FromTheStart: Story = {};
/** loading, the first time. */
export const Loading: Story = { args: { snapshot: at('loading', { dashboard: null }) } };
/** ready: the counts, each leading to its list, and the last 30 days a series at a time. */
export const Ready: Story = { args: { snapshot: at('ready') } };
export const ReadyDark: Story = { ...Ready, globals: dark };
/** ready, the chart shown as a table. */
export const ReadyAsTable: Story = { args: { snapshot: at('ready'), chartView: 'table' } };
/** ready, on a marketplace with nothing in it yet. */
export const Quiet: Story = { args: { snapshot: at('ready', { dashboard: demoDashboard({ quiet: true }) }) } };
/** loading again with the last figures on screen (a refresh). */
export const Refreshing: Story = { args: { snapshot: at('loading') } };
/** failed: why, and Try again. */
export const Failed: Story = {
  args: { snapshot: at('failed', { dashboard: null, error: 'Network Error!, Please check your connection.' }) },
};
