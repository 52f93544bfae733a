import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import {
  AccountMessages,
  type BusinessVerificationRequest,
  type GoogleCallbackData,
  type SessionData,
  type SocialCompletionRequest,
} from '../../src/contract/account.ts';
import { googleStartMachine } from '../../src/machines/account/google-start.machine.ts';
import { socialCallbackMachine } from '../../src/machines/account/social-callback.machine.ts';
import { socialCompletionMachine } from '../../src/machines/account/social-completion.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { verificationRequestStore } from '../../src/services/verification-request-store.ts';
import GoogleLandingPage from '../../src/views/account/google-landing.view.tsx';
import SocialButtons from '../../src/views/account/social-buttons.view.tsx';
import { renderInApp, sessionFor } from '../support/client/app-harness.tsx';
import { returnPathStore } from '../../src/services/return-path.ts';
import { deferred } from '../support/client/model.ts';

const LANDING = '/landing/google?code=the-code&state=the-state';
const ADDRESS = 'https://accounts.example.test/o/oauth2/auth?state=fresh';

/** The callback machine with every server call and the browser redirect in the test's hands. */
function stubbed() {
  const log = {
    exchanged: [] as Array<{ code: string; state: string }>,
    addresses: 0,
    redirects: [] as string[],
    profiles: 0,
    completions: [] as SocialCompletionRequest[],
  };
  const exchange = deferred<GoogleCallbackData>();
  const address = deferred<string>();
  const complete = deferred<SessionData>();
  const logic = socialCallbackMachine.provide({
    actors: {
      exchange: fromPromise<GoogleCallbackData, { code: string; state: string }>(({ input }) => {
        log.exchanged.push(input);
        return exchange.promise;
      }),
      address: fromPromise<string>(() => {
        log.addresses += 1;
        return address.promise;
      }),
      completion: socialCompletionMachine.provide({
        actors: {
          complete: fromPromise<SessionData, SocialCompletionRequest>(({ input }) => {
            log.completions.push(input);
            return complete.promise;
          }),
        },
      }),
      loadProfile: fromPromise<unknown>(async () => {
        log.profiles += 1;
        return null;
      }),
    },
    actions: {
      redirect: (_, params: { url: string }) => {
        log.redirects.push(params.url);
      },
    },
  });
  const settle = <T,>(d: { resolve: (v: T) => void; reject: (e: unknown) => void }) => ({
    resolve: (v: T) => act(async () => d.resolve(v)),
    reject: (e: unknown) => act(async () => d.reject(e)),
  });
  return { logic, log, exchange: settle(exchange), address: settle(address), complete: settle(complete) };
}

const loading = () => screen.getByRole('status', { name: 'Signing you in with Google' });

