import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { StaffMessages, type Recruiter } from '../../src/contract/staff.ts';
import { editRecruiterMachine, type DetailField, type EditedRecruiter } from '../../src/machines/staff/edit-recruiter.machine.ts';
import { inviteMachine, type InviteField, type Invited } from '../../src/machines/staff/invite.machine.ts';
import { staffMachine, type ActionResult, type StaffAction } from '../../src/machines/staff/staff.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import StaffPage from '../../src/views/staff/staff.view.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

const employer = storedSessionFor({ id: 'e-1', email: 'robin@northwind.example', firstName: 'Robin', lastName: 'Hale', role: 'Employer' });
const recruiterSession = storedSessionFor({
  id: 'r-1',
  email: 'amir@example.com',
  firstName: 'Amir',
  lastName: 'Nguyen',
  role: 'Recruiter',
});

const person = (email: string, firstName: string, status: 'active' | 'inactive', extra: Partial<Recruiter> = {}): Recruiter => ({
  email,
  firstName,
  lastName: 'Nguyen',
  name: `${firstName} Nguyen`,
  jobTitle: 'Talent Partner',
  phoneNumber: '+15035550123',
  status,
  sentAt: null,
  expiresAt: null,
  expired: false,
  joinedAt: '2025-01-10T10:00:00.000Z',
  ...extra,
});
const amir = person('amir@example.com', 'Amir', 'active');
const bea = person('bea@example.com', 'Bea', 'inactive', { jobTitle: null, phoneNumber: null });
const cleo: Recruiter = {
  email: 'cleo@example.com',
  firstName: '',
  lastName: '',
  name: '',
  jobTitle: null,
  phoneNumber: null,
  status: 'invited',
  sentAt: '2025-03-01T10:00:00.000Z',
  expiresAt: '2025-03-08T10:00:00.000Z',
  expired: false,
  joinedAt: null,
};
const expiredInvite: Recruiter = {
  ...cleo,
  email: 'old@example.com',
  firstName: 'Olga',
  name: 'Olga',
  sentAt: '2025-01-01T10:00:00.000Z',
  expiresAt: '2025-01-08T10:00:00.000Z',
  expired: true,
};

/** The page with every server call stubbed; actions answer with `answer`. */
function stubbed(options: { list?: Recruiter[]; answer?: (a: { action: StaffAction; email: string }) => Promise<ActionResult> } = {}) {
  const load = deferred<Recruiter[]>();
  const acts: Array<{ action: StaffAction; email: string }> = [];
  const invites: Array<Record<InviteField, string>> = [];
  const edits: Array<Record<DetailField, string> & { email: string }> = [];
  const logic = staffMachine.provide({
    actors: {
      load: fromPromise(() => load.promise),
      act: fromPromise<ActionResult, { action: StaffAction; email: string }>(({ input }) => {
        acts.push(input);
        return options.answer ? options.answer(input) : Promise.reject(new Error('unexpected'));
      }),
    },
  });
  const inviteLogic = inviteMachine.provide({
    actors: {
      send: fromPromise<Invited, Record<InviteField, string>>(async ({ input }) => {
        invites.push(input);
        if (input.email === 'taken@example.com') {
          throw new ApiError('client', 409, StaffMessages.emailHasAccount, [StaffMessages.emailHasAccount], {
            email: StaffMessages.emailHasAccount,
          });
        }
        const recruiter: Recruiter = {
          ...cleo,
          email: input.email,
          firstName: input.firstName,
          name: input.firstName,
          sentAt: '2025-03-05T10:00:00.000Z',
          expiresAt: '2025-03-12T10:00:00.000Z',
        };
        return { recruiter, resent: false, message: StaffMessages.invited(input.email) };
      }),
    },
  });
  const editLogic = editRecruiterMachine.provide({
    actors: {
      save: fromPromise<EditedRecruiter, Record<DetailField, string> & { email: string }>(async ({ input }) => {
        edits.push(input);
        return {
          recruiter: {
            ...amir,
            firstName: input.firstName,
            name: `${input.firstName} ${input.lastName}`,
            jobTitle: input.jobTitle || null,
          },
          message: StaffMessages.recruiterSaved,
        };
      }),
    },
  });
  const app = renderInApp(<StaffPage logic={logic} inviteLogic={inviteLogic} editLogic={editLogic} />, {
    path: '/user/staff',
    stored: employer,
  });
  load.resolve(options.list ?? [amir, bea, cleo, expiredInvite]);
  return { app, load, acts, invites, edits };
}

