import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { fromPromise } from 'xstate';
import { RedirectIfSignedIn } from '../../src/app/guards.tsx';
import { AccountMessages, type CompletionStatus, type SessionData } from '../../src/contract/account.ts';
import { loginMachine, type LoginRequest } from '../../src/machines/account/login.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { verificationRequestStore } from '../../src/services/verification-request-store.ts';
import LoginPage from '../../src/views/account/login.view.tsx';
import { SUPPORT_EMAIL, renderInApp, sessionFor } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

const completion: CompletionStatus = {
  isCompleted: false,
  completedPercentage: 40,
  profileComplete: true,
  educationComplete: false,
  skillsComplete: false,
  experienceComplete: true,
  preferencesComplete: false,
  documentsComplete: false,
};

/** The login machine with its calls answered by the test. */
function stubbed(answers: { login?: (body: LoginRequest) => Promise<SessionData>; requestOtp?: (email: string) => Promise<string> } = {}) {
  const calls = { logins: [] as LoginRequest[], codes: [] as string[], completions: 0 };
  const logic = loginMachine.provide({
    actors: {
      login: fromPromise<SessionData, LoginRequest>(({ input }) => {
        calls.logins.push(input);
        return answers.login ? answers.login(input) : new Promise(() => {});
      }),
      requestOtp: fromPromise<string, { email: string }>(({ input }) => {
        calls.codes.push(input.email);
        return answers.requestOtp ? answers.requestOtp(input.email) : Promise.resolve(AccountMessages.otpSent);
      }),
      loadCompletionStatus: fromPromise<CompletionStatus>(async () => {
        calls.completions += 1;
        return completion;
      }),
    },
  });
  return { logic, calls };
}

const submit = () => screen.getByRole('button', { name: 'Login' });
const emailField = () => screen.getByLabelText('Email');
const passwordField = () => screen.getByLabelText('Password', { selector: 'input' });

afterEach(() => vi.useRealTimers());