describe('Google landing page (/landing/google)', () => {
  it('shows a loading state while the code is exchanged', () => {
    const stub = stubbed();
    renderInApp(<GoogleLandingPage logic={stub.logic} />, { path: LANDING });
    expect(screen.getByRole('heading', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(loading()).toBeInTheDocument();
    expect(stub.log.exchanged).toEqual([{ code: 'the-code', state: 'the-state' }]);
  });

  it('signs a known job seeker in, lands on the dashboard and loads the profile', async () => {
    const stub = stubbed();
    const { location, session } = renderInApp(<GoogleLandingPage logic={stub.logic} />, { path: LANDING });
    const data = sessionFor('JobSeeker');
    await stub.exchange.resolve({ kind: 'signedIn', session: data });
    expect(session().getSnapshot().matches('signedIn')).toBe(true);
    expect(session().getSnapshot().context.session?.token).toBe(data.accessToken);
    expect(location()).toBe('/user/dashboard');
    expect(stub.log.profiles).toBe(1);
  });

  it('returns to the page the visitor chose Google from (the job they wanted to apply to), once', async () => {
    const job = '/jobs/3c9d4b1e-2f6a-4c8b-9e1d-5a7b3c2d1e0f';
    const start = googleStartMachine.provide({ actors: { address: fromPromise<string>(() => new Promise(() => {})) } });
    const buttons = renderInApp(<SocialButtons logic={start} next={job} />);
    await buttons.user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    buttons.unmount();
    const stub = stubbed();
    const { location } = renderInApp(<GoogleLandingPage logic={stub.logic} />, { path: LANDING });
    await stub.exchange.resolve({ kind: 'signedIn', session: sessionFor('JobSeeker') });
    expect(location()).toBe(job);
    // Kept for that one sign-in only.
    expect(returnPathStore.take()).toBeNull();
  });

  it('ignores a kept path of another site, and lands home', async () => {
    window.sessionStorage.setItem('signInReturnPath', '//evil.example/steal');
    const stub = stubbed();
    const { location } = renderInApp(<GoogleLandingPage logic={stub.logic} />, { path: LANDING });
    await stub.exchange.resolve({ kind: 'signedIn', session: sessionFor('JobSeeker') });
    expect(location()).toBe('/user/dashboard');
  });

  it('sends a known SuperAdmin to the back office, without loading a profile', async () => {
    const stub = stubbed();
    const { location } = renderInApp(<GoogleLandingPage logic={stub.logic} />, { path: LANDING });
    await stub.exchange.resolve({ kind: 'signedIn', session: sessionFor('SuperAdmin') });
    expect(location()).toBe('/back-office/dashboard');
    expect(stub.log.profiles).toBe(0);
  });

  it('asks for a new address and redirects the browser when the code is stale', async () => {
    const stub = stubbed();
    renderInApp(<GoogleLandingPage logic={stub.logic} />, { path: LANDING });
    await stub.exchange.reject(ApiError.of('auth.googleCodeStale', AccountMessages.staleGoogleCode));
    expect(stub.log.addresses).toBe(1);
    expect(loading()).toBeInTheDocument();
    await stub.address.resolve(ADDRESS);
    expect(stub.log.redirects).toEqual([ADDRESS]);
    expect(loading()).toBeInTheDocument();
  });

  it('lets a new user complete registration, then signs them in', async () => {
    const stub = stubbed();
    const { user, location, session } = renderInApp(<GoogleLandingPage logic={stub.logic} />, { path: LANDING });
    await stub.exchange.resolve({
      kind: 'needsRegistration',
      signup: { email: 'new@gmail.test', firstName: 'New', lastName: 'Person', signupToken: 'ticket' },
    });
    expect(screen.getByRole('heading', { name: 'Complete Registration' })).toBeInTheDocument();
    expect(screen.getByText('new@gmail.test')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /^Job Seeker/ }));
    await user.type(screen.getByLabelText('Date of birth'), '2000-05-17');
    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    expect(stub.log.completions).toEqual([
      { role: 0, email: 'new@gmail.test', signupToken: 'ticket', dateOfBirth: '2000-05-17', acceptTerms: true },
    ]);
    await stub.complete.resolve(sessionFor('JobSeeker', 'New'));
    expect(session().getSnapshot().context.session?.user.firstName).toBe('New');
    expect(location()).toBe('/user/dashboard');
  });

  it('sends an employer whose business is not verified to business verification, keeping the request', async () => {
    const stub = stubbed();
    const { location } = renderInApp(<GoogleLandingPage logic={stub.logic} />, { path: LANDING });
    const request: BusinessVerificationRequest = { email: 'boss@gmail.test', businessName: 'Pending Works', businessTin: '501234567' };
    await stub.exchange.reject(ApiError.of('auth.businessUnverified', AccountMessages.notVerified, { request }));
    expect(location()).toBe('/business-validation');
    expect(verificationRequestStore.read()).toEqual(request);
  });

  it('shows what went wrong, with a way back to login', async () => {
    const stub = stubbed();
    renderInApp(<GoogleLandingPage logic={stub.logic} />, { path: LANDING });
    await stub.exchange.reject(new ApiError('client', 400, AccountMessages.socialEmailMissing));
    expect(screen.getByRole('alert')).toHaveTextContent(AccountMessages.socialEmailMissing);
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('says the redirection failed when Google sent no code back', () => {
    const stub = stubbed();
    renderInApp(<GoogleLandingPage logic={stub.logic} />, { path: '/landing/google?error=access_denied' });
    expect(screen.getByRole('alert')).toHaveTextContent(AccountMessages.redirectFailed);
    expect(stub.log.exchanged).toEqual([]);
  });
});

describe('social sign-in buttons', () => {
  function stubbedStart() {
    const redirects: string[] = [];
    const answer = deferred<string>();
    const logic = googleStartMachine.provide({
      actors: { address: fromPromise<string>(() => answer.promise) },
      actions: {
        redirect: (_, params: { url: string }) => {
          redirects.push(params.url);
        },
      },
    });
    return { logic, redirects, answer };
  }

  it('shows Google, Facebook and Microsoft, each with an accessible name', () => {
    renderInApp(<SocialButtons logic={stubbedStart().logic} />);
    const group = screen.getByRole('group', { name: 'Sign in with another account' });
    for (const name of ['Continue with Google', 'Continue with Facebook', 'Continue with Microsoft']) {
      expect(within(group).getByRole('button', { name })).toBeEnabled();
    }
  });

  it('Google asks the server for the address and sends the browser there', async () => {
    const stub = stubbedStart();
    const { user } = renderInApp(<SocialButtons logic={stub.logic} />);
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    await act(async () => stub.answer.resolve(ADDRESS));
    expect(stub.redirects).toEqual([ADDRESS]);
  });

  it('says Google sign-in is not configured instead of failing', async () => {
    const stub = stubbedStart();
    const { user } = renderInApp(<SocialButtons logic={stub.logic} />);
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await act(async () => stub.answer.reject(ApiError.of('auth.googleUnavailable', AccountMessages.googleNotConfigured)));
    expect(screen.getByRole('status')).toHaveTextContent(AccountMessages.googleNotConfigured);
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(stub.redirects).toEqual([]);
  });

  it('Facebook and Microsoft do nothing', async () => {
    const stub = stubbedStart();
    const { user, location } = renderInApp(<SocialButtons logic={stub.logic} />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
    await user.click(screen.getByRole('button', { name: 'Continue with Microsoft' }));
    expect(location()).toBe('/login');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
