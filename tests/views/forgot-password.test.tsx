import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import {
  forgotPasswordMachine,
  selectCanSubmit,
  selectError,
  selectFieldErrors,
  selectSentMessage,
} from '../../src/machines/account/forgot-password.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import ForgotPasswordPage from '../../src/views/account/forgot-password.view.tsx';
import { controllable, renderInApp } from '../support/client/app-harness.tsx';
import { userPaths, type UserStep } from '../support/client/model.ts';

type Snap = SnapshotFrom<typeof forgotPasswordMachine>;

const SENT = 'If an account exists for this email, a password reset link has been sent to it.';

function renderPage(path = '/forget-password') {
  const server = controllable<string>();
  const logic = forgotPasswordMachine.provide({
    actors: { sendResetLink: fromPromise<string, { email: string }>(({ input }) => server.run(input)) },
  });
  const app = renderInApp(<ForgotPasswordPage logic={logic} />, { path, userOptions: { delay: null } });
  return { ...app, server };
}

const emailField = () => screen.getByLabelText('Email');
const submitButton = () => screen.getByRole('button', { name: 'Send Reset Link' });
const alertTexts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

/** What the screen must show in state `s` of the machine. */
function expectScreen(s: Snap) {
  const sent = selectSentMessage(s);
  if (sent !== null) {
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(sent);
    expect(status).toHaveTextContent('If you do not see the email in a few minutes, please check your spam folder.');
    expect(screen.getByRole('button', { name: 'Back to Login' })).toBeEnabled();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    return;
  }
  const shown = selectFieldErrors(s);
  expect(emailField()).toHaveValue(s.context.values.email);
  expect(emailField()).toHaveAccessibleDescription(shown.email ?? '');
  expect(submitButton()).toHaveProperty('disabled', !selectCanSubmit(s));
  if (s.hasTag('loading')) expect(submitButton()).toHaveAttribute('aria-busy', 'true');
  else expect(submitButton()).not.toHaveAttribute('aria-busy');
  expect(alertTexts().sort()).toEqual([shown.email, selectError(s)].filter(Boolean).sort());
}

const steps: UserStep[] = [
  { type: 'user.fill', field: 'email', value: '' },
  { type: 'user.fill', field: 'email', value: 'ada@' },
  { type: 'user.fill', field: 'email', value: 'ada@example.com' },
  { type: 'user.submit' },
  { type: 'outside', event: { type: 'xstate.done.actor.sendResetLink', output: SENT } as never },
  {
    type: 'outside',
    event: { type: 'xstate.error.actor.sendResetLink', error: new ApiError('client', 429, AccountMessages.tooManyRequests) } as never,
  },
  { type: 'outside', event: { type: 'xstate.error.actor.sendResetLink', error: new TypeError('Failed to fetch') } as never },
];

describe('forgot password view, walked along the machine model', () => {
  const paths = userPaths(forgotPasswordMachine, {
    steps,
    possible: (s, step) => (step.type === 'user.submit' ? selectCanSubmit(s) : step.type === 'user.fill' ? s.matches('editing') : true),
    seen: (s) => ({
      value: s.value,
      shown: selectFieldErrors(s),
      submit: selectCanSubmit(s),
      error: selectError(s),
      sent: selectSentMessage(s),
    }),
  });

  it('has a path to every state of the machine', () => {
    const reached = new Set(paths.flatMap((p) => p.states.map((s) => JSON.stringify(s.value))));
    expect(reached).toEqual(new Set(['{"editing":"idle"}', '"submitting"', '"sent"', '{"editing":"failed"}']));
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, p) => {
    const { server, user } = renderPage();
    expectScreen(p.initial);
    for (const [i, step] of p.steps.entries()) {
      if (step.type === 'user.fill') {
        await user.clear(emailField());
        if (step.value) await user.type(emailField(), step.value);
        await user.tab();
      } else if (step.type === 'user.submit') {
        await user.click(submitButton());
      } else {
        await server.answer(step.event);
      }
      expectScreen(p.states[i]!);
    }
  });
});

describe('forgot password view', () => {
  it('asks for the email, validating it once the field is left', async () => {
    const { user } = renderPage();
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    await user.type(emailField(), 'ada@');
    expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();
    await user.tab();
    expect(emailField()).toHaveAccessibleDescription('Please enter a valid email');
    expect(submitButton()).toBeDisabled();
    await user.type(emailField(), 'example.com');
    expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it('sends the email, is busy meanwhile, then says a reset link was emailed and to check spam', async () => {
    const { user, server, location } = renderPage();
    await user.type(emailField(), ' ada@example.com ');
    await user.keyboard('{Enter}');
    expect(server.calls).toEqual([{ email: 'ada@example.com' }]);
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAttribute('aria-busy', 'true');

    await server.answer({ type: 'xstate.done.actor.sendResetLink', output: SENT } as never);
    const status = screen.getByRole('status');
    expect(within(status).getByText(SENT)).toBeInTheDocument();
    expect(within(status).getByText('If you do not see the email in a few minutes, please check your spam folder.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(location()).toBe('/login');
  });

  it("shows 'Something went wrong. Please try again!' when the call fails without a message", async () => {
    const { user, server } = renderPage();
    await user.type(emailField(), 'ada@example.com{Enter}');
    await server.answer({ type: 'xstate.error.actor.sendResetLink', error: new TypeError('Failed to fetch') } as never);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Something went wrong\. Please try again!$/);
    expect(submitButton()).toBeEnabled();
  });

  it('takes the email passed from the sign-in screen', () => {
    renderPage('/forget-password?email=ada%40example.com');
    expect(emailField()).toHaveValue('ada@example.com');
    expect(submitButton()).toBeEnabled();
  });

  it('links back to login', async () => {
    const { user, location } = renderPage();
    await act(() => user.click(screen.getByRole('link', { name: 'Back to Login' })));
    expect(location()).toBe('/login');
  });
});