describe('Login screen', () => {
  it('shows every part of spec 1 §2: email, the Password/OTP choice, password, Remember Me and the links', () => {
    renderInApp(<LoginPage logic={stubbed().logic} />, { path: '/login' });
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('type', 'email');
    const choice = screen.getByRole('radiogroup', { name: 'Sign in with' });
    expect(within(choice).getByRole('radio', { name: 'Password' })).toBeChecked();
    expect(within(choice).getByRole('radio', { name: 'OTP' })).not.toBeChecked();
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember Me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forget-password');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('button', { name: 'Close and go to the home page' })).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('the close button returns to /', async () => {
    const { user, location } = renderInApp(<LoginPage logic={stubbed().logic} />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Close and go to the home page' }));
    expect(location()).toBe('/');
  });

  it('validates a field once it is left, and keeps Login disabled until the form is valid', async () => {
    const { user } = renderInApp(<LoginPage logic={stubbed().logic} />, { path: '/login' });
    await user.type(emailField(), 'ada@');
    expect(screen.queryByText(AccountMessages.email)).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText(AccountMessages.email)).toBeInTheDocument();
    expect(emailField()).toHaveAccessibleDescription(AccountMessages.email);
    await user.click(passwordField());
    await user.tab();
    expect(screen.getByText(AccountMessages.password)).toBeInTheDocument();
    await user.type(emailField(), 'example.com');
    expect(screen.queryByText(AccountMessages.email)).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.type(passwordField(), 'correct horse');
    expect(screen.queryByText(AccountMessages.password)).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it('shows and hides the password', async () => {
    const { user } = renderInApp(<LoginPage logic={stubbed().logic} />, { path: '/login' });
    await user.type(passwordField(), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordField()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordField()).toHaveAttribute('type', 'password');
  });

  it('passes the typed email on to Forgot Password', async () => {
    const { user } = renderInApp(<LoginPage logic={stubbed().logic} />, { path: '/login' });
    await user.type(emailField(), 'ada+jobs@example.com');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forget-password?email=ada%2Bjobs%40example.com',
    );
  });

  it('signs a job seeker in: the session gets the tokens, the user lands on the dashboard, the completion status is fetched', async () => {
    const { logic, calls } = stubbed({ login: async () => sessionFor('JobSeeker') });
    const { user, location, session } = renderInApp(<LoginPage logic={logic} />, { path: '/login' });
    await user.type(emailField(), 'ada@example.com');
    await user.type(passwordField(), 'correct horse');
    await user.click(screen.getByRole('checkbox', { name: 'Remember Me' }));
    await user.click(submit());
    expect(calls.logins).toEqual([{ email: 'ada@example.com', password: 'correct horse', isOtp: false, rememberMe: true }]);
    await vi.waitFor(() => expect(location()).toBe('/user/dashboard'));
    expect(session().getSnapshot().context.session?.token).toBe('access-JobSeeker');
    expect(calls.completions).toBe(1);
  });

  it('asks a SuperAdmin for the emailed code after the password, then lands them in the back office', async () => {
    const answers = [
      () => Promise.reject(ApiError.of('auth.codeRequired', AccountMessages.adminCodeSent)),
      () => Promise.reject(ApiError.of('auth.invalidCode', AccountMessages.invalidCode)),
      async () => sessionFor('SuperAdmin'),
    ];
    const { logic, calls } = stubbed({ login: () => answers[calls.logins.length - 1]!() });
    const { user, location } = renderInApp(<LoginPage logic={logic} />, { path: '/login' });
    await user.type(emailField(), 'sam@example.com');
    await user.type(passwordField(), 'correct horse');
    await user.click(submit());

    // The code step: the server's words, who is signing in, six boxes with the keyboard in the first.
    expect(await screen.findByText(AccountMessages.adminCodeSent)).toBeInTheDocument();
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Sign-in code' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveFocus();
    expect(screen.queryByLabelText('Password', { selector: 'input' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Sign in with' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code in 60s' })).toBeDisabled();
    expect(submit()).toBeDisabled();

    // The sixth digit sends the code.
    await user.keyboard('111111');
    expect(await screen.findByText(AccountMessages.invalidCode)).toBeInTheDocument();
    expect(calls.logins).toHaveLength(2);
    // Login sends the code again as it stands; a pasted code goes at once.
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('482913');
    await vi.waitFor(() => expect(location()).toBe('/back-office/dashboard'));
    expect(calls.logins).toEqual([
      { email: 'sam@example.com', password: 'correct horse', isOtp: false, rememberMe: false },
      { email: 'sam@example.com', password: 'correct horse', isOtp: false, rememberMe: false, code: '111111' },
      { email: 'sam@example.com', password: 'correct horse', isOtp: false, rememberMe: false, code: '482913' },
    ]);
    expect(calls.completions).toBe(0);
  });

  it('“Use another account” leaves the code step for the email and an empty password', async () => {
    const { logic } = stubbed({ login: () => Promise.reject(ApiError.of('auth.codeRequired', AccountMessages.adminCodeSent)) });
    const { user } = renderInApp(<LoginPage logic={logic} />, { path: '/login' });
    await user.type(emailField(), 'sam@example.com');
    await user.type(passwordField(), 'correct horse');
    await user.click(submit());
    await user.click(await screen.findByRole('button', { name: 'Use another account' }));
    expect(emailField()).toHaveValue('sam@example.com');
    expect(passwordField()).toHaveValue('');
    expect(screen.queryByRole('group', { name: 'Sign-in code' })).not.toBeInTheDocument();
    expect(screen.queryByText(AccountMessages.adminCodeSent)).not.toBeInTheDocument();
  });

  it('behind the route guard, an employer still lands on the dashboard', async () => {
    const { logic } = stubbed({ login: async () => sessionFor('Employer') });
    const { user, location } = renderInApp(
      <Switch>
        <Route path="/login">
          <RedirectIfSignedIn>
            <LoginPage logic={logic} />
          </RedirectIfSignedIn>
        </Route>
        <Route path="/user/dashboard">
          <h1>Dashboard</h1>
        </Route>
      </Switch>,
      { path: '/login' },
    );
    await user.type(await screen.findByLabelText('Email'), 'owner@acme.example');
    await user.type(passwordField(), 'correct horse');
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toBe('/user/dashboard');
  });

  it('coming from a job’s Apply (?next=/jobs/…), returns to that job once signed in', async () => {
    const { logic } = stubbed({ login: async () => sessionFor('JobSeeker') });
    const job = '/jobs/3c9d4b1e-2f6a-4c8b-9e1d-5a7b3c2d1e0f';
    const { user, location } = renderInApp(<LoginPage logic={logic} />, { path: `/login?next=${encodeURIComponent(job)}` });
    await user.type(emailField(), 'ada@example.com');
    await user.type(passwordField(), 'correct horse');
    await user.click(submit());
    await vi.waitFor(() => expect(location()).toBe(job));
  });

  it('carries ?next= on to registration, so a new account comes back too', () => {
    const { logic } = stubbed({});
    renderInApp(<LoginPage logic={logic} />, { path: `/login?next=${encodeURIComponent('/jobs/1')}` });
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register?next=%2Fjobs%2F1');
  });

  it.each(['//evil.com', 'https://evil.com/jobs/1', '/\\evil.com'])('ignores a next of another site (%s) and lands home', async (next) => {
    const { logic } = stubbed({ login: async () => sessionFor('JobSeeker') });
    const { user, location } = renderInApp(<LoginPage logic={logic} />, { path: `/login?next=${encodeURIComponent(next)}` });
    await user.type(emailField(), 'ada@example.com');
    await user.type(passwordField(), 'correct horse');
    await user.click(submit());
    await vi.waitFor(() => expect(location()).toBe('/user/dashboard'));
  });

  it('is busy while signing in: the button cannot be pressed again', async () => {
    const pending = deferred<SessionData>();
    const { logic, calls } = stubbed({ login: () => pending.promise });
    const { user } = renderInApp(<LoginPage logic={logic} />, { path: '/login' });
    await user.type(emailField(), 'ada@example.com');
    await user.type(passwordField(), 'correct horse');
    await user.click(submit());
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Enter}');
    expect(calls.logins).toHaveLength(1);
  });

  it('shows the one error of a failed sign-in, without a support link', async () => {
    const { logic } = stubbed({
      login: () => Promise.reject(ApiError.of('auth.invalidCredentials', AccountMessages.invalidCredentials)),
    });
    const { user } = renderInApp(<LoginPage logic={logic} />, { path: '/login' });
    await user.type(emailField(), 'ada@example.com');
    await user.type(passwordField(), 'wrong password');
    await user.click(submit());
    expect(await screen.findByText(AccountMessages.invalidCredentials)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contact support' })).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it('with several errors shows the first and a contact-support mail link', async () => {
    const { logic } = stubbed({
      login: () =>
        Promise.reject(
          ApiError.of('auth.disabled', AccountMessages.accountDisabled, {
            errors: [AccountMessages.accountDisabled, AccountMessages.generic],
          }),
        ),
    });
    const { user } = renderInApp(<LoginPage logic={logic} />, { path: '/login' });
    await user.type(emailField(), 'ada@example.com');
    await user.type(passwordField(), 'correct horse');
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(AccountMessages.accountDisabled);
    expect(alert).not.toHaveTextContent(AccountMessages.generic);
    await vi.waitFor(() =>
      expect(within(alert).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`),
    );
  });

  it('an employer whose business is not verified is sent to business verification with the request kept', async () => {
    const request = { email: 'owner@acme.example', businessName: 'Acme Inc', businessTin: '12-3456789' };
    const { logic } = stubbed({
      login: () => Promise.reject(ApiError.of('auth.businessUnverified', AccountMessages.notVerified, { request })),
    });
    const { user, location } = renderInApp(<LoginPage logic={logic} />, { path: '/login' });
    await user.type(emailField(), 'owner@acme.example');
    await user.type(passwordField(), 'correct horse');
    await user.click(submit());
    await vi.waitFor(() => expect(location()).toBe('/business-validation'));
    expect(verificationRequestStore.read()).toEqual(request);
  });
});

describe('Login with an emailed code', () => {
  // With the clock faked, the user's actions are dispatched directly (user-event waits on real timers).
  const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const typeInto = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
  const press = (button: HTMLElement) => fireEvent.click(button);

  it('switching to OTP with a typed email sends a code and counts 60 s down before another can be sent', async () => {
    fakeClock();
    const { logic, calls } = stubbed();
    renderInApp(<LoginPage logic={logic} />, { path: '/login' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    typeInto(emailField(), 'ada@example.com');
    press(screen.getByRole('radio', { name: 'OTP' }));
    expect(calls.codes).toEqual(['ada@example.com']);
    expect(screen.queryByLabelText('Password', { selector: 'input' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'One-time code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP in 60s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText(AccountMessages.otpSent)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: 'Resend OTP in 59s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(58_000));
    expect(screen.getByRole('button', { name: 'Resend OTP in 1s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const send = screen.getByRole('button', { name: 'Send OTP' });
    expect(send).toBeEnabled();
    press(send);
    expect(calls.codes).toEqual(['ada@example.com', 'ada@example.com']);
    expect(screen.getByRole('button', { name: 'Resend OTP in 60s' })).toBeDisabled();
  });

  it('a SuperAdmin resends the code after 60 s: the password is sent again and the wait starts over', async () => {
    fakeClock();
    const { logic, calls } = stubbed({ login: () => Promise.reject(ApiError.of('auth.codeRequired', AccountMessages.adminCodeSent)) });
    renderInApp(<LoginPage logic={logic} />, { path: '/login' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    typeInto(emailField(), 'sam@example.com');
    typeInto(passwordField(), 'correct horse');
    press(submit());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('button', { name: 'Resend code in 60s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.getByRole('button', { name: 'Resend code in 1s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    press(screen.getByRole('button', { name: 'Resend code' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(calls.logins).toHaveLength(2);
    expect(calls.logins[1]).toEqual({ email: 'sam@example.com', password: 'correct horse', isOtp: false, rememberMe: false });
    expect(screen.getByRole('button', { name: 'Resend code in 60s' })).toBeDisabled();
    expect(calls.codes).toEqual([]);
  });

  it('an error stops the countdown and is shown', async () => {
    fakeClock();
    const pending = deferred<string>();
    const { logic } = stubbed({ requestOtp: () => pending.promise });
    renderInApp(<LoginPage logic={logic} />, { path: '/login' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    press(screen.getByRole('radio', { name: 'OTP' }));
    typeInto(emailField(), 'ada@example.com');
    press(screen.getByRole('button', { name: 'Send OTP' }));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole('button', { name: 'Resend OTP in 57s' })).toBeDisabled();
    await act(async () => {
      pending.reject(new ApiError('client', 429, AccountMessages.tooManyRequests, [AccountMessages.tooManyRequests]));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('alert')).toHaveTextContent(AccountMessages.tooManyRequests);
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeEnabled();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeEnabled();
  });

  it('Send OTP without a valid email shows the email error and sends nothing', async () => {
    const { logic, calls } = stubbed();
    const { user } = renderInApp(<LoginPage logic={logic} />, { path: '/login' });
    await user.click(screen.getByRole('radio', { name: 'OTP' }));
    expect(calls.codes).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(screen.getByText(AccountMessages.email)).toBeInTheDocument();
    expect(calls.codes).toEqual([]);
  });

  it('the choice is keyboard usable: arrow keys switch between Password and OTP', async () => {
    const { logic } = stubbed();
    const { user } = renderInApp(<LoginPage logic={logic} />, { path: '/login' });
    await user.click(emailField());
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Password' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'OTP' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'One-time code' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Password' })).toBeChecked();
    expect(passwordField()).toBeInTheDocument();
  });

  it('signs in with the six digits: Login is disabled until all six are there', async () => {
    const { logic, calls } = stubbed({ login: async () => sessionFor('JobSeeker') });
    const { user, location } = renderInApp(<LoginPage logic={logic} />, { path: '/login' });
    await user.type(emailField(), 'ada@example.com');
    await user.click(screen.getByRole('radio', { name: 'OTP' }));
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.keyboard('12345');
    expect(submit()).toBeDisabled();
    await user.tab();
    await user.tab();
    expect(screen.getByText(AccountMessages.otp)).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Digit 6 of 6' }));
    await user.keyboard('6');
    expect(screen.queryByText(AccountMessages.otp)).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
    await user.click(submit());
    expect(calls.logins).toEqual([{ email: 'ada@example.com', password: '123456', isOtp: true, rememberMe: false }]);
    await vi.waitFor(() => expect(location()).toBe('/user/dashboard'));
  });

  it('pasting the emailed code fills all six boxes', async () => {
    const { logic } = stubbed();
    const { user } = renderInApp(<LoginPage logic={logic} />, { path: '/login' });
    await user.type(emailField(), 'ada@example.com');
    await user.click(screen.getByRole('radio', { name: 'OTP' }));
    await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('918 273');
    const values = Array.from(
      { length: 6 },
      (_, i) => (screen.getByRole('textbox', { name: `Digit ${i + 1} of 6` }) as HTMLInputElement).value,
    );
    expect(values).toEqual(['9', '1', '8', '2', '7', '3']);
    expect(submit()).toBeEnabled();
  });
});
