import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import {
  resetPasswordMachine,
  selectCanSubmit,
  selectError,
  selectFieldErrors,
  type ResetResult,
} from '../../src/machines/account/reset-password.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import ResetPasswordPage from '../../src/views/account/reset-password.view.tsx';
import { controllable, renderInApp } from '../support/client/app-harness.tsx';
import { userPaths, type UserStep } from '../support/client/model.ts';
import { reach } from '../../src/views/account/password-stories-support.tsx';

type Snap = SnapshotFrom<typeof resetPasswordMachine>;

const LINK = { token: 'b3f1c2d4e5', email: 'ada@example.com' };
const LINK_PATH = `/reset-password?token=${LINK.token}&email=${encodeURIComponent(LINK.email)}`;
const RESET = 'Your password has been reset. You may now log in with your new password.';
const INVALID = 'Could not update password. Use the link found in the email sent to you to continue.';

function renderPage(path = LINK_PATH) {
  const server = controllable<ResetResult>();
  const logic = resetPasswordMachine.provide({
    actors: {
      resetPassword: fromPromise<ResetResult, { token: string; email: string; newPassword: string }>(({ input }) => server.run(input)),
    },
  });
  const app = renderInApp(<ResetPasswordPage logic={logic} />, { path, userOptions: { delay: null } });
  return { ...app, server };
}

const labels = { newPassword: 'New Password', retypePassword: 'Retype Password' } as const;
const field = (name: keyof typeof labels) => screen.getByLabelText(labels[name]);
const submitButton = () => screen.getByRole('button', { name: 'Reset Password' });
const alertTexts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

function expectScreen(s: Snap, location: () => string) {
  expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
  if (s.matches('done')) {
    // Success goes to login with the server's message as a toast.
    expect(location()).toBe('/login');
    return;
  }
  expect(location()).toBe(LINK_PATH);
  const shown = selectFieldErrors(s);
  for (const name of ['newPassword', 'retypePassword'] as const) {
    expect(field(name)).toHaveValue(s.context.values[name]);
    expect(field(name)).toHaveAccessibleDescription(shown[name] ?? '');
  }
  expect(submitButton()).toHaveProperty('disabled', !selectCanSubmit(s));
  if (s.hasTag('loading')) expect(submitButton()).toHaveAttribute('aria-busy', 'true');
  else expect(submitButton()).not.toHaveAttribute('aria-busy');
  expect(alertTexts().sort()).toEqual([shown.newPassword, shown.retypePassword, selectError(s)].filter(Boolean).sort());
}

const outside = (event: object): UserStep => ({ type: 'outside', event: event as never });
const steps: UserStep[] = [
  { type: 'user.fill', field: 'newPassword', value: '' },
  { type: 'user.fill', field: 'newPassword', value: 'short' },
  { type: 'user.fill', field: 'newPassword', value: 'correct horse' },
  { type: 'user.fill', field: 'retypePassword', value: 'correct horse' },
  { type: 'user.submit' },
  outside({ type: 'xstate.done.actor.resetPassword', output: { status: 200, message: RESET } }),
  outside({ type: 'xstate.done.actor.resetPassword', output: { status: 202, message: 'Accepted' } }),
  outside({ type: 'xstate.error.actor.resetPassword', error: new ApiError('client', 400, INVALID) }),
  outside({ type: 'xstate.error.actor.resetPassword', error: new TypeError('Failed to fetch') }),
];

