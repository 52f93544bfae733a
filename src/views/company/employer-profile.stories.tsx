import type { Meta, StoryObj } from '@storybook/react-vite';
import { AccountMessages } from '../../contract/account.ts';
import { CompanyMessages } from '../../contract/company.ts';
import { ProfileMessages } from '../../contract/jobseeker.ts';
import { employerProfile, type EmployerField } from '../../machines/company/employer-profile.machine.ts';
import { detailsStories } from '../account/details-stories-support.ts';
import { EmployerProfilePage } from './employer-profile.view.tsx';
import { sampleEmployer, withEmployer } from './stories-support.tsx';

/** The server answers after a moment; saving takes a moment too. */
const { logic, saving, at } = detailsStories(employerProfile, sampleEmployer, (input) => ({
  profile: { ...sampleEmployer, firstName: input.firstName, lastName: input.lastName },
  message: CompanyMessages.employerSaved,
}));

const values: Record<EmployerField, string> = { firstName: 'Robin', lastName: 'Hale', phoneNumber: '(360) 555-0142' };

const meta = {
  title: 'Company/Employer profile',
  component: EmployerProfilePage,
  decorators: [withEmployer],
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/user/settings/profile', docs: { story: { height: '520px' } } },
} satisfies Meta<typeof EmployerProfilePage>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: loading, then the form. */
export const FromTheStart: Story = {};
/** loading: while the details are read. */
export const Loading: Story = { args: { snapshot: at('loading', employerProfile.initialContext) } };
/** loadFailed: Try again reads them again. */
export const LoadFailed: Story = { args: { snapshot: at('loadFailed', employerProfile.initialContext) } };
/** editing: name and phone; email and company shown. */
export const Editing: Story = { args: { snapshot: at({ editing: 'idle' }) } };
export const EditingDark: Story = { ...Editing, globals: dark };
/** editing with rules unmet on fields left: Save is disabled. */
export const Invalid: Story = {
  args: {
    snapshot: at(
      { editing: 'idle' },
      {
        values: { ...values, lastName: '', phoneNumber: '555-01' },
        touched: { lastName: true, phoneNumber: true },
        errors: { lastName: AccountMessages.lastName, phoneNumber: ProfileMessages.phone },
      },
    ),
  },
};
/** saving: Save is busy. */
export const Saving: Story = { args: { logic: saving, snapshot: at('saving', {}, saving) } };
/** saved: the server's message. */
export const Saved: Story = { args: { snapshot: at({ editing: 'saved' }, { message: CompanyMessages.employerSaved }) } };
/** failed: the server could not save. */
export const Failed: Story = { args: { snapshot: at({ editing: 'failed' }, { error: AccountMessages.generic }) } };
