import { assign, emit, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { AccountMessages, type BusinessVerificationRequest, type GoogleCallbackData, type SessionData } from '../../contract/account.ts';
import { homeFor } from '../../contract/roles.ts';
import { accountService } from '../../services/account.ts';
import { codeOf } from '../../services/http.ts';
import { verificationRequestStore } from '../../services/verification-request-store.ts';
import { businessVerificationOf, errorsOf } from './api-errors.ts';
import { redirectBrowser } from './google-start.machine.ts';
import { socialCompletionMachine, type SocialSignup } from './social-completion.machine.ts';
import { safeNextPath } from '../../services/return-path.ts';

export interface SocialCallbackInput {
  /** The query parameters Google sent the browser back with. */
  code: string | null;
  state: string | null;
  /** Where the visitor was when they chose Google (`?next=` of the sign-in page), or null. */
  next?: string | null;
}

export interface SocialCallbackContext extends SocialCallbackInput {
  signup: SocialSignup | null;
  session: SessionData | null;
  errors: string[];
}

export type SocialCallbackEmitted = { type: 'signedIn'; data: SessionData } | { type: 'navigate'; to: string };

const exchanges = new Map<string, Promise<GoogleCallbackData>>();

/**
 * A code works once, so it is sent once: a second run for the same code (React re-mounts the
 * page in development) shares the first call instead of spending the code again. No signal,
 * for the same reason: the first mount's abort must not cancel the only exchange.
 */
function exchangeOnce(input: { code: string; state: string }): Promise<GoogleCallbackData> {
  let pending = exchanges.get(input.code);
  if (!pending) {
    pending = accountService.googleCallback(input).then((res) => res.data);
    exchanges.set(input.code, pending);
  }
  return pending;
}

/** True for the server's answer to a stale or reused code (spec 1 §8: auth.googleCodeStale, restart sign-in). */
export const isStaleCode = (error: unknown) => codeOf(error) === 'auth.googleCodeStale';

/**
 * The redirect back from Google (spec 1 §4): the code is exchanged; a stale code restarts the
 * sign-in, a known user is signed in and lands as at login, a new user completes registration.
 */
export const socialCallbackMachine = setup({
  types: {
    context: {} as SocialCallbackContext,
    input: {} as SocialCallbackInput,
    emitted: {} as SocialCallbackEmitted,
  },
  actors: {
    exchange: fromPromise<GoogleCallbackData, { code: string; state: string }>(({ input }) => exchangeOnce(input)),
    address: fromPromise<string>(async ({ signal }) => (await accountService.googleLoginAddress(signal)).data),
    completion: socialCompletionMachine,
    // No signal on purpose: the landing page goes away as the user lands, and this fetch outlives it.
    loadProfile: fromPromise<unknown>(async () => (await accountService.jobSeekerProfile()).data),
  },
  actions: {
    redirect: (_, params: { url: string }) => redirectBrowser(params.url),
    saveVerificationRequest: (_, params: { request: BusinessVerificationRequest }) => verificationRequestStore.save(params.request),
    /** The view forwards `signedIn` to the session actor, then follows `navigate` (as at login). */
    announceSignIn: enqueueActions(({ context, enqueue }) => {
      const session = context.session!;
      enqueue.emit({ type: 'signedIn', data: session });
      enqueue.emit({ type: 'navigate', to: context.next ?? homeFor(session.users.role) });
      // Job seekers then load their profile (spec 1 §4).
      if (session.users.role === 'JobSeeker') enqueue.spawnChild('loadProfile', { id: 'profile' });
    }),
  },
  guards: {
    hasCode: ({ context }) => !!context.code && !!context.state,
    isSignedIn: (_, data: GoogleCallbackData) => data.kind === 'signedIn',
    isStale: (_, { error }: { error: unknown }) => isStaleCode(error),
    needsBusinessVerification: (_, { error }: { error: unknown }) => businessVerificationOf(error) !== null,
  },
}).createMachine({
  id: 'socialCallback',
  context: ({ input }) => ({
    code: input.code,
    state: input.state,
    next: safeNextPath(input.next),
    signup: null,
    session: null,
    errors: [],
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'hasCode', target: 'exchanging' },
        // Google sent the browser back without a code (the user cancelled, or the link was cut).
        { target: 'failed', actions: assign({ errors: [AccountMessages.redirectFailed] }) },
      ],
    },
    exchanging: {
      tags: ['loading'],
      invoke: {
        id: 'exchange',
        src: 'exchange',
        input: ({ context }) => ({ code: context.code!, state: context.state! }),
        onDone: [
          {
            guard: { type: 'isSignedIn', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: assign({ session: ({ event }) => (event.output.kind === 'signedIn' ? event.output.session : null) }),
          },
          {
            target: 'completing',
            actions: assign({ signup: ({ event }) => (event.output.kind === 'needsRegistration' ? event.output.signup : null) }),
          },
        ],
        onError: [
          { guard: { type: 'isStale', params: ({ event }) => ({ error: event.error }) }, target: 'restarting' },
          {
            // An employer whose business is not verified yet, as at login (spec 1 §4).
            guard: { type: 'needsBusinessVerification', params: ({ event }) => ({ error: event.error }) },
            target: 'verifyingBusiness',
            actions: [
              { type: 'saveVerificationRequest', params: ({ event }) => ({ request: businessVerificationOf(event.error)! }) },
              emit({ type: 'navigate', to: '/business-validation' }),
            ],
          },
          { target: 'failed', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
        ],
      },
    },
    /** The code was stale: a new authorisation address is requested and the browser sent there. */
    restarting: {
      tags: ['loading'],
      invoke: {
        id: 'address',
        src: 'address',
        onDone: { target: 'redirecting', actions: { type: 'redirect', params: ({ event }) => ({ url: event.output }) } },
        onError: { target: 'failed', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
      },
    },
    redirecting: { tags: ['loading'] },
    /** A new user chooses a role and accepts the terms. */
    completing: {
      invoke: {
        id: 'completion',
        src: 'completion',
        input: ({ context }) => ({ signup: context.signup! }),
        onDone: { target: 'signedIn', actions: assign({ session: ({ event }) => event.output }) },
      },
    },
    signedIn: { entry: 'announceSignIn' },
    verifyingBusiness: {},
    failed: {},
  },
});

export type CompletionActor = ActorRefFrom<typeof socialCompletionMachine>;

type Snapshot = {
  context: SocialCallbackContext;
  hasTag: (tag: 'loading') => boolean;
  matches: (value: 'completing' | 'failed' | 'signedIn') => boolean;
  children: Record<string, unknown>;
};

export const selectBusy = (s: Snapshot) => s.hasTag('loading');
export const selectFailure = (s: Snapshot) =>
  s.matches('failed') ? { message: s.context.errors[0] ?? AccountMessages.generic, contactSupport: s.context.errors.length > 1 } : null;
/** The completion form's actor while a new user completes registration. */
export const selectCompletion = (s: Snapshot) =>
  s.matches('completing') ? ((s.children.completion as CompletionActor | undefined) ?? null) : null;
