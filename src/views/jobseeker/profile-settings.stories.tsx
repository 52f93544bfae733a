import type { Meta, StoryObj } from '@storybook/react-vite';
import type { JobSeekerProfile } from '../../contract/account.ts';
import { ProfileMessages } from '../../contract/jobseeker.ts';
import { jobSeekerProfile, type ProfileField } from '../../machines/jobseeker/profile.machine.ts';
import { detailsStories } from '../account/details-stories-support.ts';
import { photoLogic } from './photo-stories-support.ts';
import ProfileSettingsPage from './profile-settings.view.tsx';
import { withJobSeeker } from './stories-support.tsx';

const profile: JobSeekerProfile = {
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria.lopez@example.com',
  pendingEmail: null,
  phoneNumber: '+15035550123',
  dateOfBirth: '1996-02-03',
};
const values: Record<ProfileField, string> = { firstName: 'Maria', lastName: 'Lopez', email: profile.email, phoneNumber: '(503) 555-0123' };

/** The server answers after a moment; saving takes a moment too. */
const { logic, saving, at } = detailsStories(jobSeekerProfile, profile, (input) => ({
  profile: { ...profile, firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber },
  message: ProfileMessages.profileSaved,
}));

const meta = {
  title: 'Job seeker/Profile',
  component: ProfileSettingsPage,
  decorators: [withJobSeeker],
  // The photo block's own states are in "Job seeker/Profile photo".
  args: { logic, photoLogic },
  parameters: { layout: 'fullscreen', route: '/user/settings/profile' },
} satisfies Meta<typeof ProfileSettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** From the start: loading, then the form. */
export const FromTheStart: Story = {};

/** loading: while the profile is read. */
export const Loading: Story = { args: { snapshot: at('loading', jobSeekerProfile.initialContext) } };

/** loadFailed: the profile could not be read; Try again reads it again. */
export const LoadFailed: Story = { args: { snapshot: at('loadFailed', jobSeekerProfile.initialContext) } };

/** editing: the form with the saved details. */
export const Editing: Story = { args: { snapshot: at({ editing: 'idle' }) } };

export const EditingDark: Story = { ...Editing, globals: dark };

/** editing with the rules unmet on fields the user left: Save is disabled. */
export const Invalid: Story = {
  args: {
    snapshot: at(
      { editing: 'idle' },
      {
        values: { ...values, lastName: '', phoneNumber: '555-01' },
        touched: { lastName: true, phoneNumber: true },
        errors: { lastName: ProfileMessages.lastName, phoneNumber: ProfileMessages.phone },
      },
    ),
  },
};

/** saving: Save is busy. */
export const Saving: Story = { args: { logic: saving, snapshot: at('saving', {}, saving) } };

/** saved: the server's message. */
export const Saved: Story = { args: { snapshot: at({ editing: 'saved' }, { message: ProfileMessages.profileSaved }) } };

/** saved with a new email: it waits for its link. */
export const EmailPending: Story = {
  args: {
    snapshot: at(
      { editing: 'saved' },
      {
        profile: { ...profile, pendingEmail: 'maria@lopez.example' },
        values: { ...values, email: 'maria@lopez.example' },
        message: ProfileMessages.emailChangeSent('maria@lopez.example'),
      },
    ),
  },
};

export const EmailPendingDark: Story = { ...EmailPending, globals: dark };

/** failed: the server refused the change. */
export const Failed: Story = { args: { snapshot: at({ editing: 'failed' }, { error: ProfileMessages.emailTaken }) } };
