import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import {
  AccountMessages,
  socialCompletionRequestSchema,
  type SessionData,
  type SocialCompletionRequest,
  type socialSignupSchema,
} from '../../contract/account.ts';
import { accountService } from '../../services/account.ts';
import { canSubmit, shownErrors, shownStateActions, touch, validate, type FieldErrors, type ShownState } from '../form.ts';
import { errorsOf } from './api-errors.ts';

export type SocialSignup = z.infer<typeof socialSignupSchema>;
export type CompletionField = 'role' | 'businessName' | 'businessEin' | 'dateOfBirth' | 'acceptTerms';
export type CompletionRole = 0 | 1;

export interface SocialCompletionContext extends ShownState<CompletionField> {
  signup: SocialSignup;
  role: CompletionRole | null;
  businessName: string;
  businessEin: string;
  dateOfBirth: string;
  acceptTerms: boolean;
  /** The session the server answered once registration is complete. */
  session: SessionData | null;
}

export type SocialCompletionEvent =
  | { type: 'role.change'; role: CompletionRole }
  | { type: 'field.change'; field: 'businessName' | 'businessEin' | 'dateOfBirth'; value: string }
  | { type: 'terms.change'; value: boolean }
  | { type: 'field.blur'; field: CompletionField }
  | { type: 'form.submit' };

const FIELDS: readonly CompletionField[] = ['role', 'businessName', 'businessEin', 'dateOfBirth', 'acceptTerms'];

/** The request as the form holds it, for the contract to check: a role may be missing, the terms unticked. */
export type CompletionDraft = Omit<SocialCompletionRequest, 'role' | 'acceptTerms'> & { role: CompletionRole | null; acceptTerms: boolean };

/** The request as the contract checks it; only the chosen role's fields are sent. */
export function completionRequestOf(c: SocialCompletionContext): CompletionDraft {
  const base = { email: c.signup.email, signupToken: c.signup.signupToken, acceptTerms: c.acceptTerms };
  if (c.role === 1) return { ...base, role: 1, businessName: c.businessName, businessEin: c.businessEin };
  if (c.role === 0) return { ...base, role: 0, dateOfBirth: c.dateOfBirth };
  return { ...base, role: null };
}

const parse = (c: SocialCompletionContext) => socialCompletionRequestSchema.safeParse(completionRequestOf(c));

/** Every field error of the form as it stands, shown or not. */
export function completionFieldErrors(c: SocialCompletionContext): FieldErrors<CompletionField> {
  // The role rules are refinements, which the schema skips while any field fails: check them
  // with the terms assumed ticked, so an unticked box does not hide the date-of-birth error.
  const out = validate(socialCompletionRequestSchema, { ...completionRequestOf(c), acceptTerms: true }, FIELDS);
  if (!c.acceptTerms) out.acceptTerms = AccountMessages.terms;
  return out;
}

export function initialCompletionContext(signup: SocialSignup): SocialCompletionContext {
  return {
    signup,
    role: null,
    businessName: '',
    businessEin: '',
    dateOfBirth: '',
    acceptTerms: false,
    touched: {},
    submitted: false,
    errors: [],
    session: null,
  };
}

/**
 * Social sign-up completion (spec 1 §2, §5): a role, then a business name and EIN/TIN for an
 * employer or a date of birth for a job seeker, and the terms. Its output is the new session.
 */
export const socialCompletionMachine = setup({
  types: {
    context: {} as SocialCompletionContext,
    events: {} as SocialCompletionEvent,
    input: {} as { signup: SocialSignup },
    output: {} as SessionData,
  },
  actors: {
    complete: fromPromise<SessionData, SocialCompletionRequest>(
      async ({ input, signal }) => (await accountService.googleCompleteRegistration(input, signal)).data,
    ),
  },
  actions: shownStateActions<CompletionField, SocialCompletionContext, SocialCompletionEvent>(),
  guards: {
    isValid: ({ context }) => parse(context).success,
  },
}).createMachine({
  id: 'socialCompletion',
  context: ({ input }) => initialCompletionContext(input.signup),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'role.change': {
          actions: assign({
            role: ({ event }) => event.role,
            touched: ({ context }) => touch(context.touched, 'role'),
            errors: [],
          }),
        },
        'field.change': {
          actions: assign(({ context, event }) => ({ ...context, [event.field]: event.value, errors: [] })),
        },
        'terms.change': {
          actions: assign({
            acceptTerms: ({ event }) => event.value,
            touched: ({ context }) => touch(context.touched, 'acceptTerms'),
            errors: [],
          }),
        },
        'field.blur': { actions: { type: 'touchField', params: ({ event }) => event } },
        'form.submit': [{ guard: 'isValid', target: 'submitting' }, { actions: 'touchAll' }],
      },
    },
    submitting: {
      tags: ['loading'],
      entry: ['touchAll', 'clearErrors'],
      invoke: {
        id: 'complete',
        src: 'complete',
        input: ({ context }) => parse(context).data!,
        onDone: { target: 'done', actions: assign({ session: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
      },
    },
    /** Registered and signed in: the output carries the session. */
    done: { type: 'final' },
  },
  output: ({ context }) => context.session!,
});

type Snapshot = {
  context: SocialCompletionContext;
  hasTag: (tag: 'loading') => boolean;
};

export const selectBusy = (s: Snapshot) => s.hasTag('loading');
/** Submit is disabled while the form is invalid or busy (spec 1 §5). */
export const selectCanSubmit = (s: Snapshot) => canSubmit(s.hasTag('loading'), parse(s.context).success);
/** Field errors shown: touched fields only, until a submit shows them all. */
export const selectFieldErrors = (s: Snapshot) => shownErrors(completionFieldErrors(s.context), s.context.touched, s.context.submitted);
export const selectError = (s: Snapshot) => s.context.errors[0] ?? null;
