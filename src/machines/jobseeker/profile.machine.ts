import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages, type JobSeekerProfile } from '../../contract/account.ts';
import { ProfileMessages } from '../../contract/jobseeker.ts';
import { updateProfileSchema } from '../../contract/jobseeker-profile.ts';
import { jobSeekerProfileService } from '../../services/jobseeker-profile.ts';
import { profileChanges } from '../../services/profile-changes.ts';
import { canSubmit, formOf, validate, type FormEvent, type FormState } from '../form.ts';
import { readablePhone } from '../../lib/phone.ts';

export const profileFields = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;
export type ProfileField = (typeof profileFields)[number];

export interface ProfileContext extends FormState<ProfileField> {
  profile: JobSeekerProfile | null;
  /** What the last save said: saved, or where the confirmation link went. */
  message: string | null;
}

export type ProfileEvent = FormEvent<ProfileField> | { type: 'profile.retry' };
export type ProfileEmitted = { type: 'profile.saved'; profile: JobSeekerProfile; message: string };

const form = formOf<ProfileField, ProfileContext, ProfileEvent>(profileFields, (values) => validate(updateProfileSchema, values, profileFields));

const valuesOf = (p: JobSeekerProfile): Record<ProfileField, string> => ({
  firstName: p.firstName,
  lastName: p.lastName,
  // A pending change shows what the user asked for; the current address stays in force meanwhile.
  email: p.pendingEmail ?? p.email,
  phoneNumber: readablePhone(p.phoneNumber),
});

/**
 * The job seeker's personal details (spec 2 §3 "Job seeker profile"): loaded, edited with the
 * contract's rules, saved; a save tells the completion meter and the session (the name in the
 * navigation).
 */
export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    emitted: {} as ProfileEmitted,
  },
  actors: {
    load: fromPromise<JobSeekerProfile>(async ({ signal }) => (await jobSeekerProfileService.profile(signal)).data),
    save: fromPromise<{ profile: JobSeekerProfile; message: string }, Record<ProfileField, string>>(async ({ input, signal }) => {
      const res = await jobSeekerProfileService.updateProfile(input, signal);
      return { profile: res.data, message: res.message || ProfileMessages.profileSaved };
    }),
  },
  actions: {
    ...form.actions,
    announceChange: () => profileChanges.changed(),
  },
  guards: form.guards,
}).createMachine({
  id: 'jobSeekerProfile',
  context: { ...form.empty(), profile: null, message: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({ ...form.empty(valuesOf(event.output)), profile: event.output })),
        },
        onError: { target: 'loadFailed' },
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
            assign(({ event }) => ({ ...form.empty(valuesOf(event.output.profile)), profile: event.output.profile, message: event.output.message })),
            emit(({ event }) => ({ type: 'profile.saved' as const, ...event.output })),
            'announceChange',
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

type Snap = SnapshotFrom<typeof profileMachine>;

export const selectFieldErrors = (s: Snap) => form.visibleErrors(s.context);
/** Save is disabled while the form is invalid or busy (spec 1 §5). */
export const selectCanSubmit = (s: Snap) => canSubmit(!s.matches('editing'), form.isValid(s.context));
