import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import dayjs from 'dayjs';
import { AccountMessages } from '../../src/contract/account.ts';
import {
  initialRegisterContext,
  registerMachine,
  type RegisterOutcome,
  type RegisterRequest,
} from '../../src/machines/account/register.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { verificationRequestStore } from '../../src/services/verification-request-store.ts';
import RegisterPage from '../../src/views/account/register.view.tsx';
import { SUPPORT_EMAIL, renderInApp } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

function stubbed(answer?: (body: RegisterRequest) => Promise<RegisterOutcome>) {
  const requests: RegisterRequest[] = [];
  const logic = registerMachine.provide({
    actors: {
      register: fromPromise<RegisterOutcome, RegisterRequest>(({ input }) => {
        requests.push(input);
        return answer ? answer(input) : Promise.resolve({ data: null, request: null });
      }),
    },
  });
  return { logic, requests };
}

const submit = () => screen.getByRole('button', { name: 'Create Account' });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const sixteenToday = dayjs().subtract(16, 'year').format('YYYY-MM-DD');
const sixteenTomorrow = dayjs().subtract(16, 'year').add(1, 'day').format('YYYY-MM-DD');

type User = ReturnType<typeof renderInApp>['user'];

async function fillCommon(user: User) {
  await user.type(field('First name'), 'Ada');
  await user.type(field('Last name'), 'Lovelace');
  await user.type(field('Email'), 'ada@example.com');
  await user.type(field('Password'), 'correct horse');
  await user.type(field('Confirm password'), 'correct horse');
}

