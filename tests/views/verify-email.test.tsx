import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { emailVerificationMachine } from '../../src/machines/account/email-verification.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import VerifyEmailPage from '../../src/views/account/verify-email.view.tsx';
import { SUPPORT_EMAIL, renderInApp } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

function stubbed(answer: () => Promise<string>) {
  const calls: Array<{ email: string; token: string }> = [];
  const logic = emailVerificationMachine.provide({
    actors: {
      verifyEmail: fromPromise<string, { email: string; token: string }>(({ input }) => {
        calls.push(input);
        return answer();
      }),
    },
  });
  return { logic, calls };
}

const link = '/verify-email?token=tok-123&email=ada%2Bjobs%40example.com';

describe('Email verification screen', () => {
  it('shows the loading overlay while the link is checked, then the server message', async () => {
    const pending = deferred<string>();
    const { logic, calls } = stubbed(() => pending.promise);
    renderInApp(<VerifyEmailPage logic={logic} />, { path: link });
    expect(screen.getByRole('heading', { name: 'Email Verification' })).toBeInTheDocument();
    expect(screen.getByTestId('loading-overlay')).toHaveAccessibleName('Verifying your email');
    expect(calls).toEqual([{ token: 'tok-123', email: 'ada+jobs@example.com' }]);
    pending.resolve(AccountMessages.emailVerified);
    expect(await screen.findByText(AccountMessages.emailVerified)).toBeInTheDocument();
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
  });

  it('after success, Go to Login leads to the sign-in page', async () => {
    const { logic } = stubbed(async () => AccountMessages.emailVerified);
    const { user, location } = renderInApp(<VerifyEmailPage logic={logic} />, { path: link });
    await user.click(await screen.findByRole('button', { name: 'Go to Login' }));
    expect(location()).toBe('/login');
  });

  it('shows the server message when the link is refused, without a support link for one message', async () => {
    const { logic } = stubbed(() =>
      Promise.reject(new ApiError('client', 400, AccountMessages.emailLinkInvalid, [AccountMessages.emailLinkInvalid])),
    );
    renderInApp(<VerifyEmailPage logic={logic} />, { path: link });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(AccountMessages.emailLinkInvalid);
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Login' })).toBeInTheDocument();
  });

  it('with several errors shows the first and a contact-support mail link', async () => {
    const { logic } = stubbed(() =>
      Promise.reject(new ApiError('client', 400, AccountMessages.email, [AccountMessages.email, AccountMessages.emailLinkInvalid])),
    );
    renderInApp(<VerifyEmailPage logic={logic} />, { path: link });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(AccountMessages.email);
    expect(alert).not.toHaveTextContent(AccountMessages.emailLinkInvalid);
    await vi.waitFor(() =>
      expect(within(alert).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`),
    );
  });

  it('a link without its token says so at once and calls nothing', () => {
    const { logic, calls } = stubbed(async () => 'never');
    renderInApp(<VerifyEmailPage logic={logic} />, { path: '/verify-email?email=ada%40example.com' });
    expect(screen.getByRole('alert')).toHaveTextContent(AccountMessages.emailLinkInvalid);
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('a link without its email says so too', () => {
    const { logic, calls } = stubbed(async () => 'never');
    renderInApp(<VerifyEmailPage logic={logic} />, { path: '/verify-email?token=tok-123' });
    expect(screen.getByRole('alert')).toHaveTextContent(AccountMessages.emailLinkInvalid);
    expect(calls).toEqual([]);
  });
});
