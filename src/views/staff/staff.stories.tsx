import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { StaffMessages, type Recruiter } from '../../contract/staff.ts';
import type { DetailField, EditedRecruiter } from '../../machines/staff/edit-recruiter.machine.ts';
import { editRecruiterMachine } from '../../machines/staff/edit-recruiter.machine.ts';
import { inviteMachine, type InviteField, type Invited } from '../../machines/staff/invite.machine.ts';
import { staffMachine, type ActionResult, type StaffAction, type StaffContext } from '../../machines/staff/staff.machine.ts';
import { after, never } from '../account/stories-support.tsx';
import StaffPage from './staff.view.tsx';
import { demoStaff, withEmployer, withRecruiter } from './stories-support.tsx';

const [casey, jamie, taylor] = demoStaff as [Recruiter, Recruiter, Recruiter, Recruiter];

/** A server that answers after a moment, as the real one would. */
const logic = staffMachine.provide({
  actors: {
    load: fromPromise(() => after(600, demoStaff)),
    act: fromPromise<ActionResult, { action: StaffAction; email: string }>(({ input }) => {
      const row = demoStaff.find((r) => r.email === input.email)!;
      const name = row.name || row.email;
      const answers: Record<StaffAction, ActionResult> = {
        activate: { recruiter: { ...row, status: 'active' }, message: StaffMessages.activated(name) },
        deactivate: { recruiter: { ...row, status: 'inactive' }, message: StaffMessages.deactivated(name) },
        resend: { recruiter: { ...row, sentAt: new Date().toISOString(), expired: false }, message: StaffMessages.resent(row.email) },
        revoke: { recruiter: null, message: StaffMessages.revoked(row.email) },
        delete: { recruiter: null, message: StaffMessages.deleted(name) },
      };
      return after(700, answers[input.action]);
    }),
  },
});
const inviteLogic = inviteMachine.provide({
  actors: {
    send: fromPromise<Invited, Record<InviteField, string>>(({ input }) => {
      const now = Date.now();
      const recruiter: Recruiter = {
        ...taylor,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        name: `${input.firstName} ${input.lastName}`.trim(),
        jobTitle: input.jobTitle || null,
        sentAt: new Date(now).toISOString(),
        expiresAt: new Date(now + 7 * 86_400_000).toISOString(),
      };
      return after(700, { recruiter, resent: false, message: StaffMessages.invited(input.email) });
    }),
  },
});
const editLogic = editRecruiterMachine.provide({
  actors: {
    save: fromPromise<EditedRecruiter, Record<DetailField, string> & { email: string }>(({ input }) => {
      const row = demoStaff.find((r) => r.email === input.email)!;
      return after(700, {
        recruiter: {
          ...row,
          firstName: input.firstName,
          lastName: input.lastName,
          name: `${input.firstName} ${input.lastName}`,
          jobTitle: input.jobTitle || null,
        },
        message: StaffMessages.recruiterSaved,
      });
    }),
  },
});
const acting = staffMachine.provide({ actors: { act: fromPromise(() => never()) } });

const context = (c: Partial<StaffContext> = {}): StaffContext => ({
  recruiters: demoStaff,
  loadError: null,
  notice: null,
  actionError: null,
  target: null,
  action: null,
  ...c,
});
const at = (value: string | Record<string, string>, c: Partial<StaffContext> = {}, machine = logic) =>
  machine.resolveState({ value, context: context(c) });

const meta = {
  title: 'Staff/Staff page',
  component: StaffPage,
  decorators: [withEmployer],
  args: { logic, inviteLogic, editLogic },
  parameters: { layout: 'fullscreen', route: '/user/staff', docs: { story: { height: '560px' } } },
} satisfies Meta<typeof StaffPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** From the start: loading, then the list; every menu item and dialog works against a pretend server. */
export const FromTheStart: Story = {};

/** loading: while the staff list is read. */
export const Loading: Story = { args: { snapshot: at('loading', { recruiters: [] }) } };

/** loadFailed: the answer did not fit the contract (spec 2 §8); Try again reads it again. */
export const LoadFailed: Story = { args: { snapshot: at('loadFailed', { recruiters: [], loadError: StaffMessages.invalidData }) } };

/** ready: recruiters with their status chips, then the invitations (one expired). */
export const List: Story = { args: { snapshot: at({ ready: 'idle' }) } };

export const ListDark: Story = { ...List, globals: dark };

/** ready with nobody yet: the way to the first invitation. */
export const Empty: Story = { args: { snapshot: at({ ready: 'idle' }, { recruiters: [] }) } };

/** inviting: the invite dialog. */
export const Inviting: Story = { args: { snapshot: at({ ready: 'inviting' }) } };

export const InvitingDark: Story = { ...Inviting, globals: dark };

/** editing: the edit dialog for one recruiter. */
export const Editing: Story = { args: { snapshot: at({ ready: 'editing' }, { target: casey }) } };

/** confirming a delete: nothing happens until the employer says so. */
export const ConfirmDelete: Story = { args: { snapshot: at({ ready: 'confirming' }, { target: casey, action: 'delete' }) } };

export const ConfirmDeleteDark: Story = { ...ConfirmDelete, globals: dark };

/** confirming a revoke of an invitation. */
export const ConfirmRevoke: Story = { args: { snapshot: at({ ready: 'confirming' }, { target: taylor, action: 'revoke' }) } };

/** acting: the row being changed is busy. */
export const Acting: Story = {
  args: { logic: acting, snapshot: at({ ready: 'acting' }, { target: casey, action: 'deactivate' }, acting) },
};

/** after a change: what the server said. */
export const Changed: Story = {
  args: {
    snapshot: at(
      { ready: 'idle' },
      {
        recruiters: demoStaff.map((r) => (r === casey ? { ...r, status: 'inactive' } : r)),
        notice: StaffMessages.deactivated('Casey Nguyen'),
      },
    ),
  },
};

/** a change refused: the server's message, the rows as they were. */
export const ChangeFailed: Story = { args: { snapshot: at({ ready: 'idle' }, { actionError: StaffMessages.noRecruiter, target: jamie }) } };

/** A recruiter on this page: told who manages staff. */
export const AsRecruiter: Story = { decorators: [withRecruiter] };
