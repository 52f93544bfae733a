import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import type { SeekerInvitationPage } from '../../contract/suggestions.ts';
import { seekerInvitationsMachine } from '../../machines/suggestions/seeker-invitations.machine.ts';
import { after } from '../account/stories-support.tsx';
import { withJobSeeker } from '../jobseeker/stories-support.tsx';
import { InvitationsCard } from './invitations-card.tsx';
import { demoSeekerInvitations } from './suggestions-stories-support.ts';

const page: SeekerInvitationPage = { items: demoSeekerInvitations, total: 7, pageNumber: 1, pageSize: 5 };
const logic = seekerInvitationsMachine.provide({ actors: { load: fromPromise(() => after(500, page)) } });
const at = (value: string, p: SeekerInvitationPage | null = page) => logic.resolveState({ value, context: { page: p } });

const meta = {
  title: 'Suggestions/Dashboard invitations',
  component: InvitationsCard,
  decorators: [withJobSeeker],
  args: { logic },
  parameters: { layout: 'padded', route: '/user/dashboard' },
} satisfies Meta<typeof InvitationsCard>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: loads the newest five. */
export const FromTheStart: Story = {};
/** loading. */
export const Loading: Story = { args: { snapshot: at('loading', null) } };
/** loaded: sent, viewed and applied, one job closed since. */
export const Loaded: Story = { args: { snapshot: at('loaded') } };
export const LoadedDark: Story = { ...Loaded, globals: dark };
/** failed, with a retry. */
export const Failed: Story = { args: { snapshot: at('failed', null) } };
export const FailedDark: Story = { ...Failed, globals: dark };
/** No invitations: the card is not shown at all. */
export const None: Story = { args: { snapshot: at('loaded', { items: [], total: 0, pageNumber: 1, pageSize: 5 }) } };
