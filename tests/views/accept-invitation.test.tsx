import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { AccountMessages, type SessionData } from '../../src/contract/account.ts';
import { InvitationMessages, type Invitation } from '../../src/contract/invitations.ts';
import { acceptInvitationMachine, type AcceptField } from '../../src/machines/staff/accept-invitation.machine.ts';
import { ApiError, HttpMessages } from '../../src/services/http.ts';
import AcceptInvitationPage from '../../src/views/staff/accept-invitation.view.tsx';
import { renderInApp } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

const PASSWORD = 'Correct-Horse-42';
const invitation: Invitation = {
  email: 'casey@example.com',
  companyName: 'Northwind Traders',
  inviterName: 'Robin Hale',
  firstName: 'Casey',
  lastName: '',
  jobTitle: 'Talent Partner',
  expiresAt: '2025-03-08T10:00:00.000Z',
};
const session: SessionData = {
  accessToken: 'access',
  refreshToken: 'refresh',
  expiresIn: 900,
  remember: false,
  users: { id: 'r-1', email: 'casey@example.com', firstName: 'Casey', lastName: 'Nguyen', role: 'Recruiter' },
};

function stubbed(accept: () => Promise<SessionData>) {
  const lookup = deferred<Invitation>();
  const lookups: string[] = [];
  const accepts: Array<{ token: string; values: Record<AcceptField, string> }> = [];
  const logic = acceptInvitationMachine.provide({
    actors: {
      lookup: fromPromise<Invitation, { token: string }>(({ input }) => {
        lookups.push(input.token);
        return lookup.promise;
      }),
      accept: fromPromise<SessionData, { token: string; values: Record<AcceptField, string> }>(({ input }) => {
        accepts.push(input);
        return accept();
      }),
    },
  });
  return { logic, lookup, lookups, accepts };
}

async function fillForm(app: ReturnType<typeof renderInApp>) {
  await app.user.type(await screen.findByLabelText('Last name'), 'Nguyen');
  await app.user.type(screen.getByLabelText('Password'), PASSWORD);
  await app.user.type(screen.getByLabelText('Confirm password'), PASSWORD);
  await app.user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
}

describe('the accept-invitation page', () => {
  it('shows the company, the inviter and the email, and signs the new recruiter in on their dashboard', async () => {
    const { logic, lookup, lookups, accepts } = stubbed(async () => session);
    const app = renderInApp(<AcceptInvitationPage logic={logic} />, { path: '/accept-invitation?token=abc123' });
    expect(await screen.findByText('Reading your invitation…')).toBeInTheDocument();
    expect(lookups).toEqual(['abc123']);
    lookup.resolve(invitation);
    expect(await screen.findByRole('heading', { name: 'Join Northwind Traders' })).toBeInTheDocument();
    expect(screen.getByText(/Robin Hale invited you to recruit for/)).toHaveTextContent(
      'Robin Hale invited you to recruit for Northwind Traders as Talent Partner.',
    );
    expect(screen.getByText('casey@example.com')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Casey');
    const submit = screen.getByRole('button', { name: 'Accept and sign in' });
    expect(submit).toBeDisabled();

    await fillForm(app);
    await app.user.click(submit);
    await waitFor(() => expect(app.location()).toBe('/user/dashboard'));
    expect(accepts).toEqual([
      {
        token: 'abc123',
        values: { firstName: 'Casey', lastName: 'Nguyen', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: 'true' },
      },
    ]);
    expect(app.session().getSnapshot().context.session).toMatchObject({ token: 'access', role: 'Recruiter' });
    expect(await screen.findByText(InvitationMessages.welcome('Northwind Traders'))).toBeInTheDocument();
  });

  it('shows the rules once a field is left', async () => {
    const { logic, lookup } = stubbed(async () => session);
    const app = renderInApp(<AcceptInvitationPage logic={logic} />, { path: '/accept-invitation?token=abc123' });
    lookup.resolve(invitation);
    await app.user.type(await screen.findByLabelText('Password'), 'short');
    await app.user.tab();
    expect(screen.getByText(AccountMessages.passwordLength)).toBeInTheDocument();
    await app.user.type(screen.getByLabelText('Confirm password'), 'other');
    await app.user.tab();
    expect(screen.getByText(AccountMessages.passwordsMatch)).toBeInTheDocument();
  });

  it('says why a link is no good instead of showing the form', async () => {
    const { logic, lookup } = stubbed(async () => session);
    renderInApp(<AcceptInvitationPage logic={logic} />, { path: '/accept-invitation?token=old' });
    lookup.reject(ApiError.of('invitation.gone', InvitationMessages.invitationExpired));
    expect(await screen.findByRole('alert')).toHaveTextContent(InvitationMessages.invitationExpired);
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it('says a link without a token is not valid, without calling', async () => {
    const { logic, lookups } = stubbed(async () => session);
    renderInApp(<AcceptInvitationPage logic={logic} />, { path: '/accept-invitation' });
    expect(await screen.findByRole('alert')).toHaveTextContent(InvitationMessages.invitationInvalid);
    expect(lookups).toEqual([]);
  });

  it('shows a link used meanwhile in place of the form', async () => {
    const { logic, lookup } = stubbed(async () => Promise.reject(ApiError.of('invitation.gone', InvitationMessages.invitationUsed)));
    const app = renderInApp(<AcceptInvitationPage logic={logic} />, { path: '/accept-invitation?token=abc123' });
    lookup.resolve(invitation);
    await fillForm(app);
    await app.user.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(InvitationMessages.invitationUsed);
    expect(screen.queryByRole('button', { name: 'Accept and sign in' })).not.toBeInTheDocument();
    expect(app.location()).toBe('/accept-invitation?token=abc123');
  });

  it('offers to try again when the invitation cannot be read', async () => {
    const { logic, lookup, lookups } = stubbed(async () => session);
    const app = renderInApp(<AcceptInvitationPage logic={logic} />, { path: '/accept-invitation?token=abc123' });
    lookup.reject(new ApiError('network', 0, HttpMessages.network));
    expect(await screen.findByRole('alert')).toHaveTextContent(HttpMessages.network);
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(lookups).toHaveLength(2));
  });
});
