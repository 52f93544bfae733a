import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import dayjs from 'dayjs';
import { AccountMessages, type SessionData, type SocialCompletionRequest } from '../../src/contract/account.ts';
import { socialCompletionMachine, type SocialSignup } from '../../src/machines/account/social-completion.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import SocialCompletionPage from '../../src/views/account/social-completion.view.tsx';
import { renderInApp, sessionFor } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

const signup: SocialSignup = { email: 'ada@gmail.test', firstName: 'Ada', lastName: 'Lovelace', signupToken: 'ticket-1' };

function stubbed() {
  const calls: SocialCompletionRequest[] = [];
  let answer = deferred<SessionData>();
  const logic = socialCompletionMachine.provide({
    actors: {
      complete: fromPromise<SessionData, SocialCompletionRequest>(({ input }) => {
        calls.push(input);
        answer = deferred<SessionData>();
        return answer.promise;
      }),
    },
  });
  return {
    logic,
    calls,
    resolve: (v: SessionData) => act(async () => answer.resolve(v)),
    reject: (e: unknown) => act(async () => answer.reject(e)),
  };
}

const submit = () => screen.getByRole('button', { name: 'Complete Registration' });
const role = (name: 'Employer' | 'Job Seeker') => screen.getByRole('radio', { name: new RegExp(`^${name}`) });
const years = (n: number) => dayjs().subtract(n, 'year').format('YYYY-MM-DD');

describe('Social sign-up completion screen', () => {
  it('asks for a role first; Complete Registration stays disabled until the form is valid', () => {
    renderInApp(<SocialCompletionPage logic={stubbed().logic} signup={signup} />, { path: '/landing/google' });
    expect(screen.getByRole('heading', { name: 'Complete Registration' })).toBeInTheDocument();
    expect(screen.getByText('ada@gmail.test')).toBeInTheDocument();
    expect(role('Employer')).not.toBeChecked();
    expect(role('Job Seeker')).not.toBeChecked();
    expect(screen.queryByLabelText('Business name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Date of birth')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /I agree to the/ })).not.toBeChecked();
    expect(submit()).toBeDisabled();
  });

  it('an employer gives a business name and a masked EIN/TIN', async () => {
    const stub = stubbed();
    const done = vi.fn();
    const { user } = renderInApp(<SocialCompletionPage logic={stub.logic} signup={signup} onDone={done} />);
    await user.click(role('Employer'));
    const tin = screen.getByLabelText('EIN/TIN', { selector: 'input' });
    expect(tin).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show EIN/TIN' }));
    expect(tin).toHaveAttribute('type', 'text');

    await user.click(screen.getByLabelText('Business name'));
    await user.tab();
    expect(screen.getByText(AccountMessages.businessName)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Business name'), 'Lovelace Engines LLC');
    await user.type(tin, '12-3456780');
    expect(submit()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    expect(submit()).toBeEnabled();

    await user.click(submit());
    expect(stub.calls).toEqual([
      {
        role: 1,
        email: 'ada@gmail.test',
        signupToken: 'ticket-1',
        businessName: 'Lovelace Engines LLC',
        businessEin: '12-3456780',
        acceptTerms: true,
      },
    ]);
    expect(submit()).toHaveAttribute('aria-busy', 'true');
    const session = sessionFor('Employer');
    await stub.resolve(session);
    expect(done).toHaveBeenCalledWith(session);
  });

  it('a job seeker gives a date of birth, at least 16 years ago', async () => {
    const stub = stubbed();
    const { user } = renderInApp(<SocialCompletionPage logic={stub.logic} signup={signup} />);
    await user.click(role('Job Seeker'));
    const dob = screen.getByLabelText('Date of birth');
    expect(dob).toHaveAttribute('type', 'date');
    await user.type(dob, years(15));
    await user.tab();
    expect(screen.getByText(AccountMessages.age)).toBeInTheDocument();
    await user.clear(dob);
    await user.type(dob, years(20));
    expect(screen.queryByText(AccountMessages.age)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(submit());
    expect(stub.calls).toEqual([{ role: 0, email: 'ada@gmail.test', signupToken: 'ticket-1', dateOfBirth: years(20), acceptTerms: true }]);
  });

  it('shows the terms error once the box is touched, and what the server said', async () => {
    const stub = stubbed();
    const { user } = renderInApp(<SocialCompletionPage logic={stub.logic} signup={signup} />);
    await user.click(role('Job Seeker'));
    await user.type(screen.getByLabelText('Date of birth'), years(30));
    const terms = screen.getByRole('checkbox', { name: /I agree to the/ });
    await user.click(terms);
    await user.click(terms);
    expect(screen.getByText(AccountMessages.terms)).toBeInTheDocument();
    await user.click(terms);

    await user.click(submit());
    await stub.reject(new ApiError('client', 400, AccountMessages.socialEmailMissing));
    expect(screen.getByRole('alert')).toHaveTextContent(AccountMessages.socialEmailMissing);
    expect(submit()).toBeEnabled();
  });
});