describe('Register screen', () => {
  it('coming from a job (?next=), its Login link returns there; a path of another site is dropped', () => {
    const { logic } = stubbed();
    const first = renderInApp(<RegisterPage logic={logic} />, { path: `/register?next=${encodeURIComponent('/jobs/1')}` });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?next=%2Fjobs%2F1');
    first.unmount();
    renderInApp(<RegisterPage logic={logic} />, { path: `/register?next=${encodeURIComponent('//evil.example')}` });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('starts with the choice of role, then the fields; the role fields appear once a role is chosen', () => {
    renderInApp(<RegisterPage logic={stubbed().logic} />, { path: '/register' });
    expect(screen.getByRole('heading', { name: 'Register' })).toBeInTheDocument();
    const roles = screen.getByRole('radiogroup', { name: 'I am registering as' });
    expect(within(roles).getByRole('radio', { name: 'Employer' })).not.toBeChecked();
    expect(within(roles).getByRole('radio', { name: 'Job Seeker' })).not.toBeChecked();
    for (const label of ['First name', 'Last name', 'Email', 'Password', 'Confirm password']) expect(field(label)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ })).not.toBeChecked();
    expect(screen.queryByLabelText('Legal business or personal name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Date of birth')).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('employers add their legal name and an EIN/TIN/SSN that is masked, with a toggle', async () => {
    const { user } = renderInApp(<RegisterPage logic={stubbed().logic} />, { path: '/register' });
    await user.click(screen.getByRole('radio', { name: 'Employer' }));
    expect(field('Legal business or personal name')).toBeInTheDocument();
    const tin = field('EIN/TIN/SSN');
    expect(tin).toHaveAttribute('type', 'password');
    await user.type(tin, '12-3456789');
    await user.click(screen.getByRole('button', { name: 'Show EIN/TIN/SSN' }));
    expect(tin).toHaveAttribute('type', 'text');
    expect(tin).toHaveValue('12-3456789');
    await user.click(screen.getByRole('button', { name: 'Hide EIN/TIN/SSN' }));
    expect(tin).toHaveAttribute('type', 'password');
    expect(screen.queryByLabelText('Date of birth')).not.toBeInTheDocument();
  });

  it('job seekers add their date of birth instead', async () => {
    const { user } = renderInApp(<RegisterPage logic={stubbed().logic} />, { path: '/register' });
    await user.click(screen.getByRole('radio', { name: 'Job Seeker' }));
    expect(field('Date of birth')).toHaveAttribute('type', 'date');
    expect(screen.queryByLabelText('EIN/TIN/SSN')).not.toBeInTheDocument();
  });

  it('shows each rule word for word once its field is left', async () => {
    const { user } = renderInApp(<RegisterPage logic={stubbed().logic} />, { path: '/register' });
    await user.click(field('First name'));
    await user.tab();
    expect(screen.getByText(AccountMessages.firstName)).toBeInTheDocument();
    await user.click(field('Last name'));
    await user.tab();
    expect(screen.getByText(AccountMessages.lastName)).toBeInTheDocument();
    await user.type(field('Email'), 'ada@');
    await user.tab();
    expect(screen.getByText(AccountMessages.email)).toBeInTheDocument();
    await user.type(field('Password'), 'correct horse');
    await user.type(field('Confirm password'), 'correct hose');
    await user.tab();
    expect(screen.getByText(AccountMessages.passwordsMatch)).toBeInTheDocument();
    expect(field('Confirm password')).toHaveAccessibleDescription(AccountMessages.passwordsMatch);

    await user.click(screen.getByRole('radio', { name: 'Job Seeker' }));
    await user.type(field('Date of birth'), sixteenTomorrow);
    await user.tab();
    expect(screen.getByText(AccountMessages.age)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Employer' }));
    await user.click(field('Legal business or personal name'));
    await user.tab();
    expect(screen.getByText(AccountMessages.businessName)).toBeInTheDocument();
    await user.type(field('EIN/TIN/SSN'), '12-34');
    await user.tab();
    expect(screen.getByText(AccountMessages.businessTin)).toBeInTheDocument();

    const terms = screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ });
    await user.click(terms);
    await user.click(terms);
    expect(screen.getByText(AccountMessages.terms)).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('a job seeker turning 16 today may register; Create Account is enabled only when everything is valid', async () => {
    const { logic, requests } = stubbed();
    const { user } = renderInApp(<RegisterPage logic={logic} />, { path: '/register' });
    await user.click(screen.getByRole('radio', { name: 'Job Seeker' }));
    await fillCommon(user);
    await user.type(field('Date of birth'), sixteenToday);
    expect(submit()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
    expect(submit()).toBeEnabled();
    await user.click(submit());
    expect(requests).toEqual([
      {
        role: 0,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        password: 'correct horse',
        dateOfBirth: sixteenToday,
        acceptTerms: true,
      },
    ]);
    expect(await screen.findByText(AccountMessages.registered)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
  });

  it('is busy while registering', async () => {
    const pending = deferred<RegisterOutcome>();
    const { logic } = stubbed(() => pending.promise);
    const { user } = renderInApp(<RegisterPage logic={logic} />, { path: '/register' });
    await user.click(screen.getByRole('radio', { name: 'Job Seeker' }));
    await fillCommon(user);
    await user.type(field('Date of birth'), '1990-04-01');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
    await user.click(submit());
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAttribute('aria-busy', 'true');
  });

  it('an employer goes on to business verification with the request kept', async () => {
    const request = { email: 'ada@example.com', businessName: 'Acme Inc', businessTin: '12-3456789' };
    const { logic, requests } = stubbed(async () => ({ data: null, request }));
    const { user, location } = renderInApp(<RegisterPage logic={logic} />, { path: '/register' });
    await user.click(screen.getByRole('radio', { name: 'Employer' }));
    await fillCommon(user);
    await user.type(field('Legal business or personal name'), 'Acme Inc');
    await user.type(field('EIN/TIN/SSN'), '12-3456789');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
    await user.click(submit());
    expect(requests[0]).toMatchObject({ role: 1, companyName: 'Acme Inc', companyTin: '12-3456789' });
    expect(requests[0]).not.toHaveProperty('dateOfBirth');
    await vi.waitFor(() => expect(location()).toBe('/business-validation'));
    expect(verificationRequestStore.read()).toEqual(request);
  });

  it('shows the first error of a refused registration, and a contact-support link when there are more', async () => {
    const { logic } = stubbed(() =>
      Promise.reject(new ApiError('client', 409, AccountMessages.emailTaken, [AccountMessages.emailTaken, AccountMessages.generic])),
    );
    const { user } = renderInApp(<RegisterPage logic={logic} />, { path: '/register' });
    await user.click(screen.getByRole('radio', { name: 'Job Seeker' }));
    await fillCommon(user);
    await user.type(field('Date of birth'), '1990-04-01');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
    await user.click(submit());
    const alert = await screen.findByText(AccountMessages.emailTaken);
    const box = alert.closest('[role="alert"]') as HTMLElement;
    expect(box).not.toHaveTextContent(AccountMessages.generic);
    await vi.waitFor(() =>
      expect(within(box).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`),
    );
    expect(submit()).toBeEnabled();
  });

  it('the success view leads to Login', async () => {
    const registered = registerMachine.resolveState({ value: 'registered', context: { ...initialRegisterContext, submitted: true } });
    const { user, location } = renderInApp(<RegisterPage logic={stubbed().logic} snapshot={registered} />, { path: '/register' });
    expect(screen.getByRole('status')).toHaveTextContent(AccountMessages.registered);
    await user.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(location()).toBe('/login');
  });
});
