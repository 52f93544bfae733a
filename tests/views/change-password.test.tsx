import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { useSession } from '../../src/app/session.tsx';
import { AccountMessages, type SessionData, type SessionUser } from '../../src/contract/account.ts';
import {
  changePasswordMachine,
  selectCanSubmit,
  selectError,
  selectFieldErrors,
  type ChangePasswordField,
} from '../../src/machines/account/change-password.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import ChangePasswordPage, { ChangePasswordDialog } from '../../src/views/account/change-password.view.tsx';
import { controllable, renderApp, renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { userPaths, type UserStep } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof changePasswordMachine>;

const erin: SessionUser = { id: 'em-1', email: 'erin@example.com', firstName: 'Erin', lastName: 'Price', role: 'Employer' };
const OLD = 'old-secret-1';
const NEW = 'new-secret-22';
const CHANGED = 'Your password has been changed. Please log in again with your new password.';
const wrongOld = new ApiError('client', 400, AccountMessages.oldPasswordWrong, [AccountMessages.oldPasswordWrong], {
  oldPassword: AccountMessages.oldPasswordWrong,
});

const labels: Record<ChangePasswordField, string> = {
  oldPassword: 'Old Password',
  newPassword: 'New Password',
  retypePassword: 'Retype New Password',
};
const field = (name: ChangePasswordField) => screen.getByLabelText(labels[name]);
const submitButton = () => screen.getByRole('button', { name: 'Change Password' });
const alertTexts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

function stubbedMachine() {
  const server = controllable<string>();
  const logic = changePasswordMachine.provide({
    actors: { changePassword: fromPromise<string, Record<ChangePasswordField, string>>(({ input }) => server.run(input)) },
  });
  return { server, logic };
}

/** The page as the signed-in user reaches it, once the stored sign-in is restored. */
async function renderPage() {
  const { server, logic } = stubbedMachine();
  const app = renderInApp(<ChangePasswordPage logic={logic} />, {
    path: '/user/settings/change-password',
    stored: storedSessionFor(erin),
    userOptions: { delay: null },
  });
  await screen.findByLabelText('Old Password');
  return { ...app, server };
}

const signInAgain: SessionData = {
  accessToken: 'access-again',
  refreshToken: 'refresh-again',
  expiresIn: 900,
  remember: true,
  users: erin,
};

function expectScreen(s: Snap, app: Awaited<ReturnType<typeof renderPage>>) {
  expect(screen.getByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
  if (s.matches('signedOut')) {
    expect(alertTexts()).toEqual(['You must be signed in to change your password!']);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Old Password')).not.toBeInTheDocument();
    return;
  }
  if (s.matches('changed')) {
    // The server revoked every refresh token: the user is signed out and sent to /login.
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toContain(CHANGED);
    expect(app.session().getSnapshot().matches('signedOut')).toBe(true);
    expect(app.location()).toBe('/login');
    return;
  }
  const shown = selectFieldErrors(s);
  for (const name of ['oldPassword', 'newPassword', 'retypePassword'] as const) {
    expect(field(name)).toHaveValue(s.context.values[name]);
    expect(field(name)).toHaveAccessibleDescription(shown[name] ?? '');
  }
  expect(submitButton()).toHaveProperty('disabled', !selectCanSubmit(s));
  if (s.hasTag('loading')) expect(submitButton()).toHaveAttribute('aria-busy', 'true');
  else expect(submitButton()).not.toHaveAttribute('aria-busy');
  expect(alertTexts().sort()).toEqual([shown.oldPassword, shown.newPassword, shown.retypePassword, selectError(s)].filter(Boolean).sort());
}

const outside = (event: object): UserStep => ({ type: 'outside', event: event as never });
const steps: UserStep[] = [
  { type: 'user.fill', field: 'oldPassword', value: '' },
  { type: 'user.fill', field: 'oldPassword', value: OLD },
  { type: 'user.fill', field: 'newPassword', value: OLD },
  { type: 'user.fill', field: 'newPassword', value: NEW },
  { type: 'user.fill', field: 'retypePassword', value: NEW },
  { type: 'user.submit' },
  outside({ type: 'session.changed', signedIn: false }),
  outside({ type: 'session.changed', signedIn: true }),
  outside({ type: 'xstate.done.actor.changePassword', output: AccountMessages.passwordChanged }),
  outside({ type: 'xstate.error.actor.changePassword', error: wrongOld }),
  outside({ type: 'xstate.error.actor.changePassword', error: new ApiError('unauthorized', 401, 'Unauthorized') }),
  outside({ type: 'xstate.error.actor.changePassword', error: new TypeError('Failed to fetch') }),
];

describe('change password page, walked along the machine model', () => {
  const paths = userPaths(changePasswordMachine, {
    input: { session: null, signedIn: true },
    steps,
    possible: (s, step) => (step.type === 'user.submit' ? selectCanSubmit(s) : step.type === 'user.fill' ? s.matches('editing') : true),
    seen: (s) => ({ value: s.value, shown: selectFieldErrors(s), submit: selectCanSubmit(s), error: selectError(s) }),
  });

  it('has a path to every state of the machine', () => {
    const reached = new Set(paths.flatMap((p) => p.states.map((s) => JSON.stringify(s.value))));
    expect(reached).toEqual(new Set(['{"editing":"idle"}', '"submitting"', '"changed"', '{"editing":"failed"}', '"signedOut"']));
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, p) => {
    const app = await renderPage();
    const { server, user } = app;
    expectScreen(p.initial, app);
    for (const [i, step] of p.steps.entries()) {
      if (step.type === 'user.fill') {
        const input = field(step.field as ChangePasswordField);
        await user.clear(input);
        if (step.value) await user.type(input, step.value);
        await user.tab();
      } else if (step.type === 'user.submit') {
        await user.click(submitButton());
      } else if (step.event.type === 'session.changed') {
        const signedIn = (step.event as unknown as { signedIn: boolean }).signedIn;
        act(() => app.session().send(signedIn ? { type: 'session.signedIn', data: signInAgain } : { type: 'session.logout' }));
      } else {
        const error = (step.event as unknown as { error?: unknown }).error;
        // As the HTTP client does, a 401 also ends the session.
        if (error instanceof ApiError && error.kind === 'unauthorized') act(() => app.session().send({ type: 'session.expired' }));
        await server.answer(step.event);
      }
      expectScreen(p.states[i]!, app);
    }
  });
});

describe('change password page', () => {
  it('labels every field, offers show/hide toggles, and keeps submit disabled until the form is valid', async () => {
    const { user } = await renderPage();
    expect(submitButton()).toBeDisabled();
    for (const [name, what] of [
      ['oldPassword', 'old password'],
      ['newPassword', 'new password'],
      ['retypePassword', 'retyped new password'],
    ] as const) {
      expect(field(name)).toHaveAttribute('type', 'password');
      await user.click(screen.getByRole('button', { name: `Show ${what}` }));
      expect(field(name)).toHaveAttribute('type', 'text');
    }
    await user.type(field('oldPassword'), OLD);
    await user.type(field('newPassword'), NEW);
    await user.type(field('retypePassword'), NEW);
    expect(submitButton()).toBeEnabled();
  });

  it('shows the spec messages word for word once the fields are left', async () => {
    const { user } = await renderPage();
    await user.click(field('oldPassword'));
    await user.click(field('newPassword'));
    await user.type(field('retypePassword'), 'x');
    await user.tab();
    expect(field('oldPassword')).toHaveAccessibleDescription('Please enter your old password');
    expect(field('newPassword')).toHaveAccessibleDescription('Please enter your new password');
    expect(field('retypePassword')).toHaveAccessibleDescription('New passwords must match');
  });

  it('refuses a new password equal to the old one', async () => {
    const { user, server } = await renderPage();
    await user.type(field('oldPassword'), OLD);
    await user.type(field('newPassword'), OLD);
    await user.type(field('retypePassword'), OLD);
    await user.tab();
    expect(field('newPassword')).toHaveAccessibleDescription(AccountMessages.sameAsOld);
    expect(submitButton()).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(server.calls).toEqual([]);
  });

  it('shows a wrong old password under that field', async () => {
    const { user, server } = await renderPage();
    await user.type(field('oldPassword'), OLD);
    await user.type(field('newPassword'), NEW);
    await user.type(field('retypePassword'), `${NEW}{Enter}`);
    expect(server.calls).toEqual([{ oldPassword: OLD, newPassword: NEW, retypePassword: NEW }]);
    await server.answer({ type: 'xstate.error.actor.changePassword', error: wrongOld } as never);
    expect(field('oldPassword')).toHaveAccessibleDescription('Your old password is incorrect.');
    await user.type(field('oldPassword'), '2');
    expect(field('oldPassword')).toHaveAccessibleDescription('');
  });

  it('on success signs the user out, goes to /login and says to log in again', async () => {
    const { user, server, location, revoked, session } = await renderPage();
    await user.type(field('oldPassword'), OLD);
    await user.type(field('newPassword'), NEW);
    await user.type(field('retypePassword'), `${NEW}{Enter}`);
    await server.answer({ type: 'xstate.done.actor.changePassword', output: AccountMessages.passwordChanged } as never);
    expect(session().getSnapshot().matches('signedOut')).toBe(true);
    expect(location()).toBe('/login');
    await waitFor(() => expect(revoked).toEqual(['refresh-em-1']));
    // Said on the page and in a toast, which stays once the page is gone.
    await waitFor(() => expect(screen.getAllByText(CHANGED)).toHaveLength(2));
  });
});

describe('change password dialog', () => {
  it('opens from the user menu, focuses the old password, and closes with Escape, Cancel or the close button', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp({ path: '/user/dashboard', stored: storedSessionFor(erin) });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const open = async () => {
      await user.click(await within(nav).findByRole('button', { name: 'Erin' }));
      await user.click(await within(nav).findByRole('button', { name: 'Change Password' }));
      return screen.findByRole('dialog', { name: 'Change Password' });
    };

    let dialog = await open();
    await waitFor(() => expect(within(dialog).getByLabelText('Old Password')).toHaveFocus());
    expect(within(dialog).getByLabelText('New Password')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Retype New Password')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Change Password' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Old Password'), OLD);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Each opening starts a fresh form.
    dialog = await open();
    expect(within(dialog).getByLabelText('Old Password')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  /** Mounted as the layout mounts it: only for a signed-in user, closed by its own state. */
  function DialogHost({ logic }: { logic: ReturnType<typeof stubbedMachine>['logic'] }) {
    const { signedIn } = useSession();
    const [open, setOpen] = useState(true);
    return signedIn ? <ChangePasswordDialog open={open} onClose={() => setOpen(false)} logic={logic} /> : null;
  }

  it('changes the password, closes, signs out and goes to /login with a toast', async () => {
    const user = userEvent.setup({ delay: null });
    const { server, logic } = stubbedMachine();
    const app = renderInApp(<DialogHost logic={logic} />, { path: '/user/dashboard', stored: storedSessionFor(erin) });
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await user.type(within(dialog).getByLabelText('Old Password'), OLD);
    await user.type(within(dialog).getByLabelText('New Password'), NEW);
    await user.type(within(dialog).getByLabelText('Retype New Password'), NEW);
    await user.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(within(dialog).getByRole('button', { name: 'Change Password' })).toHaveAttribute('aria-busy', 'true');

    await server.answer({ type: 'xstate.done.actor.changePassword', output: AccountMessages.passwordChanged } as never);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(CHANGED)).toBeInTheDocument();
    expect(app.session().getSnapshot().matches('signedOut')).toBe(true);
    expect(app.location()).toBe('/login');
  });

  it('shows server errors in the form and stays open', async () => {
    const user = userEvent.setup({ delay: null });
    const { server, logic } = stubbedMachine();
    renderInApp(<DialogHost logic={logic} />, { stored: storedSessionFor(erin) });
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await user.type(within(dialog).getByLabelText('Old Password'), OLD);
    await user.type(within(dialog).getByLabelText('New Password'), NEW);
    await user.type(within(dialog).getByLabelText('Retype New Password'), `${NEW}{Enter}`);
    await server.answer({
      type: 'xstate.error.actor.changePassword',
      error: new ApiError('client', 429, AccountMessages.tooManyRequests),
    } as never);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(AccountMessages.tooManyRequests);
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
  });
});

describe('change password routes', () => {
  it.each(['/change-password', '/user/settings/change-password'])('%s shows the form to a signed-in user', async (path) => {
    renderApp({ path, stored: storedSessionFor(erin) });
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Old Password')).toBeInTheDocument();
  });

  it.each(['/change-password', '/user/settings/change-password'])('%s sends a signed-out visitor to /login', async (path) => {
    const { location } = renderApp({ path });
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
  });
});
