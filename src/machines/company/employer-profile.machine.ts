import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { CompanyMessages } from '../../contract/company.ts';
import { modifyEmployerSchema, type Employer } from '../../contract/employer.ts';
import { employerService } from '../../services/employer.ts';
import { canSubmit, formOf, validate, type FormEvent, type FormState } from '../form.ts';
import { readablePhone } from '../../lib/phone.ts';

export const employerFields = ['firstName', 'lastName', 'phoneNumber'] as const;
export type EmployerField = (typeof employerFields)[number];

export interface EmployerProfileContext extends FormState<EmployerField> {
  employer: Employer | null;
  message: string | null;
}

export type EmployerProfileEvent = FormEvent<EmployerField> | { type: 'employer.retry' };
export type EmployerProfileEmitted = { type: 'employer.saved'; employer: Employer; message: string };

const form = formOf<EmployerField, EmployerProfileContext, EmployerProfileEvent>(employerFields, (values) =>
  validate(modifyEmployerSchema, values, employerFields),
);

const valuesOf = (e: Employer): Record<EmployerField, string> => ({
  firstName: e.firstName,
  lastName: e.lastName,
  phoneNumber: readablePhone(e.phoneNumber),
});

/**
 * The employer's own details (spec 2 §7 GetEmployer, ModifyEmployer): name and phone, with the
 * contract's rules; a save tells the session (the name in the navigation).
 */
export const employerProfileMachine = setup({
  types: {
    context: {} as EmployerProfileContext,
    events: {} as EmployerProfileEvent,
    emitted: {} as EmployerProfileEmitted,
  },
  actors: {
    load: fromPromise<Employer>(async ({ signal }) => (await employerService.employer(signal)).data),
    save: fromPromise<{ employer: Employer; message: string }, Record<EmployerField, string>>(async ({ input, signal }) => {
      const res = await employerService.modifyEmployer(input, signal);
      return { employer: res.data, message: res.message || CompanyMessages.employerSaved };
    }),
  },
  actions: form.actions,
  guards: form.guards,
}).createMachine({
  id: 'employerProfile',
  context: { ...form.empty(), employer: null, message: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'editing', actions: assign(({ event }) => ({ ...form.empty(valuesOf(event.output)), employer: event.output })) },
        onError: { target: 'loadFailed' },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'employer.retry': 'loading' },
    },
    editing: {
      initial: 'idle',
      on: {
        'field.change': { target: '.idle', actions: ['changeField', assign({ message: null })] },
        'field.blur': { actions: 'touchField' },
        'form.submit': [{ guard: 'isValid', target: 'saving' }, { actions: 'touchAll' }],
      },
      states: {
        idle: {},
        saved: {},
        failed: {
          tags: ['error'],
          always: { guard: 'nothingToShow', target: 'idle' },
        },
      },
    },
    saving: {
      tags: ['busy'],
      entry: ['clearFailure', assign({ message: null })],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => context.values,
        onDone: {
          target: 'editing.saved',
          actions: [
            assign(({ event }) => ({ ...form.empty(valuesOf(event.output.employer)), employer: event.output.employer, message: event.output.message })),
            emit(({ event }) => ({ type: 'employer.saved' as const, ...event.output })),
          ],
        },
        onError: {
          target: 'editing.failed',
          actions: assign(({ event }) => form.failure(event.error, AccountMessages.generic)),
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof employerProfileMachine>;
export const selectFieldErrors = (s: Snap) => form.visibleErrors(s.context);
export const selectCanSubmit = (s: Snap) => canSubmit(!s.matches('editing'), form.isValid(s.context));