describe('reset password view, walked along the machine model', () => {
  const paths = userPaths(resetPasswordMachine, {
    input: LINK,
    steps,
    possible: (s, step) => (step.type === 'user.submit' ? selectCanSubmit(s) : step.type === 'user.fill' ? s.matches('editing') : true),
    seen: (s) => ({ value: s.value, shown: selectFieldErrors(s), submit: selectCanSubmit(s), error: selectError(s) }),
  });

  it('has a path to every state the link allows', () => {
    const reached = new Set(paths.flatMap((p) => p.states.map((s) => JSON.stringify(s.value))));
    expect(reached).toEqual(new Set(['{"editing":"idle"}', '"submitting"', '"done"', '{"editing":"failed"}']));
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, p) => {
    const { server, user, location } = renderPage();
    expectScreen(p.initial, location);
    for (const [i, step] of p.steps.entries()) {
      if (step.type === 'user.fill') {
        const input = field(step.field as keyof typeof labels);
        await user.clear(input);
        if (step.value) await user.type(input, step.value);
        await user.tab();
      } else if (step.type === 'user.submit') {
        await user.click(submitButton());
      } else {
        await server.answer(step.event);
      }
      expectScreen(p.states[i]!, location);
      if (p.states[i]!.matches('done')) expect(await screen.findByText(RESET)).toBeInTheDocument();
    }
  });
});

describe('reset password view', () => {
  it('reads token and email from the link and sends them with the new password', async () => {
    const { user, server } = renderPage();
    expect(screen.getByText(LINK.email)).toBeInTheDocument();
    await user.type(field('newPassword'), 'correct horse');
    await user.type(field('retypePassword'), 'correct horse{Enter}');
    expect(server.calls).toEqual([{ ...LINK, newPassword: 'correct horse' }]);
  });

  it("says 'Passwords must match' once the retyped password is left", async () => {
    const { user } = renderPage();
    await user.type(field('newPassword'), 'correct horse');
    await user.type(field('retypePassword'), 'correct hose');
    expect(screen.queryByText('Passwords must match')).not.toBeInTheDocument();
    await user.tab();
    expect(field('retypePassword')).toHaveAccessibleDescription('Passwords must match');
    expect(submitButton()).toBeDisabled();
  });

  it('shows and hides the passwords', async () => {
    const { user } = renderPage();
    expect(field('newPassword')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(field('newPassword')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide new password' }));
    expect(field('newPassword')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show retyped password' })).toBeInTheDocument();
  });

  it('on success goes to /login and shows the server message as a toast', async () => {
    const { user, server, location } = renderPage();
    await user.type(field('newPassword'), 'correct horse');
    await user.type(field('retypePassword'), 'correct horse{Enter}');
    await server.answer({ type: 'xstate.done.actor.resetPassword', output: { status: 200, message: RESET } } as never);
    expect(location()).toBe('/login');
    expect(await screen.findByText(RESET)).toBeInTheDocument();
  });

  it('shows the server message when the link is refused, and offers a new link', async () => {
    const { user, server } = renderPage();
    await user.type(field('newPassword'), 'correct horse');
    await user.type(field('retypePassword'), 'correct horse{Enter}');
    await server.answer({
      type: 'xstate.error.actor.resetPassword',
      error: new ApiError('client', 429, AccountMessages.tooManyRequests),
    } as never);
    expect(screen.getByRole('alert')).toHaveTextContent(AccountMessages.tooManyRequests);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forget-password');
  });

  it.each([
    ['without a token', `/reset-password?email=${encodeURIComponent(LINK.email)}`],
    ['without an email', `/reset-password?token=${LINK.token}`],
    ['without either', '/reset-password'],
  ])('%s says the link cannot work and offers a new one', (_name, path) => {
    renderPage(path);
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset Password' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forget-password');
  });

  it('in its done state says the password was reset and links to login', () => {
    const done = reach(resetPasswordMachine, LINK, [
      { type: 'field.change', field: 'newPassword', value: 'correct horse' },
      { type: 'field.change', field: 'retypePassword', value: 'correct horse' },
      { type: 'form.submit' },
      { type: 'xstate.done.actor.resetPassword', output: { status: 200, message: RESET } },
    ] as never);
    renderInApp(<ResetPasswordPage snapshot={done} />, { path: LINK_PATH });
    expect(screen.getByRole('status')).toHaveTextContent(RESET);
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });
});
