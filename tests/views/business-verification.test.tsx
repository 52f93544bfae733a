import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { AccountMessages, type BusinessVerificationRequest, type VerifyBusinessRequest } from '../../src/contract/account.ts';
import { businessVerificationMachine } from '../../src/machines/account/business-verification.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { verificationRequestStore } from '../../src/services/verification-request-store.ts';
import BusinessVerificationPage from '../../src/views/account/business-verification.view.tsx';
import { SUPPORT_EMAIL, renderInApp } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

const request: BusinessVerificationRequest = { email: 'owner@acme.test', businessName: 'Acme Widgets LLC', businessTin: '123456780' };

/** The machine with the server's answer in the test's hands. */
function stubbed() {
  const calls: VerifyBusinessRequest[] = [];
  let answer = deferred<string>();
  const logic = businessVerificationMachine.provide({
    actors: {
      verify: fromPromise<string, VerifyBusinessRequest>(({ input }) => {
        calls.push(input);
        answer = deferred<string>();
        return answer.promise;
      }),
    },
  });
  return {
    logic,
    calls,
    resolve: (v: string) => act(async () => answer.resolve(v)),
    reject: (e: unknown) => act(async () => answer.reject(e)),
  };
}

const submit = () => screen.getByRole('button', { name: 'Verify Business' });
const nameField = () => screen.getByLabelText('Legal business or personal name');
const tinField = () => screen.getByLabelText('EIN/TIN/SSN', { selector: 'input' });

describe('Business verification screen', () => {
  it('is prefilled from the stored request, with the TIN masked behind a toggle', async () => {
    verificationRequestStore.save(request);
    const { user } = renderInApp(<BusinessVerificationPage logic={stubbed().logic} />, { path: '/business-validation' });
    expect(screen.getByRole('heading', { name: 'Business Verification' })).toBeInTheDocument();
    expect(screen.getByText('owner@acme.test')).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(nameField()).toHaveValue('Acme Widgets LLC');
    expect(tinField()).toHaveValue('123456780');
    expect(tinField()).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show TIN' }));
    expect(tinField()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide TIN' }));
    expect(tinField()).toHaveAttribute('type', 'password');
    expect(submit()).toBeEnabled();
  });

  it('asks for the email when no request was stored, and validates fields once left', async () => {
    const { user } = renderInApp(<BusinessVerificationPage logic={stubbed().logic} />, { path: '/business-validation' });
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(submit()).toBeDisabled();
    expect(screen.queryByText(AccountMessages.businessName)).not.toBeInTheDocument();

    await user.click(nameField());
    await user.tab();
    expect(screen.getByText(AccountMessages.businessName)).toBeInTheDocument();
    await user.type(tinField(), '12-34');
    await user.tab();
    expect(screen.getByText(AccountMessages.businessTin)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'owner@acme.test');
    await user.type(nameField(), 'Acme Widgets LLC');
    await user.clear(tinField());
    await user.type(tinField(), '12-3456780');
    expect(screen.queryByText(AccountMessages.businessName)).not.toBeInTheDocument();
    expect(screen.queryByText(AccountMessages.businessTin)).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it('submits, shows it is busy, then the success text with a link to login, and forgets the request', async () => {
    verificationRequestStore.save(request);
    const stub = stubbed();
    const { user } = renderInApp(<BusinessVerificationPage logic={stub.logic} />, { path: '/business-validation' });
    await user.click(submit());
    expect(stub.calls).toEqual([request]);
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAttribute('aria-busy', 'true');

    await stub.resolve(AccountMessages.businessVerified);
    expect(screen.getByRole('status')).toHaveTextContent('Your business has been verified! You may now log in to your account.');
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(verificationRequestStore.read()).toBeNull();
  });

  it('shows the first error, and a contact-support link when there is more than one', async () => {
    verificationRequestStore.save(request);
    const stub = stubbed();
    const { user } = renderInApp(<BusinessVerificationPage logic={stub.logic} />, { path: '/business-validation' });

    await user.click(submit());
    await stub.reject(new ApiError('client', 400, AccountMessages.tinNotValid));
    const single = screen.getByRole('alert');
    expect(single).toHaveTextContent(AccountMessages.tinNotValid);
    expect(within(single).queryByRole('link')).not.toBeInTheDocument();
    // The request stays until the business is verified.
    expect(verificationRequestStore.read()).toEqual(request);

    await user.click(submit());
    await stub.reject(
      new ApiError('client', 409, AccountMessages.tinTaken, [AccountMessages.tinTaken, AccountMessages.verificationFailed]),
    );
    const many = screen.getByRole('alert');
    expect(many).toHaveTextContent(AccountMessages.tinTaken);
    expect(many).not.toHaveTextContent(AccountMessages.verificationFailed);
    expect(within(many).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
  });

  it('hides the server error once the user types again', async () => {
    verificationRequestStore.save(request);
    const stub = stubbed();
    const { user } = renderInApp(<BusinessVerificationPage logic={stub.logic} />, { path: '/business-validation' });
    await user.click(submit());
    await stub.reject(new ApiError('client', 400, AccountMessages.businessNameImplausible));
    expect(screen.getByRole('alert')).toHaveTextContent(AccountMessages.businessNameImplausible);
    await user.type(nameField(), ' Inc');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
