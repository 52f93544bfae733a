import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import type { SentInvitationPage, SentInvitationsRequest } from '../../contract/suggestions.ts';
import {
  sentInvitationsMachine,
  type InviteJobOption,
  type SentInvitationsContext,
} from '../../machines/suggestions/sent-invitations.machine.ts';
import { after } from '../account/stories-support.tsx';
import { withRecruiter } from '../staff/stories-support.tsx';
import InvitesPage from './invites.view.tsx';
import { demoJobs, demoSent } from './suggestions-stories-support.ts';

/** A pretend server over the demo invitations: filters by job and status. */
const logic = sentInvitationsMachine.provide({
  actors: {
    load: fromPromise<SentInvitationPage, SentInvitationsRequest>(({ input }) => {
      const found = demoSent.filter((i) => (!input.jobId || i.job.id === input.jobId) && (!input.status || i.status === input.status));
      return after(500, { items: found, total: found.length, pageNumber: Number(input.pageNumber ?? 1), pageSize: 10 });
    }),
    loadJobs: fromPromise<InviteJobOption[]>(() => after(300, demoJobs)),
  },
});

const context = (c: Partial<SentInvitationsContext> = {}): SentInvitationsContext => ({
  query: { pageNumber: 1, jobId: null, status: null },
  invitations: demoSent,
  total: 14,
  loadError: null,
  jobs: demoJobs,
  ...c,
});
const at = (list: string, c: Partial<SentInvitationsContext> = {}) =>
  logic.resolveState({ value: { list, jobs: 'done' }, context: context(c) });

const meta = {
  title: 'Suggestions/Invitations sent',
  component: InvitesPage,
  decorators: [withRecruiter],
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/user/invites' },
} satisfies Meta<typeof InvitesPage>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;
const phone = { viewport: { value: 'iphonese2', isRotated: false } } as const;

/** From the start: loads, then filter by job and status. */
export const FromTheStart: Story = {};
/** list.loading. */
export const Loading: Story = { args: { snapshot: at('loading', { invitations: [], total: 0 }) } };
/** list.ready: every stage, two pages. */
export const Ready: Story = { args: { snapshot: at('ready') } };
export const ReadyDark: Story = { ...Ready, globals: dark };
/** Narrowed to the applied ones. */
export const Applied: Story = {
  args: {
    snapshot: at('ready', {
      query: { pageNumber: 1, jobId: null, status: 'applied' },
      invitations: demoSent.filter((i) => i.status === 'applied'),
      total: 1,
    }),
  },
};
/** Nothing sent yet. */
export const NoneYet: Story = { args: { snapshot: at('ready', { invitations: [], total: 0 }) } };
export const NoneYetDark: Story = { ...NoneYet, globals: dark };
/** list.failed. */
export const Failed: Story = { args: { snapshot: at('failed', { invitations: [], total: 0, loadError: 'Something went wrong!!!' }) } };
export const FailedDark: Story = { ...Failed, globals: dark };
/** On a phone: cards. */
export const Phone: Story = { args: { snapshot: at('ready') }, globals: phone };
export const PhoneDark: Story = { args: { snapshot: at('ready') }, globals: { ...phone, ...dark } };
