import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { AdminMessages } from '../../src/contract/admin.ts';
import type { AdminDetails } from '../../src/contract/admin-details.ts';
import { adminDetailsMachine } from '../../src/machines/admin/admin-details.machine.ts';
import { emailChangeMachine } from '../../src/machines/admin/email-change.machine.ts';
import type { SavedDetails } from '../../src/machines/details-form.machine.ts';
import { demoAdminDetails } from '../../src/views/admin/office-stories-support.ts';
import SettingsPage from '../../src/views/admin/settings.view.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';

const superAdmin = storedSessionFor({ id: 'a-1', email: 'admin@demo.local', firstName: 'Avery', lastName: 'Quinn', role: 'SuperAdmin' });
const NEW_EMAIL = 'avery.quinn@demo.local';

function settingsPage(details: AdminDetails = demoAdminDetails) {
  const calls = {
    saves: [] as Array<Record<string, string>>,
    requests: [] as string[],
    confirms: [] as Array<{ email: string; code: string }>,
  };
  const detailsLogic = adminDetailsMachine.provide({
    actors: {
      load: fromPromise(async () => details),
      save: fromPromise<SavedDetails<AdminDetails>, Record<string, string>>(async ({ input }) => {
        calls.saves.push(input);
        return { profile: { ...details, firstName: input.firstName!, lastName: input.lastName! }, message: AdminMessages.detailsSaved };
      }),
    },
  });
  const emailLogic = emailChangeMachine.provide({
    actors: {
      load: fromPromise(async () => details),
      request: fromPromise<string, { email: string }>(async ({ input }) => {
        calls.requests.push(input.email);
        return AdminMessages.emailCodeSent(input.email);
      }),
      confirm: fromPromise<{ details: AdminDetails; message: string }, { email: string; code: string }>(async ({ input }) => {
        calls.confirms.push(input);
        return { details: { ...details, email: input.email, pendingEmail: null }, message: AdminMessages.emailChanged };
      }),
    },
  });
  const app = renderInApp(<SettingsPage detailsLogic={detailsLogic} emailLogic={emailLogic} />, {
    path: '/back-office/settings',
    stored: superAdmin,
  });
  return { app, calls };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('the back office settings', () => {
  it('saves the admin’s name and phone, says so, and greets them by the new name', async () => {
    const { app, calls } = settingsPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const details = section('Your details');
    const last = await within(details).findByRole('textbox', { name: /Last Name/ });
    expect(within(details).getByRole('textbox', { name: /First Name/ })).toHaveValue('Avery');
    expect(within(details).getByRole('textbox', { name: /Phone Number/ })).toHaveValue('(503) 555-0100');
    await app.user.clear(last);
    await app.user.tab();
    expect(within(details).getByText(AdminMessages.lastName)).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Save' })).toBeDisabled();
    await app.user.type(last, 'Quinn-Park');
    await app.user.click(within(details).getByRole('button', { name: 'Save' }));
    expect(calls.saves).toEqual([{ firstName: 'Avery', lastName: 'Quinn-Park', phoneNumber: '(503) 555-0100' }]);
    expect(await screen.findAllByText(AdminMessages.detailsSaved)).not.toHaveLength(0);
    expect(app.session().getSnapshot().context.session?.user.lastName).toBe('Quinn-Park');
  });

  it('changes the email with the code sent to the new address, and shows the new email', async () => {
    const { app, calls } = settingsPage();
    const email = section('Email');
    expect(await within(email).findByText(demoAdminDetails.email)).toBeInTheDocument();
    const field = within(email).getByRole('textbox', { name: 'New email' });

    await app.user.type(field, demoAdminDetails.email);
    await app.user.click(within(email).getByRole('button', { name: 'Send a code' }));
    expect(within(email).getByText(AdminMessages.emailSame)).toBeInTheDocument();
    expect(calls.requests).toEqual([]);

    await app.user.clear(field);
    await app.user.type(field, `${NEW_EMAIL}{Enter}`);
    expect(calls.requests).toEqual([NEW_EMAIL]);
    expect(await within(email).findByText(AdminMessages.emailCodeSent(NEW_EMAIL))).toBeInTheDocument();
    const code = within(email).getByRole('group', { name: `The code sent to ${NEW_EMAIL}` });

    // The form the focus was in is gone: it waits in the first box of the code.
    await waitFor(() => expect(within(code).getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus());
    await app.user.click(within(email).getByRole('button', { name: 'Confirm email' }));
    expect(within(email).getByText(AccountMessages.otp)).toBeInTheDocument();
    await app.user.click(within(code).getByRole('textbox', { name: 'Digit 1 of 6' }));
    await app.user.keyboard('381904');
    await app.user.click(within(email).getByRole('button', { name: 'Confirm email' }));
    expect(calls.confirms).toEqual([{ email: NEW_EMAIL, code: '381904' }]);

    await waitFor(() => expect(within(email).getByText(NEW_EMAIL)).toBeInTheDocument());
    expect(within(email).getByRole('status')).toHaveTextContent(AdminMessages.emailChanged);
    expect(app.session().getSnapshot().context.session?.user.email).toBe(NEW_EMAIL);
  });

  it('goes straight to the code for an address already waiting for one; another address can be given', async () => {
    const { app } = settingsPage({ ...demoAdminDetails, pendingEmail: NEW_EMAIL });
    const email = section('Email');
    expect(await within(email).findByRole('group', { name: `The code sent to ${NEW_EMAIL}` })).toBeInTheDocument();
    await app.user.click(within(email).getByRole('button', { name: 'Use another address' }));
    expect(within(email).getByRole('textbox', { name: 'New email' })).toHaveValue('');
    expect(within(email).getByRole('textbox', { name: 'New email' })).toHaveFocus();
  });

  it('opens the change-password dialog, focused on the old password', async () => {
    const { app } = settingsPage();
    await app.user.click(within(section('Password')).getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await waitFor(() => expect(within(dialog).getByLabelText('Old Password')).toHaveFocus());
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(section('Password')).getByRole('button', { name: 'Change password' })).toHaveFocus();
  });
});
