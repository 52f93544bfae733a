import type { Meta, StoryObj } from '@storybook/react-vite';
import { withToaster } from '../posting/jobs-stories-support.tsx';
import { withEmployer, withRecruiter } from '../staff/stories-support.tsx';
import { activeBoost, cancelledActive, demoBoostJob, storyBoostLogic, storyJobBoostLogic } from './billing-stories-support.ts';
import JobBoostPanel from './job-boost-panel.tsx';

const meta = {
  title: 'Billing/Job boost',
  component: JobBoostPanel,
  decorators: [withEmployer, withToaster],
  args: { job: demoBoostJob, open: true, canPay: true, logic: storyJobBoostLogic(null), boostLogic: storyBoostLogic() },
  parameters: { layout: 'padded', route: '/user/applicants', docs: { story: { height: '160px' } } },
} satisfies Meta<typeof JobBoostPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The employer, an open job without a boost: Boost this job opens the dialog. */
export const NotBoosted: Story = {};
/** Boosted, renewing. */
export const Boosted: Story = { args: { logic: storyJobBoostLogic(activeBoost) } };
export const BoostedDark: Story = { ...Boosted, globals: { theme: 'dark' } };
/** Cancelled: it runs to the end of the paid period. */
export const Cancelled: Story = { args: { logic: storyJobBoostLogic(cancelledActive) } };
/** A recruiter sees the boost, without paying controls. */
export const Recruiter: Story = { args: { canPay: false, logic: storyJobBoostLogic(activeBoost) }, decorators: [withRecruiter] };
/** A closed job cannot be boosted. */
export const ClosedJob: Story = { args: { open: false } };