const rowOf = async (name: string) => (await screen.findByRole('rowheader', { name: new RegExp(name) })).closest('tr')!;

async function choose(app: ReturnType<typeof renderInApp>, who: string, item: string) {
  await app.user.click(await screen.findByRole('button', { name: `Actions for ${who}` }));
  await app.user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('the staff page', () => {
  it('lists recruiters and invitations with their status, title, phone and invitation dates', async () => {
    stubbed();
    expect(await screen.findByRole('heading', { name: 'Staff' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Recruiters and invitations' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Amir Nguyenamir@example.com',
      'Bea Nguyenbea@example.com',
      'No name yetcleo@example.com',
      'Olgaold@example.com',
    ]);
    expect(within(rows[0]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('(503) 555-0123')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Talent Partner')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Inactive')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Invited')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Sent 03-01-2025');
    expect(rows[2]).toHaveTextContent('Expires 03-08-2025');
    expect(rows[3]).toHaveTextContent('Expired 01-08-2025');
  });

  it('offers in each row’s menu only the actions that apply', async () => {
    const { app } = stubbed();
    const names = async (who: string) => {
      await app.user.click(await screen.findByRole('button', { name: `Actions for ${who}` }));
      const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
      await app.user.keyboard('{Escape}');
      return items;
    };
    expect(await names('Amir Nguyen')).toEqual(['Edit', 'Deactivate', 'Delete']);
    expect(await names('Bea Nguyen')).toEqual(['Edit', 'Activate', 'Delete']);
    expect(await names('cleo@example.com')).toEqual(['Resend invitation', 'Revoke invitation']);
  });

  it('invites a recruiter from the dialog: the row appears as invited and the page says where the mail went', async () => {
    const { app, invites } = stubbed({ list: [amir] });
    await app.user.click(await screen.findByRole('button', { name: 'Invite recruiter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a recruiter' });
    const send = within(dialog).getByRole('button', { name: 'Send invitation' });
    expect(send).toBeDisabled();
    await app.user.type(within(dialog).getByLabelText('Email'), 'taken@example.com');
    await app.user.click(send);
    expect(await within(dialog).findByText(StaffMessages.emailHasAccount)).toBeInTheDocument();

    await app.user.clear(within(dialog).getByLabelText('Email'));
    await app.user.type(within(dialog).getByLabelText('Email'), 'dana@example.com');
    await app.user.type(within(dialog).getByLabelText('First name (optional)'), 'Dana');
    await app.user.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(invites.at(-1)).toEqual({ email: 'dana@example.com', firstName: 'Dana', lastName: '', jobTitle: '' });
    expect(screen.getByText(StaffMessages.invited('dana@example.com'))).toBeInTheDocument();
    expect(await rowOf('Dana')).toHaveTextContent('Invited');
  });

  it('switches a recruiter off from the menu; the chip follows', async () => {
    const { app, acts } = stubbed({
      answer: async ({ email }) => ({
        recruiter: { ...amir, email, status: 'inactive' },
        message: StaffMessages.deactivated('Amir Nguyen'),
      }),
    });
    await choose(app, 'Amir Nguyen', 'Deactivate');
    expect(await screen.findByText(StaffMessages.deactivated('Amir Nguyen'))).toBeInTheDocument();
    expect(acts).toEqual([{ action: 'deactivate', email: amir.email }]);
    expect(within(await rowOf('Amir')).getByText('Inactive')).toBeInTheDocument();
  });

  it('asks before deleting; Cancel keeps the recruiter, Delete recruiter removes them', async () => {
    const { app, acts } = stubbed({ answer: async () => ({ recruiter: null, message: StaffMessages.deleted('Amir Nguyen') }) });
    await choose(app, 'Amir Nguyen', 'Delete');
    let dialog = await screen.findByRole('dialog', { name: 'Delete recruiter?' });
    expect(dialog).toHaveTextContent(
      'Amir Nguyen (amir@example.com) will be signed out and can no longer sign in. Their job posts stay with the company.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(acts).toEqual([]);

    await choose(app, 'Amir Nguyen', 'Delete');
    dialog = await screen.findByRole('dialog', { name: 'Delete recruiter?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete recruiter' }));
    expect(await screen.findByText(StaffMessages.deleted('Amir Nguyen'))).toBeInTheDocument();
    expect(acts).toEqual([{ action: 'delete', email: amir.email }]);
    expect(screen.queryByRole('rowheader', { name: /Amir/ })).not.toBeInTheDocument();
  });

  it('asks before revoking an invitation, and resends one at once', async () => {
    const { app, acts } = stubbed({
      answer: async ({ action, email }) =>
        action === 'revoke'
          ? { recruiter: null, message: StaffMessages.revoked(email) }
          : { recruiter: { ...cleo, sentAt: '2025-03-06T10:00:00.000Z' }, message: StaffMessages.resent(email) },
    });
    await choose(app, 'cleo@example.com', 'Resend invitation');
    expect(await screen.findByText(StaffMessages.resent(cleo.email))).toBeInTheDocument();
    expect(await rowOf('cleo@example.com')).toHaveTextContent('Sent 03-06-2025');

    await choose(app, 'cleo@example.com', 'Revoke invitation');
    const dialog = await screen.findByRole('dialog', { name: 'Revoke invitation?' });
    expect(dialog).toHaveTextContent('The invitation link sent to cleo@example.com will stop working.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }));
    expect(await screen.findByText(StaffMessages.revoked(cleo.email))).toBeInTheDocument();
    expect(acts).toEqual([
      { action: 'resend', email: cleo.email },
      { action: 'revoke', email: cleo.email },
    ]);
    expect(screen.queryByRole('rowheader', { name: /cleo/ })).not.toBeInTheDocument();
  });

  it('edits a recruiter in a dialog started from their row', async () => {
    const { app, edits } = stubbed();
    await choose(app, 'Amir Nguyen', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit recruiter' });
    expect(within(dialog).getByLabelText('Phone Number')).toHaveValue('(503) 555-0123');
    const first = within(dialog).getByLabelText('First Name');
    await app.user.clear(first);
    await app.user.type(first, 'Amira');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(StaffMessages.recruiterSaved)).toBeInTheDocument();
    expect(edits).toEqual([
      { email: amir.email, firstName: 'Amira', lastName: 'Nguyen', jobTitle: 'Talent Partner', phoneNumber: '(503) 555-0123' },
    ]);
    expect(await rowOf('Amira Nguyen')).toBeInTheDocument();
  });

  it('works from the keyboard: the menu opens, moves and chooses with keys', async () => {
    const { app, acts } = stubbed({
      answer: async () => ({ recruiter: { ...bea, status: 'active' }, message: StaffMessages.activated('Bea Nguyen') }),
    });
    const button = await screen.findByRole('button', { name: 'Actions for Bea Nguyen' });
    button.focus();
    await app.user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await app.user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText(StaffMessages.activated('Bea Nguyen'))).toBeInTheDocument();
    expect(acts).toEqual([{ action: 'activate', email: bea.email }]);
  });

  it('shows a refusal of a change', async () => {
    const { app } = stubbed({ answer: async () => Promise.reject(new ApiError('client', 404, StaffMessages.noRecruiter)) });
    await choose(app, 'Amir Nguyen', 'Deactivate');
    expect(await screen.findByRole('alert')).toHaveTextContent(StaffMessages.noRecruiter);
    expect(within(await rowOf('Amir')).getByText('Active')).toBeInTheDocument();
  });

  it('says "Invalid recruiter data received" when the list does not fit, and offers to try again', async () => {
    const load = deferred<Recruiter[]>();
    const logic = staffMachine.provide({ actors: { load: fromPromise(() => load.promise) } });
    renderInApp(<StaffPage logic={logic} />, { path: '/user/staff', stored: employer });
    load.reject(new ApiError('invalid-response', 200, StaffMessages.invalidData));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid recruiter data received');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('invites the first recruiter when there is none', async () => {
    stubbed({ list: [] });
    expect(await screen.findByText('No recruiters yet. Invite one to share the hiring work.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite recruiter' })).toBeInTheDocument();
  });

  it('tells a recruiter who manages staff', async () => {
    renderInApp(<StaffPage />, { path: '/user/staff', stored: recruiterSession });
    expect(await screen.findByText(StaffMessages.employerOnly)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
