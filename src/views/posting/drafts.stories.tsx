import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { PostingMessages } from '../../contract/posting.ts';
import { draftsMachine, type DraftPage, type DraftsContext } from '../../machines/posting/drafts.machine.ts';
import { after, never } from '../account/stories-support.tsx';
import { withEmployer } from '../company/stories-support.tsx';
import DraftsPage from './drafts.view.tsx';
import { sampleSummaries } from './stories-support.tsx';

const all = sampleSummaries(23);

/** A server that answers after a moment: search by title, pages of 10, deletes and new drafts. */
const logic = draftsMachine.provide({
  actors: {
    list: fromPromise<DraftPage, { page: number; search: string }>(({ input }) => {
      const found = all.filter((d) => d.title.toLowerCase().includes(input.search.trim().toLowerCase()));
      return after(500, { items: found.slice((input.page - 1) * 10, input.page * 10), total: found.length });
    }),
    remove: fromPromise<string, { id: string }>(() => after(600, PostingMessages.draftDeleted)),
    create: fromPromise<string, { title: string }>(() => never()),
  },
});

const context = (c: Partial<DraftsContext> = {}): DraftsContext => ({
  page: 1,
  search: '',
  items: all.slice(0, 10),
  total: all.length,
  loadError: null,
  target: null,
  notice: null,
  actionError: null,
  title: '',
  titleError: null,
  createError: null,
  ...c,
});
const at = (list: string, dialog: string, c: Partial<DraftsContext> = {}) =>
  logic.resolveState({ value: { list, dialog } as never, context: context(c) });

const meta = {
  title: 'Posting/Job post drafts',
  component: DraftsPage,
  decorators: [withEmployer],
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/user/jobpost-create' },
} satisfies Meta<typeof DraftsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** From the start: loading, then the first page. Search, page, delete or start a new job post. */
export const FromTheStart: Story = {};

/** list.loading: the first page is read. */
export const Loading: Story = { args: { snapshot: at('loading', 'closed', { items: [], total: 0 }) } };

/** list.failed: the drafts could not be read. */
export const LoadFailed: Story = {
  args: { snapshot: at('failed', 'closed', { items: [], total: 0, loadError: 'Something went wrong!!!' }) },
};

/** list.ready: page 1 of 3. */
export const Ready: Story = { args: { snapshot: at('ready', 'closed') } };

export const ReadyDark: Story = { ...Ready, globals: dark };

/** list.ready on the last page. */
export const LastPage: Story = { args: { snapshot: at('ready', 'closed', { page: 3, items: all.slice(20) }) } };

/** list.ready without any draft. */
export const Empty: Story = { args: { snapshot: at('ready', 'closed', { items: [], total: 0 }) } };

/** list.waiting: a search typed, read once typing pauses. */
export const Searching: Story = { args: { snapshot: at('waiting', 'closed', { search: 'fork' }) } };

/** list.ready: a search found nothing. */
export const NoMatch: Story = { args: { snapshot: at('ready', 'closed', { search: 'astronaut', items: [], total: 0 }) } };

/** dialog.confirming: delete asks first. */
export const Confirming: Story = { args: { snapshot: at('ready', 'confirming', { target: all[0]! }) } };

export const ConfirmingDark: Story = { ...Confirming, globals: dark };

/** dialog.deleting. */
export const Deleting: Story = { args: { snapshot: at('ready', 'deleting', { target: all[0]! }) } };

/** The draft is deleted. */
export const Deleted: Story = {
  args: { snapshot: at('ready', 'closed', { notice: PostingMessages.draftDeleted, items: all.slice(1, 11), total: 22 }) },
};

/** The delete failed. */
export const DeleteFailed: Story = { args: { snapshot: at('ready', 'closed', { actionError: PostingMessages.draftNotFound }) } };

/** dialog.naming: the new job post's title. */
export const Naming: Story = { args: { snapshot: at('ready', 'naming') } };

export const NamingDark: Story = { ...Naming, globals: dark };

/** dialog.naming with a title too short. */
export const NamingInvalid: Story = { args: { snapshot: at('ready', 'naming', { title: 'Dock', titleError: PostingMessages.title }) } };

/** dialog.creating: the draft is being made. */
export const Creating: Story = { args: { snapshot: at('ready', 'creating', { title: 'Dock Worker' }) } };

/** dialog.created: the wizard opens with the new draft. */
export const Created: Story = { args: { snapshot: at('ready', 'created', { title: 'Dock Worker' }) } };
