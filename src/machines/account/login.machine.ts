import { and, assertEvent, assign, emit, enqueueActions, fromPromise, raise, setup, spawnChild, stateIn } from 'xstate';
import {
  AccountMessages,
  loginRequestSchema,
  OTP_RESEND_SECONDS,
  otpCodeSchema,
  type BusinessVerificationRequest,
  type CompletionStatus,
  type login,
  type SessionData,
} from '../../contract/account.ts';
import type { BodyOf } from '../../contract/endpoint.ts';
import { homeFor } from '../../contract/roles.ts';
import { accountService } from '../../services/account.ts';
import { codeOf } from '../../services/http.ts';
import { verificationRequestStore } from '../../services/verification-request-store.ts';
import { canSubmit, firstErrors, shownErrors, touch, type FieldErrors, type ShownState } from '../form.ts';
import { businessVerificationOf, errorsOf } from './api-errors.ts';
import { safeNextPath } from '../../services/return-path.ts';

export type LoginMode = 'password' | 'otp';
export type LoginField = 'email' | 'password' | 'code';
export type LoginRequest = BodyOf<typeof login>;

export interface LoginContext extends ShownState<LoginField> {
  email: string;
  mode: LoginMode;
  password: string;
  /** The six code boxes, positional (an empty box is a space). */
  code: string;
  rememberMe: boolean;
  touched: Record<LoginField, boolean>;
  /** What the server said after sending a code. */
  notice: string | null;
  /** Seconds until another code may be requested; 0 when not waiting. */
  secondsLeft: number;
  /** Where to go once signed in instead of the user's home: a page of this site (`?next=`), or null. */
  next: string | null;
  /**
   * The server asked for the emailed code after a right password (a SuperAdmin's second factor):
   * the form then asks for the code and sends it with the email and password.
   */
  adminCode: boolean;
}

export interface LoginInput {
  /** The page that sent the user to sign in (the `next` query parameter), as given; unsafe values are dropped. */
  next?: string | null;
}

export { safeNextPath };

export type LoginEvent =
  | { type: 'field.change'; field: LoginField; value: string }
  | { type: 'field.blur'; field: LoginField }
  | { type: 'remember.change'; value: boolean }
  | { type: 'mode.change'; mode: LoginMode }
  | { type: 'otp.request' }
  | { type: 'login.submit' }
  /** Leaves the code step for the email and password (another account). */
  | { type: 'adminCode.cancel' }
  /** Internal: the server emailed a code after the password; the resend wait starts. */
  | { type: 'code.sent' };

export type LoginEmitted =
  | { type: 'signedIn'; data: SessionData }
  | { type: 'navigate'; to: string }
  /** A message to show beyond this page, e.g. why the user is sent to business verification. */
  | { type: 'notify'; message: string };

export const initialLoginContext: LoginContext = {
  email: '',
  mode: 'password',
  password: '',
  code: '',
  rememberMe: false,
  touched: { email: false, password: false, code: false },
  submitted: false,
  errors: [],
  notice: null,
  secondsLeft: 0,
  next: null,
  adminCode: false,
};

const parseRequest = (c: LoginContext) =>
  c.adminCode
    ? // The second step: the same email and password, with the emailed code.
      loginRequestSchema.safeParse({ email: c.email, password: c.password, isOtp: false, rememberMe: c.rememberMe, code: c.code })
    : loginRequestSchema.safeParse({
        email: c.email,
        password: c.mode === 'otp' ? c.code : c.password,
        isOtp: c.mode === 'otp',
        rememberMe: c.rememberMe,
      });

/** The password again without a code: the server emails a new one (the code step's resend). */
const resendRequest = (c: LoginContext): LoginRequest => ({
  email: c.email.trim(),
  password: c.password,
  isOtp: false,
  rememberMe: c.rememberMe,
});

/** Every field error of the form as it stands, whether shown yet or not. */
export function loginFieldErrors(c: LoginContext): FieldErrors<LoginField> {
  const result = parseRequest(c);
  if (result.success) return {};
  if (c.adminCode) return firstErrors(result.error.issues, ['code']).code ? { code: AccountMessages.otp } : {};
  const { email, password } = firstErrors(result.error.issues, ['email', 'password']);
  // The code travels as the password; its boxes have one message of their own.
  if (c.mode === 'otp') return { ...(email && { email }), ...(password && { code: AccountMessages.otp }) };
  return { ...(email && { email }), ...(password && { password }) };
}

