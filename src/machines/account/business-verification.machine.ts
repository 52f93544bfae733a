import { assign, fromPromise, setup } from 'xstate';
import {
  AccountMessages,
  verifyBusinessRequestSchema,
  type BusinessVerificationRequest,
  type VerifyBusinessRequest,
} from '../../contract/account.ts';
import { accountService } from '../../services/account.ts';
import { verificationRequestStore } from '../../services/verification-request-store.ts';
import { canSubmit, shownErrors, shownStateActions, validate, type FieldErrors, type FormEvent, type ShownState } from '../form.ts';
import { errorsOf } from './api-errors.ts';

export type BusinessField = 'email' | 'businessName' | 'businessTin';
const FIELDS: readonly BusinessField[] = ['email', 'businessName', 'businessTin'];

export interface BusinessVerificationContext extends ShownState<BusinessField> {
  values: Record<BusinessField, string>;
  /** True when the email came with the stored request; the form then does not ask for it. */
  emailKnown: boolean;
  /** What the server said when the business was verified. */
  message: string | null;
}

export type BusinessVerificationEvent = FormEvent<BusinessField>;

export interface BusinessVerificationInput {
  /** The request to prefill from; read from the verification request store when not given. */
  request?: BusinessVerificationRequest | null;
}

const parse = (c: Pick<BusinessVerificationContext, 'values'>) => verifyBusinessRequestSchema.safeParse(c.values);

/** Every field error of the form as it stands, shown or not. */
export const businessFieldErrors = (c: Pick<BusinessVerificationContext, 'values'>): FieldErrors<BusinessField> =>
  validate(verifyBusinessRequestSchema, c.values, FIELDS);

export function initialBusinessContext(request: BusinessVerificationRequest | null): BusinessVerificationContext {
  return {
    values: {
      email: request?.email ?? '',
      businessName: request?.businessName ?? '',
      businessTin: request?.businessTin ?? '',
    },
    emailKnown: !!request?.email,
    touched: {},
    submitted: false,
    errors: [],
    message: null,
  };
}

/** Business verification (spec 1 §2, §4): prefilled from the stored request, which success clears. */
export const businessVerificationMachine = setup({
  types: {
    context: {} as BusinessVerificationContext,
    events: {} as BusinessVerificationEvent,
    input: {} as BusinessVerificationInput | undefined,
  },
  actors: {
    verify: fromPromise<string, VerifyBusinessRequest>(
      async ({ input, signal }) => (await accountService.verifyBusiness(input, signal)).data,
    ),
  },
  actions: {
    ...shownStateActions<BusinessField, BusinessVerificationContext, BusinessVerificationEvent>(),
    clearRequest: () => verificationRequestStore.clear(),
  },
  guards: {
    isValid: ({ context }) => parse(context).success,
  },
}).createMachine({
  id: 'businessVerification',
  context: ({ input }) => initialBusinessContext(input?.request !== undefined ? input.request : verificationRequestStore.read()),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }),
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
        id: 'verify',
        src: 'verify',
        input: ({ context }) => parse(context).data!,
        onDone: {
          target: 'verified',
          actions: ['clearRequest', assign({ message: ({ event }) => event.output || AccountMessages.businessVerified })],
        },
        onError: { target: 'editing', actions: assign({ errors: ({ event }) => errorsOf(event.error) }) },
      },
    },
    /** The business is verified: the user may now log in. */
    verified: {},
  },
});

type Snapshot = {
  context: BusinessVerificationContext;
  hasTag: (tag: 'loading') => boolean;
  matches: (value: 'editing' | 'submitting' | 'verified') => boolean;
};

export const selectBusy = (s: Snapshot) => s.hasTag('loading');
export const selectVerified = (s: Snapshot) => s.matches('verified');
/** Submit is disabled while the form is invalid or busy (spec 1 §5). */
export const selectCanSubmit = (s: Snapshot) => canSubmit(s.hasTag('loading'), parse(s.context).success);
/** Field errors shown: touched fields only, until a submit shows them all. */
export const selectFieldErrors = (s: Snapshot) => shownErrors(businessFieldErrors(s.context), s.context.touched, s.context.submitted);
/** The first message, and whether more followed (then a contact-support link is added, spec 1 §8). */
export const selectFailure = (s: Snapshot) =>
  s.context.errors.length ? { message: s.context.errors[0]!, contactSupport: s.context.errors.length > 1 } : null;
