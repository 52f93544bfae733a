import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { SuggestionMessages, type SuggestedSeekerPage } from '../../contract/suggestions.ts';
import {
  suggestedSeekersMachine,
  type InviteAnswer,
  type SuggestedSeekersContext,
} from '../../machines/suggestions/suggested-seekers.machine.ts';
import { after } from '../account/stories-support.tsx';
import { withRecruiter } from '../staff/stories-support.tsx';
import { SuggestedSeekersPanel } from './suggested-seekers-panel.tsx';
import { demoJob, demoSeekers, inviteResults, suggestedPage } from './suggestions-stories-support.ts';

/** A pretend server: the demo seekers (23 in all, two more pages of the same); invitations take a moment and stick. */
function pretendServer() {
  let seekers = demoSeekers;
  return suggestedSeekersMachine.provide({
    actors: {
      load: fromPromise<SuggestedSeekerPage, { jobId: string; pageNumber: number }>(({ input }) =>
        after(500, suggestedPage(seekers, 23, input.pageNumber)),
      ),
      inviteOne: fromPromise<InviteAnswer, { jobId: string; jobSeekerId: string }>(({ input }) => {
        const results = inviteResults([input.jobSeekerId], seekers);
        seekers = seekers.map((s) => (s.id === input.jobSeekerId ? { ...s, invitedAt: results[0]!.invitedAt } : s));
        return after(700, { results, message: SuggestionMessages.invited });
      }),
      inviteMany: fromPromise<InviteAnswer, { jobId: string; jobSeekerIds: string[] }>(({ input }) => {
        const results = inviteResults(input.jobSeekerIds, seekers);
        seekers = seekers.map((s) => ({ ...s, invitedAt: results.find((r) => r.jobSeekerId === s.id)?.invitedAt ?? s.invitedAt }));
        return after(900, { results, message: `${input.jobSeekerIds.length} invitations are sent.` });
      }),
    },
  });
}
const logic = pretendServer();

const context = (c: Partial<SuggestedSeekersContext> = {}): SuggestedSeekersContext => ({
  jobId: demoJob.id,
  jobTitle: demoJob.title,
  pageNumber: 1,
  seekers: demoSeekers,
  total: 23,
  selected: [],
  inviting: null,
  outcomes: {},
  notice: null,
  loadError: null,
  ...c,
});
const at = (value: string, c: Partial<SuggestedSeekersContext> = {}) => logic.resolveState({ value, context: context(c) });
const [priya, elena] = demoSeekers as [(typeof demoSeekers)[number], (typeof demoSeekers)[number]];

const meta = {
  title: 'Suggestions/Suggested job seekers',
  component: SuggestedSeekersPanel,
  decorators: [withRecruiter],
  args: { jobId: demoJob.id, onClose: () => {}, logic },
  parameters: { layout: 'fullscreen', route: `/user/applicants?jobId=${demoJob.id}`, docs: { story: { height: '900px' } } },
} satisfies Meta<typeof SuggestedSeekersPanel>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: loads, then invite one or choose several and invite them at once. */
export const FromTheStart: Story = {};
/** loading. */
export const Loading: Story = { args: { snapshot: at('loading', { seekers: [], total: 0 }) } };
/** ready: best match first, one invited before. */
export const Ready: Story = { args: { snapshot: at('ready') } };
export const ReadyDark: Story = { ...Ready, globals: dark };
/** ready with two chosen. */
export const Selected: Story = { args: { snapshot: at('ready', { selected: [priya.id, elena.id] }) } };
export const SelectedDark: Story = { ...Selected, globals: dark };
/** invitingMany: the two chosen on their way. */
export const InvitingSelected: Story = { args: { snapshot: at('invitingMany', { selected: [priya.id, elena.id] }) } };
/** invitingOne. */
export const InvitingOne: Story = { args: { snapshot: at('invitingOne', { inviting: priya.id }) } };
/** After inviting: the rows say so, and the notice tells what was sent. */
export const Invited: Story = {
  args: {
    snapshot: at('ready', {
      seekers: demoSeekers.map((s, i) => (i < 2 ? { ...s, invitedAt: '2026-03-15T10:00:00.000Z' } : s)),
      outcomes: { [priya.id]: 'invited', [elena.id]: 'invited' },
      notice: { message: '2 invitations are sent.', failed: false },
    }),
  },
};
export const InvitedDark: Story = { ...Invited, globals: dark };
/** A refusal: the seeker applied meanwhile. */
export const Refused: Story = {
  args: {
    snapshot: at('ready', {
      outcomes: { [elena.id]: 'alreadyApplied' },
      notice: { message: SuggestionMessages.alreadyApplied, failed: true },
    }),
  },
};
/** Nobody matches the job yet. */
export const NoMatches: Story = { args: { snapshot: at('ready', { seekers: [], total: 0 }) } };
export const NoMatchesDark: Story = { ...NoMatches, globals: dark };
/** failed: the list could not be read. */
export const Failed: Story = { args: { snapshot: at('failed', { seekers: [], total: 0, loadError: 'Something went wrong!!!' }) } };
export const FailedDark: Story = { ...Failed, globals: dark };
/** On a phone. */
export const Phone: Story = { args: { snapshot: at('ready') }, globals: { viewport: { value: 'iphonese2', isRotated: false } } };
