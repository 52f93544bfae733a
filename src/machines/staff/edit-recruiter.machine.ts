import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { recruiterDetailsSchema, type Recruiter } from '../../contract/staff.ts';
import { readablePhone } from '../../lib/phone.ts';
import { staffService } from '../../services/staff.ts';
import { canSubmit, formOf, validate, type FormEvent, type FormState } from '../form.ts';

export const detailFields = ['firstName', 'lastName', 'jobTitle', 'phoneNumber'] as const;
export type DetailField = (typeof detailFields)[number];

export interface EditedRecruiter {
  recruiter: Recruiter;
  message: string;
}

export interface EditRecruiterContext extends FormState<DetailField> {
  /** The recruiter being edited, named by their email. */
  email: string;
}
export type EditRecruiterEvent = FormEvent<DetailField>;
export type EditRecruiterEmitted = { type: 'recruiter.saved' } & EditedRecruiter;

const form = formOf<DetailField, EditRecruiterContext, EditRecruiterEvent>(detailFields, (values) =>
  validate(recruiterDetailsSchema, values, detailFields),
);

/** A recruiter's details as the form shows them. */
export const detailValuesOf = (r: {
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  phoneNumber: string | null;
}): Record<DetailField, string> => ({
  firstName: r.firstName,
  lastName: r.lastName,
  jobTitle: r.jobTitle ?? '',
  phoneNumber: readablePhone(r.phoneNumber),
});

/**
 * The employer's edit dialog for one recruiter: name, job title and phone, with the contract's
 * rules. A save is announced to the staff list and ends the dialog.
 */
export const editRecruiterMachine = setup({
  types: {
    context: {} as EditRecruiterContext,
    input: {} as Recruiter,
    events: {} as EditRecruiterEvent,
    emitted: {} as EditRecruiterEmitted,
  },
  actors: {
    save: fromPromise<EditedRecruiter, Record<DetailField, string> & { email: string }>(async ({ input, signal }) => {
      const res = await staffService.edit(input, signal);
      return { recruiter: res.data.recruiter, message: res.message };
    }),
  },
  actions: form.actions,
  guards: form.guards,
}).createMachine({
  id: 'editRecruiter',
  context: ({ input }) => ({ ...form.empty(detailValuesOf(input)), email: input.email }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      on: {
        'field.change': { target: '.idle', actions: { type: 'changeField', params: ({ event }) => event } },
        'field.blur': { actions: { type: 'touchField', params: ({ event }) => event } },
        'form.submit': [{ guard: 'isValid', target: 'saving' }, { actions: 'touchAll' }],
      },
      states: {
        idle: {},
        failed: {
          tags: ['error'],
          always: { guard: 'nothingToShow', target: 'idle' },
        },
      },
    },
    saving: {
      tags: ['busy'],
      entry: 'clearFailure',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ ...context.values, email: context.email }),
        onDone: { target: 'saved', actions: emit(({ event }) => ({ type: 'recruiter.saved' as const, ...event.output })) },
        onError: { target: 'editing.failed', actions: assign(({ event }) => form.failure(event.error, AccountMessages.generic)) },
      },
    },
    saved: { type: 'final' },
  },
});

type Snap = SnapshotFrom<typeof editRecruiterMachine>;

export const selectEditErrors = (s: Snap) => form.visibleErrors(s.context);
/** Save is disabled while the form is invalid or busy (spec 1 §5). */
export const selectCanSave = (s: Snap) => canSubmit(!s.matches('editing'), form.isValid(s.context));