const emailIsValid = (c: LoginContext) => !loginFieldErrors(c).email;

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    emitted: {} as LoginEmitted,
    input: {} as LoginInput | undefined,
  },
  actors: {
    login: fromPromise<SessionData, LoginRequest>(async ({ input, signal }) => (await accountService.login(input, signal)).data),
    requestOtp: fromPromise<string, { email: string }>(
      async ({ input, signal }) => (await accountService.requestOtp(input.email, signal)).data,
    ),
    // No signal on purpose: the sign-in page goes away as the user lands, and this fetch outlives it.
    loadCompletionStatus: fromPromise<CompletionStatus>(async () => (await accountService.completionStatus()).data),
  },
  actions: {
    /** The view forwards `signedIn` to the session actor, then follows `navigate`. */
    announceSignIn: enqueueActions(({ context, enqueue }, { data }: { data: SessionData }) => {
      enqueue.emit({ type: 'signedIn', data });
      // Back to the page that asked for the sign-in (a job to apply to), else home.
      enqueue.emit({ type: 'navigate', to: context.next ?? homeFor(data.users.role) });
    }),
    saveVerificationRequest: (_, params: { request: BusinessVerificationRequest }) => verificationRequestStore.save(params.request),
    // shownStateActions() written out: next to enqueueActions above, TypeScript cannot infer a spread of it.
    touchField: assign({
      touched: ({ context, event }) => {
        assertEvent(event, 'field.blur');
        return touch(context.touched, event.field);
      },
    }),
    touchAll: assign({ submitted: true }),
    clearErrors: assign({ errors: [] }),
    /** The server emailed a code: the form asks for it, with the server's words, and the resend wait starts. */
    askForCode: enqueueActions(({ enqueue }, params: { message: string }) => {
      enqueue.assign({
        adminCode: true,
        code: '',
        notice: params.message,
        errors: [],
        submitted: false,
        touched: ({ context }) => ({ ...context.touched, code: false }),
      });
      enqueue.raise({ type: 'code.sent' });
    }),
    leaveCodeStep: assign({
      adminCode: false,
      code: '',
      password: '',
      notice: null,
      errors: [],
      submitted: false,
      touched: ({ context }) => ({ ...context.touched, password: false, code: false }),
    }),
  },
  guards: {
    isValid: ({ context }) => parseRequest(context).success,
    emailValid: ({ context }) => emailIsValid(context),
    switchingToOtpWithValidEmail: ({ context, event }) =>
      event.type === 'mode.change' && event.mode === 'otp' && context.mode !== 'otp' && emailIsValid(context),
    /** An employer or recruiter whose business is not verified yet (auth.businessUnverified). */
    needsBusinessVerification: (_, params: { error: unknown }) => businessVerificationOf(params.error) !== null,
    /** A SuperAdmin's right password: the server emailed the code it now asks for (auth.codeRequired). */
    codeRequired: (_, params: { error: unknown }) => codeOf(params.error) === 'auth.codeRequired',
    changesCode: ({ event }) => event.type === 'field.change' && event.field === 'code',
    completesCode: ({ event }) => event.type === 'field.change' && event.field === 'code' && otpCodeSchema.safeParse(event.value).success,
    /** Another code may be sent: the last one's wait is over. */
    mayResend: stateIn({ otp: 'idle' }),
    isJobSeeker: (_, params: { data: SessionData }) => params.data.users.role === 'JobSeeker',
    lastSecond: ({ context }) => context.secondsLeft <= 1,
  },
  delays: {
    /** The resend countdown ticks once a second. */
    tick: 1000,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({ ...initialLoginContext, next: safeNextPath(input?.next) }),
  type: 'parallel',
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': {
              actions: assign(({ context, event }) => ({ ...context, [event.field]: event.value })),
            },
            'field.blur': { actions: 'touchField' },
            'remember.change': { actions: assign({ rememberMe: ({ event }) => event.value }) },
            'mode.change': [
              // Switching to OTP requests a code for the typed email (spec 1 §4).
              {
                guard: 'switchingToOtpWithValidEmail',
                actions: [assign({ mode: ({ event }) => event.mode }), raise({ type: 'otp.request' })],
              },
              { actions: assign({ mode: ({ event }) => event.mode }) },
            ],
            'login.submit': [{ guard: 'isValid', target: 'submitting' }, { actions: 'touchAll' }],
          },
        },
        submitting: {
          tags: ['loading'],
          entry: ['touchAll', 'clearErrors'],
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ context }) => parseRequest(context).data!,
            onDone: [
              {
                guard: { type: 'isJobSeeker', params: ({ event }) => ({ data: event.output }) },
                target: 'signedIn',
                actions: [
                  { type: 'announceSignIn', params: ({ event }) => ({ data: event.output }) },
                  // Fired after navigating and never awaited (spec 1 §4).
                  spawnChild('loadCompletionStatus', { id: 'completionStatus' }),
                ],
              },
              { target: 'signedIn', actions: { type: 'announceSignIn', params: ({ event }) => ({ data: event.output }) } },
            ],
            onError: [
              {
                guard: { type: 'codeRequired', params: ({ event }) => ({ error: event.error }) },
                target: 'adminCode',
                actions: { type: 'askForCode', params: ({ event }) => ({ message: errorsOf(event.error)[0]! }) },
              },
              {
                // An employer whose business is not verified yet (spec 1 §4).
                guard: { type: 'needsBusinessVerification', params: ({ event }) => ({ error: event.error }) },
                target: 'verifyingBusiness',
                actions: [
                  { type: 'saveVerificationRequest', params: ({ event }) => ({ request: businessVerificationOf(event.error)! }) },
                  // The user is told why the sign-in led to another page ("Uh oh! …", spec 1 §8).
                  emit(({ event }) => ({ type: 'notify' as const, message: errorsOf(event.error)[0]! })),
                  emit({ type: 'navigate', to: '/business-validation' }),
                ],
              },
              { target: 'editing', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
            ],
          },
        },
        /** A SuperAdmin's second step: the emailed code, sent with the same email and password. */
        adminCode: {
          initial: 'entering',
          states: {
            entering: {
              on: {
                'field.change': [
                  // The sixth digit sends the code: nothing else is left to fill in.
                  { guard: 'completesCode', target: 'verifying', actions: assign({ code: ({ event }) => event.value }) },
                  { guard: 'changesCode', actions: assign({ code: ({ event }) => event.value }) },
                ],
                'field.blur': { actions: 'touchField' },
                'login.submit': [{ guard: 'isValid', target: 'verifying' }, { actions: 'touchAll' }],
                // Resending is signing in with the password again: the server mails a new code.
                'otp.request': { guard: 'mayResend', target: 'resending' },
                'adminCode.cancel': { target: '#login.form.editing', actions: 'leaveCodeStep' },
              },
            },
            verifying: {
              tags: ['loading'],
              entry: ['touchAll', 'clearErrors'],
              invoke: {
                id: 'login',
                src: 'login',
                input: ({ context }) => parseRequest(context).data!,
                onDone: {
                  target: '#login.form.signedIn',
                  actions: { type: 'announceSignIn', params: ({ event }) => ({ data: event.output }) },
                },
                onError: { target: 'entering', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
              },
            },
            resending: {
              tags: ['loading'],
              entry: 'clearErrors',
              invoke: {
                id: 'login',
                src: 'login',
                input: ({ context }) => resendRequest(context),
                onDone: {
                  target: '#login.form.signedIn',
                  actions: { type: 'announceSignIn', params: ({ event }) => ({ data: event.output }) },
                },
                onError: [
                  {
                    guard: { type: 'codeRequired', params: ({ event }) => ({ error: event.error }) },
                    target: 'entering',
                    actions: { type: 'askForCode', params: ({ event }) => ({ message: errorsOf(event.error)[0]! }) },
                  },
                  { target: 'entering', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
                ],
              },
            },
          },
        },
        // Both leave the page; busy until they have, so nothing is sent twice.
        /** Signed in: the session has the tokens and the user is on the way to their home. */
        signedIn: { tags: ['loading'] },
        /** An employer sent to business verification. */
        verifyingBusiness: { tags: ['loading'] },
      },
    },
    otp: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'otp.request': [
              { guard: and([stateIn({ form: 'editing' }), 'emailValid']), target: 'counting' },
              { actions: assign({ touched: ({ context }) => touch(context.touched, 'email') }) },
            ],
            'code.sent': 'cooling',
          },
        },
        /** The wait after the server emailed a code on its own (a SuperAdmin's password): nothing to request. */
        cooling: {
          entry: assign({ secondsLeft: OTP_RESEND_SECONDS }),
          exit: assign({ secondsLeft: 0 }),
          initial: 'waiting',
          states: {
            waiting: {
              after: {
                tick: [
                  { guard: 'lastSecond', target: '#login.otp.idle' },
                  { target: 'waiting', reenter: true, actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }) },
                ],
              },
            },
          },
        },
        counting: {
          entry: assign({ secondsLeft: OTP_RESEND_SECONDS, errors: [], notice: null }),
          exit: assign({ secondsLeft: 0 }),
          invoke: {
            id: 'requestOtp',
            src: 'requestOtp',
            input: ({ context }) => ({ email: context.email.trim() }),
            onDone: { actions: assign({ notice: ({ event }) => event.output || AccountMessages.otpSent }) },
            // An error stops the countdown and is shown (spec 1 §4).
            onError: { target: 'idle', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
          },
          initial: 'waiting',
          states: {
            waiting: {
              after: {
                tick: [
                  { guard: 'lastSecond', target: '#login.otp.idle' },
                  { target: 'waiting', reenter: true, actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }) },
                ],
              },
            },
          },
        },
      },
    },
  },
});

type Snapshot = {
  context: LoginContext;
  hasTag: (tag: 'loading') => boolean;
  matches: (value: { otp: 'counting' } | { otp: 'cooling' } | { form: 'editing' }) => boolean;
};

export const selectBusy = (s: Snapshot) => s.hasTag('loading');
/** Submit is disabled while the form is invalid or busy (spec 1 §5). */
export const selectCanSubmit = (s: Snapshot) => canSubmit(s.hasTag('loading'), parseRequest(s.context).success);
/** Field errors shown: touched fields only, until a submit shows them all. */
export const selectFieldErrors = (s: Snapshot) => shownErrors(loginFieldErrors(s.context), s.context.touched, s.context.submitted);
export const selectCountingDown = (s: Snapshot) => s.matches({ otp: 'counting' }) || s.matches({ otp: 'cooling' });
/** The second step of a SuperAdmin's sign-in: the emailed code is asked for. */
export const selectAskingForCode = (s: Snapshot) => s.context.adminCode;
export const selectSecondsLeft = (s: Snapshot) => s.context.secondsLeft;
export const selectErrors = (s: Snapshot) => s.context.errors;
