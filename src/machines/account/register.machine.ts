import { assign, emit, fromPromise, setup } from 'xstate';
import { registerFormSchema, type BusinessVerificationRequest, type register } from '../../contract/account.ts';
import type { BodyOf } from '../../contract/endpoint.ts';
import { RegisterRole } from '../../contract/roles.ts';
import { accountService } from '../../services/account.ts';
import { verificationRequestStore } from '../../services/verification-request-store.ts';
import { canSubmit, shownErrors, shownStateActions, touch, validate, type FieldErrors, type ShownState } from '../form.ts';
import { errorsOf, verificationRequestOf } from './api-errors.ts';

export type RegisterRoleCode = (typeof RegisterRole)[keyof typeof RegisterRole];
export type RegisterTextField =
  'firstName' | 'lastName' | 'email' | 'password' | 'confirmPassword' | 'companyName' | 'companyTin' | 'dateOfBirth';
export type RegisterField = RegisterTextField | 'role' | 'acceptTerms';
export type RegisterRequest = BodyOf<typeof register>;

export interface RegisterValues extends Record<RegisterTextField, string> {
  role: RegisterRoleCode | null;
  acceptTerms: boolean;
}

export interface RegisterContext extends ShownState<RegisterField> {
  values: RegisterValues;
}

export type RegisterEvent =
  | { type: 'field.change'; field: RegisterTextField; value: string }
  | { type: 'field.blur'; field: RegisterField }
  | { type: 'role.change'; role: RegisterRoleCode }
  | { type: 'terms.change'; value: boolean }
  | { type: 'register.submit' };

export type RegisterEmitted = { type: 'navigate'; to: string };

/** What registration answered: employers get no data and the request to verify their business. */
export interface RegisterOutcome {
  data: null;
  request: BusinessVerificationRequest | null;
}

export const emptyRegisterValues: RegisterValues = {
  role: null,
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  companyName: '',
  companyTin: '',
  dateOfBirth: '',
  acceptTerms: false,
};

export const initialRegisterContext: RegisterContext = {
  values: emptyRegisterValues,
  touched: {},
  submitted: false,
  errors: [],
};

const parseForm = (v: RegisterValues) => registerFormSchema.safeParse(v);

/** Every field error of the form as it stands, whether shown yet or not. */
export const registerFieldErrors = (v: RegisterValues): FieldErrors<RegisterField> => validate(registerFormSchema, v);

/** The register payload (spec 1 §3): employers send their business, job seekers their date of birth. */
export function toRegisterRequest(v: RegisterValues): RegisterRequest {
  const form = parseForm(v);
  if (!form.success) throw new Error('The register form is not valid');
  const { role, firstName, lastName, email, password } = form.data;
  const common = { role, firstName, lastName, email, password, acceptTerms: true as const };
  return role === RegisterRole.Employer
    ? { ...common, companyName: v.companyName.trim(), companyTin: v.companyTin.trim() }
    : { ...common, dateOfBirth: v.dateOfBirth };
}

export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
    emitted: {} as RegisterEmitted,
  },
  actors: {
    register: fromPromise<RegisterOutcome, RegisterRequest>(async ({ input, signal }) => {
      const res = await accountService.register(input, signal);
      return { data: res.data, request: verificationRequestOf(res) };
    }),
  },
  actions: {
    ...shownStateActions<RegisterField, RegisterContext, RegisterEvent>(),
    saveVerificationRequest: (_, params: { request: BusinessVerificationRequest }) => verificationRequestStore.save(params.request),
  },
  guards: {
    isValid: ({ context }) => parseForm(context.values).success,
    needsBusinessVerification: (_, outcome: RegisterOutcome) => !outcome.data && !!outcome.request,
  },
}).createMachine({
  id: 'register',
  context: initialRegisterContext,
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign({ values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }) }),
        },
        'field.blur': { actions: { type: 'touchField', params: ({ event }) => event } },
        'role.change': {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, role: event.role }),
            touched: ({ context }) => touch(context.touched, 'role'),
          }),
        },
        'terms.change': {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, acceptTerms: event.value }),
            touched: ({ context }) => touch(context.touched, 'acceptTerms'),
          }),
        },
        'register.submit': [{ guard: 'isValid', target: 'submitting' }, { actions: 'touchAll' }],
      },
    },
    submitting: {
      tags: ['loading'],
      entry: ['touchAll', 'clearErrors'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => toRegisterRequest(context.values),
        onDone: [
          {
            // Employers verify their business next (spec 1 §4).
            guard: { type: 'needsBusinessVerification', params: ({ event }) => event.output },
            target: 'verifyingBusiness',
            actions: [
              { type: 'saveVerificationRequest', params: ({ event }) => ({ request: event.output.request! }) },
              emit({ type: 'navigate', to: '/business-validation' }),
            ],
          },
          { target: 'registered' },
        ],
        onError: { target: 'editing', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
      },
    },
    /** The success view: instructions were emailed. */
    registered: { type: 'final' },
    /** An employer sent to business verification; busy until the page has gone. */
    verifyingBusiness: { type: 'final', tags: ['loading'] },
  },
});

type Snapshot = { context: RegisterContext; hasTag: (tag: 'loading') => boolean };

export const selectBusy = (s: Snapshot) => s.hasTag('loading');
/** Submit is disabled while the form is invalid or busy (spec 1 §5). */
export const selectCanSubmit = (s: Snapshot) => canSubmit(s.hasTag('loading'), parseForm(s.context.values).success);
/** Field errors shown: touched fields only, until a submit shows them all. */
export const selectFieldErrors = (s: Snapshot) =>
  shownErrors(registerFieldErrors(s.context.values), s.context.touched, s.context.submitted);
export const selectErrors = (s: Snapshot) => s.context.errors;
export const selectRole = (s: Snapshot) => s.context.values.role;
