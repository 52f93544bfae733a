import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { StaffMessages, type Recruiter } from '../../contract/staff.ts';
import { detailValuesOf, editRecruiterMachine, type EditRecruiterContext } from '../../machines/staff/edit-recruiter.machine.ts';
import { never } from '../account/stories-support.tsx';
import { EditRecruiterDialog } from './edit-recruiter-dialog.view.tsx';
import { demoStaff, withEmployer } from './stories-support.tsx';

const casey = demoStaff[0] as Recruiter;
const saving = editRecruiterMachine.provide({ actors: { save: fromPromise(() => never()) } });
const noop = () => {};

const editContext = (c: Partial<EditRecruiterContext> = {}): EditRecruiterContext => ({
  values: detailValuesOf(casey),
  touched: {},
  errors: {},
  serverErrors: {},
  error: null,
  email: casey.email,
  ...c,
});
const edit = (value: string | Record<string, string>, c: Partial<EditRecruiterContext> = {}) =>
  saving.resolveState({ value, context: editContext(c) });

/** The employer's edit dialog for one recruiter, in each state of its machine. */
const meta = {
  title: 'Staff/Edit recruiter dialog',
  component: EditRecruiterDialog,
  decorators: [withEmployer],
  args: { recruiter: casey, logic: saving, onClose: noop, onSaved: noop },
  parameters: { route: '/user/staff', docs: { story: { height: '520px' } } },
} satisfies Meta<typeof EditRecruiterDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** editing: the recruiter's details, the phone as a person writes it. */
export const Editing: Story = { args: { snapshot: edit({ editing: 'idle' }) } };

export const EditingDark: Story = { ...Editing, globals: dark };

/** editing with a rule unmet on a field the employer left: Save is disabled. */
export const Invalid: Story = {
  args: {
    snapshot: edit(
      { editing: 'idle' },
      {
        values: { ...detailValuesOf(casey), phoneNumber: '555-01' },
        touched: { phoneNumber: true },
        errors: { phoneNumber: StaffMessages.phone },
      },
    ),
  },
};

/** saving: Save is busy. */
export const Saving: Story = { args: { snapshot: edit('saving') } };

/** failed: the server refused. */
export const Failed: Story = { args: { snapshot: edit({ editing: 'failed' }, { error: StaffMessages.noRecruiter }) } };
