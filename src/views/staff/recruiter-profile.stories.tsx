import type { Meta, StoryObj } from '@storybook/react-vite';
import { StaffMessages, type RecruiterProfile } from '../../contract/staff.ts';
import { detailValuesOf } from '../../machines/staff/edit-recruiter.machine.ts';
import { recruiterProfile } from '../../machines/staff/recruiter-profile.machine.ts';
import { detailsStories } from '../account/details-stories-support.ts';
import { RecruiterProfileSettings } from './recruiter-profile.view.tsx';
import { withRecruiter } from './stories-support.tsx';

const profile: RecruiterProfile = {
  email: 'casey.nguyen@demohiring.example',
  firstName: 'Casey',
  lastName: 'Nguyen',
  jobTitle: 'Talent Partner',
  phoneNumber: '+13605550177',
  company: { id: 'c-1', name: 'Demo Hiring Co' },
};
const values = detailValuesOf(profile);

/** The server answers after a moment; saving takes a moment too. */
const { logic, saving, at } = detailsStories(recruiterProfile, profile, (input) => ({
  profile: { ...profile, firstName: input.firstName, lastName: input.lastName, jobTitle: input.jobTitle || null },
  message: StaffMessages.profileSaved,
}));

const meta = {
  title: 'Staff/Recruiter profile',
  component: RecruiterProfileSettings,
  decorators: [withRecruiter],
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/user/settings/profile', docs: { story: { height: '560px' } } },
} satisfies Meta<typeof RecruiterProfileSettings>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** From the start: loading, then the form. */
export const FromTheStart: Story = {};

/** loading: while the details are read. */
export const Loading: Story = { args: { snapshot: at('loading', recruiterProfile.initialContext) } };

/** loadFailed: the answer did not fit the contract (spec 2 §8); Try again reads it again. */
export const LoadFailed: Story = {
  args: { snapshot: at('loadFailed', { ...recruiterProfile.initialContext, loadError: StaffMessages.invalidData }) },
};

/** editing: the saved details, the email and company shown. */
export const Editing: Story = { args: { snapshot: at({ editing: 'idle' }) } };

export const EditingDark: Story = { ...Editing, globals: dark };

/** editing with rules unmet on fields the recruiter left: Save is disabled. */
export const Invalid: Story = {
  args: {
    snapshot: at(
      { editing: 'idle' },
      {
        values: { ...values, lastName: '', phoneNumber: '555-01' },
        touched: { lastName: true, phoneNumber: true },
        errors: { lastName: StaffMessages.lastName, phoneNumber: StaffMessages.phone },
      },
    ),
  },
};

/** saving: Save is busy. */
export const Saving: Story = { args: { logic: saving, snapshot: at('saving', {}, saving) } };

/** saved: the server's message. */
export const Saved: Story = { args: { snapshot: at({ editing: 'saved' }, { message: StaffMessages.profileSaved }) } };

export const SavedDark: Story = { ...Saved, globals: dark };

/** failed: the server refused. */
export const Failed: Story = { args: { snapshot: at({ editing: 'failed' }, { error: StaffMessages.phone }) } };
