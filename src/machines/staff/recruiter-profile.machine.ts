import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { recruiterDetailsSchema, StaffMessages, type RecruiterProfile } from '../../contract/staff.ts';
import { staffService } from '../../services/staff.ts';
import { canSubmit, formOf, messagesOf, validate, type FormEvent, type FormState } from '../form.ts';
import { detailFields, detailValuesOf, type DetailField } from './edit-recruiter.machine.ts';

export interface RecruiterProfileContext extends FormState<DetailField> {
  profile: RecruiterProfile | null;
  /** Why the details could not be read (e.g. "Invalid recruiter data received"). */
  loadError: string | null;
  /** What the last save said. */
  message: string | null;
}

export type RecruiterProfileEvent = FormEvent<DetailField> | { type: 'profile.retry' };
export type RecruiterProfileEmitted = { type: 'profile.saved'; profile: RecruiterProfile; message: string };

const form = formOf<DetailField, RecruiterProfileContext, RecruiterProfileEvent>(detailFields, (values) =>
  validate(recruiterDetailsSchema, values, detailFields),
);

/**
 * The recruiter's own details (spec 2 §7 GetRecruiter, UpdateRecruiter): loaded, edited with the
 * contract's rules, saved; a save tells the session (the name in the navigation).
 */
export const recruiterProfileMachine = setup({
  types: {
    context: {} as RecruiterProfileContext,
    events: {} as RecruiterProfileEvent,
    emitted: {} as RecruiterProfileEmitted,
  },
  actors: {
    load: fromPromise<RecruiterProfile>(async ({ signal }) => (await staffService.recruiter(signal)).data),
    save: fromPromise<{ profile: RecruiterProfile; message: string }, Record<DetailField, string>>(async ({ input, signal }) => {
      const res = await staffService.updateRecruiter(input, signal);
      return { profile: res.data, message: res.message || StaffMessages.profileSaved };
    }),
  },
  actions: form.actions,
  guards: form.guards,
}).createMachine({
  id: 'recruiterProfile',
  context: { ...form.empty(), profile: null, loadError: null, message: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ loadError: null }),
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({ ...form.empty(detailValuesOf(event.output)), profile: event.output })),
        },
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => messagesOf(event.error, AccountMessages.generic)[0]! }) },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'profile.retry': 'loading' },
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
            assign(({ event }) => ({ ...form.empty(detailValuesOf(event.output.profile)), profile: event.output.profile, message: event.output.message })),
            emit(({ event }) => ({ type: 'profile.saved' as const, ...event.output })),
          ],
        },
        onError: { target: 'editing.failed', actions: assign(({ event }) => form.failure(event.error, AccountMessages.generic)) },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof recruiterProfileMachine>;

export const selectProfileErrors = (s: Snap) => form.visibleErrors(s.context);
/** Save is disabled while the form is invalid or busy (spec 1 §5). */
export const selectCanSaveProfile = (s: Snap) => canSubmit(!s.matches('editing'), form.isValid(s.context));
