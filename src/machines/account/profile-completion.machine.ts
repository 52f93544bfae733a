import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { CompletionStatus } from '../../contract/account.ts';
import { profileChanges } from '../../services/profile-changes.ts';
import { shellService } from '../../services/shell.ts';

/** The six sections of a job seeker profile, in the order the dashboard lists them. */
export const completionSections = [
  { key: 'profileComplete', label: 'Profile', href: '/user/settings/profile' },
  { key: 'educationComplete', label: 'Education', href: '/user/settings/education' },
  { key: 'skillsComplete', label: 'Skills', href: '/user/settings/skills' },
  { key: 'experienceComplete', label: 'Experience', href: '/user/settings/experience' },
  { key: 'preferencesComplete', label: 'Preferences', href: '/user/settings/preferences' },
  { key: 'documentsComplete', label: 'Documents', href: '/user/settings/documents' },
] as const satisfies ReadonlyArray<{ key: keyof CompletionStatus; label: string; href: string }>;

/**
 * How complete a job seeker's profile is (spec 1 §2: the navigation shows the percentage; the
 * dashboard lists what is missing). It reads the status again after every saved section.
 */
export const profileCompletionMachine = setup({
  types: {
    context: {} as { status: CompletionStatus | null },
    events: {} as { type: 'completion.reload' },
  },
  actors: {
    load: fromPromise<CompletionStatus>(async ({ signal }) => (await shellService.completionStatus(signal)).data),
    /** Saves of any profile section, from any page. */
    changes: fromCallback(({ sendBack }) => profileChanges.subscribe(() => sendBack({ type: 'completion.reload' }))),
  },
}).createMachine({
  id: 'profileCompletion',
  context: { status: null },
  invoke: { id: 'changes', src: 'changes' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'loaded', actions: assign({ status: ({ event }) => event.output }) },
        onError: { target: 'failed' },
      },
      // A save while a read is on its way may not be in it: read again.
      on: { 'completion.reload': { target: 'loading', reenter: true } },
    },
    loaded: { on: { 'completion.reload': 'loading' } },
    failed: { tags: ['error'], on: { 'completion.reload': 'loading' } },
  },
});

type Snapshot = { context: { status: CompletionStatus | null } };
/** The percentage, or null until it is known. */
export const selectPercentage = (s: Snapshot) => s.context.status?.completedPercentage ?? null;
export const selectStatus = (s: Snapshot) => s.context.status;
